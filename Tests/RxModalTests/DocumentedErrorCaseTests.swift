import XCTest
import RxCore
import RxModal

/// An error that crosses the plugin ABI as an `rxm_error` code arrives as the
/// documented `ModalError` case that code stands for, so a subscriber catches
/// it by that case whether a C plugin, a Swift kind or a surface failed, and
/// what a user reads never names the error by a bare number.
final class DocumentedErrorCaseTests: RxTestCase {
    /// A coordinator over a registry of its own, so no test sees another's kinds.
    private func coordinator() -> ModalCoordinator { ModalCoordinator(registry: ModalRegistry()) }

    /// Which documented case `catch` sees for `error`, as a subscriber writes it.
    private func caught(_ error: Error?) -> String {
        do {
            throw error ?? TestFailure(name: "no error")
        } catch ModalError.scriptMismatch(let step, let reason) {
            return "scriptMismatch \(step): \(reason)"
        } catch ModalError.invalidArgument(let method, let reason) {
            return "invalidArgument \(method): \(reason)"
        } catch {
            return "other: \(String(reflecting: error))"
        }
    }

    func testAScriptThatDoesNotFitTheCAlertIsCaughtAsScriptMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Sign In"}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), title: "Hello",
                                              actions: [DialogAction<Void>.default(title: "OK")]))
        XCTAssertEqual(caught(recorder.error), #"scriptMismatch 1: no action titled "Sign In"; actions: 0 "OK""#)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testAScriptThatDoesNotFitASwiftKindIsCaughtAsScriptMismatch() throws {
        // The mismatch crosses the ABI twice: surface → Swift kind → host.
        let surface = try ScriptedSurface(json: #"[{"choose": "Sign In"}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Go?", coordinator: coordinator()))
        XCTAssertEqual(caught(recorder.error), #"scriptMismatch 1: no action titled "Sign In"; actions: 0 "Cancel", 1 "Confirm""#)
    }

    func testAScriptThatRanOutNamesTheStepItWouldHaveBeen() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let alert = { RxModal.alert(presenter: .surface(surface), title: "Hello", actions: [DialogAction<Void>.default(title: "OK")]) }
        XCTAssertNil(runModal(alert()).error)
        let second = runModal(alert())
        guard case .scriptMismatch(let step, _)? = second.error as? ModalError else {
            return XCTFail("expected a script mismatch, got \(String(describing: second.error))")
        }
        XCTAssertEqual(step, 2)
    }

    func testAValueASwiftKindRefusesIsCaughtAsInvalidArgumentNamingTheMethodOnce() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Confirm"}]"#)
        let recorder = runModal(RxModal.confirmation(presenter: .surface(surface), message: "Go?", confirmTitle: "",
                                                     coordinator: coordinator()))
        XCTAssertEqual(caught(recorder.error), "invalidArgument setConfirmTitle: an action title must not be empty")
        XCTAssertEqual((recorder.error as? ModalError)?.description, "setConfirmTitle: an action title must not be empty")
    }

    func testAValueACPluginRefusesIsCaughtAsInvalidArgument() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<Int>.cancel(title: "One"), .cancel(title: "Two"),
        ]))
        XCTAssertEqual(caught(recorder.error), "invalidArgument addAction: a dialog has at most one cancel action, and action 0 (“One”) is one already")
        XCTAssertEqual(surface.transcript, [], "refused before anything was shown")
    }

    func testTheSeedsSituationStillCatchesAnUnsupportedSwiftKind() throws {
        // The kind's `unsupported` crosses the ABI as RXM_ERR_UNSUPPORTED and back.
        let registry = ModalRegistry()
        let kind = try registry.register(ConfirmationKind(unavailableReason: { "unattended" }))
        let recorder = runModal(ModalCoordinator(registry: registry).present(
            kind: kind, presenter: .surface(try ScriptedSurface(json: "[]"))) { try $0.call("setMessage", "Go?") })
        do {
            throw recorder.error ?? TestFailure(name: "no error")
        } catch RxModalError.unsupported {
            XCTAssertEqual(recorder.error as? ModalError, .unsupported(kind: "confirmation", reason: "unattended"))
        } catch {
            XCTFail("not caught as unsupported: \(error)")
        }
    }

    func testNoPluginErrorIsDescribedByABareNumber() {
        let descriptions = (1...12).map { ModalError.plugin(code: Int32($0), message: "it broke").description }
        XCTAssertEqual(descriptions, [
            "invalid argument: it broke", "not supported here: it broke", "authorization denied: it broke",
            "cancelled: it broke", "timed out: it broke", "input/output failed: it broke",
            "nothing can show it: it broke", "internal error (a bug; please report it): it broke",
            "the script does not match: it broke",
            "failed (error code 10): it broke", "failed (error code 11): it broke", "failed (error code 12): it broke",
        ])
        XCTAssertEqual(ModalError.scriptMismatch(step: 0, reason: "no step named").description, "script mismatch: no step named")
    }
}
