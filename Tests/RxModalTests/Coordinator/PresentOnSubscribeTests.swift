import XCTest
import RxCore
import RxModal

/// Contract 3: a modal is presented on subscribe (not before), delivers its
/// value while still shown, and is dismissed once.
final class PresentOnSubscribeTests: RxTestCase {
    func testNothingIsShownUntilSubscribed() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let alert = Dialogs.alert("Hello", on: surface)
        surface.drain()
        XCTAssertEqual(surface.transcript, [], "describing a modal shows nothing")

        let recorder = EventRecorder<ModalValue>()
        let subscription = alert.subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(surface.transcript.count, 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["title"], "Hello")
        XCTAssertEqual(recorder.elements, [["action": 0, "title": "OK", "style": "default", "textFields": []]])
        XCTAssertTrue(recorder.completed)
    }

    func testEachSubscriptionPresentsAgain() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}, {"choose": "OK"}]"#)
        let alert = Dialogs.alert("Twice", on: surface)
        for _ in 0..<2 {
            let recorder = EventRecorder<ModalValue>()
            let subscription = alert.subscribe(recorder.observer)
            recorder.waitForTerminal()
            subscription.dispose()
        }
        XCTAssertEqual(surface.transcript.map { $0["step"] }, [1, 2])
        XCTAssertEqual(surface.transcript.map { $0["dismissals"] }, [1, 1])
    }

    func testValueReachesTheSubscriberBeforeTheDismissal() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Yes"}]"#)
        let recorder = EventRecorder<ModalValue>(snapshot: { surface.transcript })
        let subscription = Dialogs.alert("Sure?", actions: [("Yes", "default"), ("No", "cancel")], on: surface)
            .subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements.map { $0["title"] }, ["Yes"])
        let atValue = recorder.transcriptsAtEvents[0][0]
        XCTAssertEqual(atValue["dismissed"], false, "still shown when the value arrives")
        XCTAssertNotNil(atValue["answeredAt"])
        let atCompletion = recorder.transcriptsAtEvents[1][0]
        XCTAssertEqual(atCompletion["dismissed"], true, "dismissed before completion is forwarded")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testEventsArriveOnTheSurfaceQueue() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        surface.queue.setSpecific(key: SurfaceQueueKey.key, value: "scripted")
        let recorder = EventRecorder<ModalValue>(snapshot: {
            [.bool(DispatchQueue.getSpecific(key: SurfaceQueueKey.key) == "scripted")]
        })
        let subscription = Dialogs.alert("Queue", on: surface).subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        XCTAssertEqual(recorder.transcriptsAtEvents, [[true], [true]])
    }
}

enum SurfaceQueueKey {
    static let key = DispatchSpecificKey<String>()
}
