import XCTest
import RxCore
import RxModal

/// How a dialog turns a choice into a flow: dismissed before the chosen
/// action's observable is subscribed, failing clearly without actions,
/// dismissed on dispose.
final class DialogFlowTests: RxTestCase {
    func testDialogIsDismissedBeforeTheChosenActionsObservableIsSubscribed() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Go"}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), title: "Order", actions: [
            .default(title: "Go", flatMapTo: Observable<ModalValue>.deferred { .just(surface.transcript[ifPresent: 0]?["dismissed"] ?? nil) }),
        ]))
        XCTAssertEqual(recorder.elements, [true], "the inner observable saw the dialog already dismissed")
    }

    func testTheChosenActionsClosureRunsOnceTheDialogIsDismissed() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Go"}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), title: "Order", actions: [
            DialogAction(title: "Go", style: .default, onNext: { _ in .just(surface.transcript[ifPresent: 0]?["dismissed"] ?? nil) }),
        ]))
        XCTAssertEqual(recorder.elements, [true], "the action's closure saw the dialog already dismissed")
    }

    func testAModalPresentedByAnActionIsShownAfterTheDialogWentAway() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Delete"}, {"choose": "Confirm"}]"#)
        let confirm = RxModal.alert(presenter: .surface(surface), title: "Really?", actions: [
            .cancel(title: "Keep"), .destructive(title: "Confirm", mapTo: "deleted"),
        ])
        let recorder = runModal(RxModal.actionSheet(presenter: .surface(surface), source: "the file row", title: "File", actions: [
            .destructive(title: "Delete", flatMapTo: confirm), .cancel(title: "Cancel"),
        ]))
        XCTAssertEqual(recorder.elements, ["deleted"])
        let transcript = surface.transcript
        XCTAssertEqual(transcript[ifPresent: 0]?["spec"]?["style"], "actionSheet")
        XCTAssertEqual(transcript[ifPresent: 0]?["spec"]?["source"], "the file row")
        XCTAssertEqual(transcript[ifPresent: 1]?["spec"]?["title"], "Really?")
        XCTAssertEqual(transcript[ifPresent: 1]?["depth"], 0, "the sheet was dismissed before the alert was shown")
        XCTAssertLessThan(try XCTUnwrap(transcript[ifPresent: 0]?["dismissedAt"]?.intValue), try XCTUnwrap(transcript[ifPresent: 1]?["shownAt"]?.intValue))
    }

    func testDialogWithoutActionsFailsAtSubscribeTimeAndShowsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let alert: Observable<Int> = RxModal.alert(presenter: .surface(surface), title: "Empty", actions: [])
        surface.drain()
        let recorder = runModal(alert)
        XCTAssertModalError(recorder.error, .invalidArgument(method: "alert", reason: "a dialog needs at least one action; none was given"))
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
    }

    func testDisposingTheDialogWhileShownDismissesIt() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let recorder = EventRecorder<Int>()
        let subscription = RxModal.alert(presenter: .surface(surface), actions: [.default(title: "OK", mapTo: 1)])
            .subscribe(recorder.observer)
        surface.waitUntilShown(1)
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testDisposingDuringTheChosenFlowDisposesItAndDoesNotDismissAgain() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Wait"}]"#)
        let inner = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = RxModal.alert(presenter: .surface(surface), actions: [.default(title: "Wait", flatMapTo: inner.asObservable())])
            .subscribe(recorder.observer)
        surface.waitUntilDismissed(0)
        surface.drain()
        inner.onNext(7)
        subscription.dispose()
        inner.onNext(8)
        XCTAssertEqual(recorder.elements, [7])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testPluginRefusalOfTheConfigurationFailsBeforeAnythingIsShown() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<Int>.cancel(title: "One"), .cancel(title: "Two"),
        ]))
        guard case .invalidArgument(_, let message)? = recorder.error as? ModalError else { return XCTFail("expected the plugin's refusal") }
        XCTAssertTrue(message.contains("at most one cancel action"), message)
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
    }
}
