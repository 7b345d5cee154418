import XCTest
import Dispatch
import Foundation
import RxModal

/// When answers come, and the dismiss contract: exactly one callback unless
/// dismissed first, none after dismiss returns.
final class ScriptedPresentationLifecycleTests: RxTestCase {
    private let queueKey = DispatchSpecificKey<String>()

    private func surface(_ json: String) throws -> ScriptedSurface {
        let queue = DispatchQueue(label: "test.scripted")
        queue.setSpecific(key: queueKey, value: "scripted")
        return ScriptedSurface(script: try SurfaceScript(json: json), queue: queue)
    }

    func testTheAnswerComesOnTheSurfaceQueue() throws {
        let surface = try surface(#"[{"choose": 0}]"#)
        let onQueue = DispatchSemaphore(value: 0)
        let key = queueKey
        let presentation = try surface.show(spec: Specs.share, onResult: { _ in
            if DispatchQueue.getSpecific(key: key) == "scripted" { onQueue.signal() }
        }, onError: { _ in })
        XCTAssertEqual(onQueue.wait(timeout: .now() + 5), .success)
        surface.dismiss(presentation)
    }

    func testNoAnswerBeforeShowReturnsEvenWhenTheQueueIsIdle() throws {
        // The surface's queue is idle, so the answer is due at once; it must
        // still wait for show to return (the probe runs on the queue).
        let surface = try surface(#"[{"choose": 0}, {"choose": 1}]"#)
        for _ in 0..<50 {
            let probe = PresentationProbe()
            let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
            XCTAssertFalse(probe.wasCalled(on: pthread_self()))
            XCTAssertNotNil(probe.wait())
            surface.dismiss(presentation)
        }
    }

    func testStayOpenNeverAnswersAndStaysUntilDismissed() throws {
        let surface = try surface(#"[{"stayOpen": true}]"#)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.signIn, onResult: probe.onResult, onError: probe.onError)
        surface.drain()
        XCTAssertEqual(probe.all.count, 0)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)
        surface.dismiss(presentation)
        surface.drain()
        XCTAssertEqual(probe.all.count, 0)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], true)
        XCTAssertNil(surface.transcript[ifPresent: 0]?["result"])
    }

    func testStayOpenStillChecksItsExpectation() throws {
        let surface = try surface(#"[{"expect": {"title": "Other"}, "stayOpen": true}]"#)
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 1, containing: #"expected title "Other""#)
    }

    func testDismissBeforeTheAnswerMeansNoCallback() throws {
        let surface = try surface(#"[{"choose": 0}]"#)
        let probe = PresentationProbe()
        surface.queue.suspend()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        surface.dismiss(presentation)
        surface.queue.resume()
        surface.drain()
        XCTAssertEqual(probe.all.count, 0)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], true)
        XCTAssertNil(surface.transcript[ifPresent: 0]?["answeredAt"])
    }

    func testAfterMillisecondsDelaysTheAnswer() throws {
        let surface = try surface(#"[{"choose": 1, "afterMilliseconds": 300}]"#)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        surface.drain()
        XCTAssertEqual(probe.all.count, 0, "answered before its delay")
        XCTAssertEqual(probe.wait(), .success(["action": 1, "textFields": []]))
        surface.dismiss(presentation)
    }

    func testTheAnswerFollowsTheSpecAsUpdatedBeforeItIsDue() throws {
        let surface = try surface(#"[{"expect": {"title": "Account"}, "choose": "Delete Account"}]"#)
        let probe = PresentationProbe()
        surface.queue.suspend()
        let presentation = try surface.show(spec: Specs.signIn, onResult: probe.onResult, onError: probe.onError)
        try surface.update(presentation, patch: [
            "title": "Account",
            "actions": [["title": "Cancel", "style": "cancel"], ["title": "Delete Account", "style": "destructive"]],
        ])
        surface.queue.resume()
        XCTAssertEqual(probe.wait(), .success(["action": 1, "textFields": ["", "old"]]))
        surface.dismiss(presentation)
    }

    func testUpdateOfADismissedPresentationAndInvalidPatchesThrow() throws {
        let surface = try surface(#"[{"stayOpen": true}]"#)
        let presentation = try surface.show(spec: Specs.signIn, onResult: { _ in }, onError: { _ in })
        XCTAssertInvalidArgument(try surface.update(presentation, patch: ["actions": []]), method: "update",
                                 reason: "patch.actions: a dialog needs at least one action")
        surface.dismiss(presentation)
        XCTAssertThrowsError(try surface.update(presentation, patch: ["title": "x"])) { error in
            guard case ModalError.invalidArgument("update", let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.contains("is not shown on this surface"), reason)
        }
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["updates"], [])
    }

    func testAnInvalidSpecShowsNothingAndTakesNoStep() throws {
        let surface = try surface(#"[{"choose": 0}]"#)
        XCTAssertThrowsError(try surface.show(spec: ["primitive": "dialog", "style": "alert", "actions": []],
                                              onResult: { _ in }, onError: { _ in }))
        XCTAssertEqual(surface.transcript, [])
        XCTAssertEqual(try surface.answer(Specs.share), .success(["action": 0, "textFields": []]))
    }

    func testASecondDismissIsCountedAndOtherwiseIgnored() throws {
        let surface = try surface(#"[{"choose": 0}]"#)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        XCTAssertNotNil(probe.wait())
        surface.dismiss(presentation)
        surface.dismiss(presentation)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 2)
        XCTAssertEqual(probe.all.count, 1)
    }

    func testAPresentationFromAnotherSurfaceIsIgnored() throws {
        let surface = try surface(#"[{"stayOpen": true}]"#)
        let presentation = try surface.show(spec: Specs.share, onResult: { _ in }, onError: { _ in })
        let other = ScriptedSurface(script: SurfaceScript(steps: []))
        other.dismiss(presentation)
        XCTAssertThrowsError(try other.update(presentation, patch: ["title": "x"]))
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)
        surface.dismiss(presentation)
    }

    func testDismissFromInsideTheCallbackDoesNotWaitForItself() throws {
        let surface = try surface(#"[{"choose": 1}]"#)
        let done = DispatchSemaphore(value: 0)
        let holder = PresentationHolder()
        holder.presentation = try surface.show(spec: Specs.share, onResult: { _ in
            surface.dismiss(holder.presentation!)
            done.signal()
        }, onError: { _ in })
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        let entry = try XCTUnwrap(surface.transcript.first)
        XCTAssertEqual(entry["dismissed"], true)
        XCTAssertLessThan(entry["answeredAt"]!.intValue!, entry["dismissedAt"]!.intValue!)
    }

    /// A second thread dismisses while the answer is being delivered: no callback
    /// may start, or still run, after dismiss returns; never two callbacks.
    func testNoCallbackAfterDismissReturnsWhileRacingTheAnswer() throws {
        let iterations = 300
        let surface = ScriptedSurface(script: try SurfaceScript(json: ModalValue.array(Array(repeating: ["choose": 0], count: iterations)).json))
        let dismisser = DispatchQueue(label: "test.dismisser")
        let races = (0..<iterations).map { _ in RaceRecord() }
        for (index, race) in races.enumerated() {
            let presentation = try surface.show(spec: Specs.share, onResult: { _ in race.callback() }, onError: { _ in race.callback() })
            // Vary the moment of the dismissal relative to the answer.
            dismisser.async {
                if index % 3 == 1 { usleep(UInt32(index % 7) * 10) }
                surface.dismiss(presentation)
                race.dismissReturned()
            }
            if index % 3 == 2 { dismisser.sync {} }
        }
        dismisser.sync {}
        surface.drain()
        XCTAssertEqual(races.map(\.violations).reduce(0, +), 0, "callbacks ran after dismiss returned")
        XCTAssertTrue(races.allSatisfy { $0.callbacks <= 1 }, "a presentation got two callbacks")
        XCTAssertTrue(surface.transcript.allSatisfy { $0["dismissals"] == 1 })
    }
}

/// Lets a callback refer to the presentation that `show` returns. A callback
/// may run as soon as `show` has returned, before the caller has stored the
/// presentation, so reading waits (bounded) until it is set.
final class PresentationHolder: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: SurfacePresentation?

    var presentation: SurfacePresentation? {
        get {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date() + 5
            while stored == nil && condition.wait(until: deadline) {}
            return stored
        }
        set {
            condition.lock()
            stored = newValue
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// One presentation of the dismiss race: counts callbacks, and callbacks seen
/// (starting or still running) after dismiss returned.
private final class RaceRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var returned = false
    private var _callbacks = 0
    private var _violations = 0

    func callback() {
        lock.withLock {
            _callbacks += 1
            if returned { _violations += 1 }
        }
        usleep(20)   // a callback that takes a moment: dismiss must wait for it
        lock.withLock { if returned { _violations += 1 } }
    }

    func dismissReturned() { lock.withLock { returned = true } }
    var callbacks: Int { lock.withLock { _callbacks } }
    var violations: Int { lock.withLock { _violations } }
}
