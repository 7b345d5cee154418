import XCTest
import RxCore
import RxModal
import RxModalPluginABI

/// `RxModalError`: the seed's `catch RxModalError.unsupported` (and the other
/// two situations) catches the runtime's `ModalError` of that situation, and
/// nothing else.
final class RxModalErrorTests: RxTestCase {
    /// The guarded test kind, failing at subscribe time as its settings say.
    private func guarded(supported: Bool, status: rxm_authorization_status) throws -> Single<ModalValue> {
        let coordinator = ModalCoordinator(registry: try GuardedKind.registry())
        let surface = try ScriptedSurface(json: "[]")
        return coordinator.present(kind: "guarded", presenter: .surface(surface)) {
            try $0.call("setSupported", .bool(supported))
            try $0.call("setStatus", .int(Int64(status.rawValue)))
        }.asSingle()
    }

    /// Which seed situation `catch` sees for `error`, written as the seed's users wrote it.
    private func caught(_ error: Error) -> String {
        do {
            throw error
        } catch RxModalError.unsupported {
            return "unsupported"
        } catch RxModalError.missingPresenter {
            return "missingPresenter"
        } catch RxModalError.authorizationDenied {
            return "authorizationDenied"
        } catch {
            return "other"
        }
    }

    func testAnUnmetPreconditionIsCaughtAsUnsupported() async throws {
        do {
            _ = try await guarded(supported: false, status: RXM_AUTHORIZATION_AUTHORIZED).value
            XCTFail("presented although unsupported")
        } catch RxModalError.unsupported {
            // The seed's spelling catches the runtime's richer error.
        }
    }

    func testADeniedAuthorizationIsCaughtAsAuthorizationDenied() async throws {
        do {
            _ = try await guarded(supported: true, status: RXM_AUTHORIZATION_DENIED).value
            XCTFail("presented although denied")
        } catch RxModalError.authorizationDenied(ModalAuthorizationStatus.self) {
            // The runtime's kinds keep their status as a ModalAuthorizationStatus.
        }
    }

    func testEachModalErrorMapsToItsSituationOnly() {
        XCTAssertEqual(caught(ModalError.unsupported(kind: "mailComposer", reason: "no sendmail")), "unsupported")
        XCTAssertEqual(caught(ModalError.missingSurface), "missingPresenter")
        XCTAssertEqual(caught(ModalError.authorizationDenied(kind: "mediaPicker")), "authorizationDenied")
        XCTAssertEqual(caught(ModalError.unknownKind("x", known: [])), "other")
        XCTAssertEqual(caught(RxModalError.unsupported), "unsupported")
        XCTAssertEqual(caught(RxModalError.authorizationDenied(Int.self)), "authorizationDenied")
        XCTAssertEqual(caught(CocoaError(.fileNoSuchFile)), "other")

        XCTAssertEqual(RxModalError(ModalError.missingSurface), .missingPresenter)
        XCTAssertEqual(RxModalError(ModalError.authorizationDenied(kind: "k")), .authorizationDenied(ModalAuthorizationStatus.self))
        XCTAssertNil(RxModalError(ModalError.invalidJSON("x")))
    }

    func testAStatusTypeInThePatternMustMatch() {
        func matches(_ pattern: RxModalError, _ error: Error) -> Bool {
            switch error {
            case pattern: return true
            default: return false
            }
        }
        XCTAssertTrue(matches(.authorizationDenied(Int.self), RxModalError.authorizationDenied(Int.self)))
        XCTAssertFalse(matches(.authorizationDenied(String.self), RxModalError.authorizationDenied(Int.self)))
        XCTAssertFalse(matches(.authorizationDenied(Int.self), RxModalError.authorizationDenied))
        XCTAssertTrue(matches(.authorizationDenied, RxModalError.authorizationDenied(String.self)))
        XCTAssertFalse(matches(.unsupported, RxModalError.missingPresenter))
    }
}
