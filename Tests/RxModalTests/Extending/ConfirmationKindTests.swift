import XCTest
import RxCore
import RxModal

/// The confirmation kind, written in Swift, through its façade and the
/// coordinator on the scripted surface: the present/dismiss contract holds for a
/// Swift kind exactly as for a C plugin. RxTestCase checks that every
/// configuration, bridge and presentation was released.
final class ConfirmationKindTests: RxTestCase {
    /// A coordinator over a registry of its own, so no test sees another's kinds.
    private func coordinator() -> ModalCoordinator { ModalCoordinator(registry: ModalRegistry()) }

    func testNothingIsShownUntilSubscribedThenTheDialogIsShown() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Delete"}]"#)
        let confirmation = RxModal.confirmation(presenter: .surface(surface), title: "Delete file?",
                                                message: "notes.txt will be gone.", confirmTitle: "Delete",
                                                destructive: true, coordinator: coordinator())
        surface.drain()
        XCTAssertEqual(surface.transcript, [], "describing the modal shows nothing")

        let recorder = runModal(confirmation)
        surface.drain()

        XCTAssertEqual(recorder.elements, [true])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(surface.transcript.count, 1)
        XCTAssertEqual(surface.transcript.first?["spec"], [
            "primitive": "dialog", "style": "alert", "title": "Delete file?", "message": "notes.txt will be gone.",
            "actions": [["title": "Cancel", "style": "cancel"],
                        ["title": "Delete", "style": "destructive", "preferred": true]],
        ])
    }

    func testChoosingCancelEmitsFalseAndCompletes() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Cancel"}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Quit?", coordinator: coordinator()))
        XCTAssertEqual(recorder.events.count, 2)
        XCTAssertEqual(recorder.elements, [false])
        XCTAssertTrue(recorder.completed)
    }

    func testDismissingWithEscapeCountsAsCancel() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Quit?", coordinator: coordinator()))
        XCTAssertEqual(recorder.elements, [false])
        XCTAssertTrue(recorder.completed)
    }

    func testTheValueArrivesWhileShownAndTheDismissalBeforeTheCompletion() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Go?", coordinator: coordinator()),
                                snapshot: { surface.transcript })
        surface.drain()
        XCTAssertEqual(recorder.elements, [true])
        let snapshots = recorder.transcriptsAtEvents
        XCTAssertEqual(snapshots.count, 2)
        XCTAssertEqual(snapshots[0].first?["dismissed"], false, "the value is delivered before the dismissal")
        XCTAssertEqual(snapshots[1].first?["dismissed"], true, "the completion comes after it")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testDisposingWhileShownDismissesExactlyOnceAndEmitsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let recorder = EventRecorder<Bool>()
        let subscription = RxModal.confirmation(presenter: .surface(surface), message: "Wait", coordinator: coordinator())
            .subscribe(recorder.observer)
        surface.waitUntilShown(1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)

        subscription.dispose()
        subscription.dispose()
        surface.drain()

        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testDisposingBeforePresentationShowsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let hold = DispatchSemaphore(value: 0)
        surface.queue.async { hold.wait() }
        let recorder = EventRecorder<Bool>()
        let subscription = RxModal.confirmation(presenter: .surface(surface), message: "Never", coordinator: coordinator())
            .subscribe(recorder.observer)
        subscription.dispose()
        hold.signal()
        surface.drain()

        XCTAssertEqual(surface.transcript, [])
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testAnArgumentOfTheWrongTypeIsRefusedByTheInvokerBeforeTheKindSeesIt() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let coordinator = coordinator()
        let kind = try ConfirmationKind.standard.kind(in: coordinator.registry)
        let recorder = runModal(coordinator.present(kind: kind, presenter: .surface(surface)) {
            try $0.call("setMessage", .int(3))
        })
        surface.drain()
        // The kind would have refused with a plugin error; this is the invoker's own.
        XCTAssertModalError(recorder.error, .invalidArgument(method: "setMessage",
                                                             reason: "argument 1 (message): expected string, got int 3"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testAValueTheKindRefusesFailsWithItsInvalidArgumentCodeBeforeAnythingIsShown() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Go?", confirmTitle: "",
                                                     coordinator: coordinator()))
        surface.drain()
        XCTAssertModalError(recorder.error, .invalidArgument(method: "setConfirmTitle", reason: "an action title must not be empty"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testAnUnknownMethodListsTheKindsMethods() throws {
        let surface = try ScriptedSurface(json: "[]")
        let coordinator = coordinator()
        let kind = try ConfirmationKind.standard.kind(in: coordinator.registry)
        let recorder = runModal(coordinator.present(kind: kind, presenter: .surface(surface)) { try $0.call("setColour", "red") })
        XCTAssertModalError(recorder.error, .unknownMethod(kind: "confirmation", method: "setColour", known: [
            "setCancelTitle", "setConfirmTitle", "setDestructive", "setMessage", "setTitle"]))
    }

    func testAnUnmetPreconditionFailsUnsupportedBeforeAnythingIsShown() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let registry = ModalRegistry()
        let kind = try registry.register(ConfirmationKind(unavailableReason: { "running unattended" }))
        let recorder = runModal(ModalCoordinator(registry: registry).present(kind: kind, presenter: .surface(surface)) {
            try $0.call("setMessage", "Go?")
        })
        surface.drain()
        XCTAssertModalError(recorder.error, .unsupported(kind: "confirmation", reason: "running unattended"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testTheFacadeFailsAtSubscribeTimeWhenAnotherProviderHoldsTheName() throws {
        let surface = try ScriptedSurface(json: "[]")
        let registry = ModalRegistry()
        try registry.register(ConfirmationKind(unavailableReason: { "not this one" }))
        let confirmation = RxModal.confirmation(presenter: .surface(surface), message: "Go?",
                                                coordinator: ModalCoordinator(registry: registry))
        let recorder = runModal(confirmation)
        guard case .pluginUnavailable(let reason)? = recorder.error as? ModalError else {
            return XCTFail("expected pluginUnavailable, got \(String(describing: recorder.error))")
        }
        XCTAssertTrue(reason.contains("confirmation"), reason)
        XCTAssertEqual(surface.transcript, [])
    }
}
