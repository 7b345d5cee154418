import XCTest
import RxCore
import RxFlows
import RxModal

/// Dialog actions bound to an RxFlows Action: enabled state shown and kept live,
/// choosing executes the Action.
final class DialogActionBindingTests: RxTestCase {
    func testChoosingExecutesTheActionAndEmitsItsElements() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let send = RxFlows.Action<Void, String> { .of("sending", "sent") }
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            .action(title: "Send", action: send), .cancel(title: "Cancel"),
        ]))
        XCTAssertEqual(recorder.elements, ["sending", "sent"])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[0]?["enabled"], true)
    }

    func testShownDisabledWhileTheActionIsDisabled() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let send = RxFlows.Action<Void, String>(enabledIf: Observable<Bool>.just(false)) { Observable<String>.just("sent") }
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            .action(title: "Send", style: .destructive, action: send), .cancel(title: "Cancel"),
        ]))
        XCTAssertEqual(recorder.elements, [])
        let shown = surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[0]
        XCTAssertEqual(shown?["enabled"], false)
        XCTAssertEqual(shown?["style"], "destructive")
    }

    func testEnabledStateIsKeptLiveWhileShown() throws {
        // The script chooses "Send" 300 ms after showing: by then it has been enabled.
        let surface = try ScriptedSurface(json: #"[{"choose": "Send", "afterMilliseconds": 300}]"#)
        let allowed = BehaviorSubject<Bool>(value: false)
        let send = RxFlows.Action<Void, String>(enabledIf: allowed.asObservable()) { Observable<String>.just("sent") }
        let recorder = EventRecorder<String>()
        let subscription = RxModal.alert(presenter: .surface(surface), actions: [
            .action(title: "Send", action: send), .cancel(title: "Cancel"),
        ]).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[0]?["enabled"], false)
        allowed.onNext(true)
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements, ["sent"])
        let updates = surface.transcript[ifPresent: 0]?["updates"]?.arrayValue ?? []
        XCTAssertEqual(updates.last?["actions"]?[0]?["enabled"], true, "the surface was told while shown")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }
}
