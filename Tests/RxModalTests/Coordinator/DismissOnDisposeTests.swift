import XCTest
import RxCore
import RxModal

/// Contract 3: disposing before the surface showed anything shows nothing;
/// disposing while shown dismisses exactly once; disposing after the end does
/// not dismiss again. Every test also proves (RxTestCase) that the
/// configuration, the bridge and the subscription were released.
final class DismissOnDisposeTests: RxTestCase {
    func testDisposingBeforePresentationShowsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        // Hold the surface's queue so the presentation cannot start yet.
        let gate = DispatchSemaphore(value: 0)
        surface.queue.async { gate.wait() }
        let recorder = EventRecorder<ModalValue>()
        let subscription = Dialogs.alert("Never", on: surface).subscribe(recorder.observer)
        subscription.dispose()
        gate.signal()
        surface.drain()

        XCTAssertEqual(surface.transcript, [])
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testDisposingWhileShownDismissesExactlyOnce() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let recorder = EventRecorder<ModalValue>()
        let subscription = Dialogs.alert("Open", on: surface).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)

        subscription.dispose()
        subscription.dispose()
        surface.drain()

        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], true)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(recorder.events.count, 0, "a disposed modal emits nothing")
    }

    func testDisposingFromAnotherThreadWhileShownDismissesOnce() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let subscription = Dialogs.alert("Open", on: surface).subscribe { _ in }
        surface.waitUntilShown(1)
        let done = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: done) { subscription.dispose() }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testAConfiguratorKeptAfterTheEndKeepsNothingOfThePresentation() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let before = Resources.total
        var kept: ModalConfigurator?
        do {
            let recorder = EventRecorder<ModalValue>()
            let subscription = Dialogs.coordinator.present(kind: "alert", presenter: .surface(surface)) { alert in
                kept = alert
                try alert.call("setTitle", .string("Kept"))
                try alert.call("addAction", .string("OK"), .string("default"))
            }.subscribe(recorder.observer)
            recorder.waitForTerminal()
            subscription.dispose()
        }
        surface.drain()
        // The configurator's own bindings (one CompositeDisposable) are all it keeps:
        // the presentation, its configuration and its bridge are gone.
        XCTAssertEqual(Resources.total - before, 1)
        XCTAssertNoThrow(try kept?.call("setTitle", .string("Late")), "a call after the end is dropped")
        kept = nil
        XCTAssertEqual(Resources.total, before)
    }

    func testDisposingAfterTheAnswerDoesNotDismissAgain() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let recorder = EventRecorder<ModalValue>()
        let subscription = Dialogs.alert("Done", on: surface).subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertTrue(recorder.completed)
    }

    func testDisposingFromInsideTheValueDismissesOnce() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let recorder = EventRecorder<ModalValue>()
        let subscription = Dialogs.alert("Take one", on: surface).take(1).subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(recorder.elements.count, 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testScriptMismatchFailsAndDismisses() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"title": "Other"}, "choose": "OK"}]"#)
        let recorder = EventRecorder<ModalValue>()
        let subscription = Dialogs.alert("Mine", on: surface).subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        guard case .scriptMismatch(let step, let reason)? = recorder.error as? ModalError else {
            return XCTFail("expected the surface's error, got \(String(describing: recorder.error))")
        }
        XCTAssertEqual(step, 1)
        XCTAssertTrue(reason.contains("title"), reason)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }
}
