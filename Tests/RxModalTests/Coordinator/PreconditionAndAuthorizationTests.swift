import XCTest
import RxCore
import RxModal
import RxModalPluginABI

/// Contract 4: preconditions and authorization are checked at subscribe time,
/// before anything is shown; a status not yet determined is asked on the surface.
final class PreconditionAndAuthorizationTests: RxTestCase {
    private func guarded(supported: Bool = true, status: rxm_authorization_status, script: String) throws
        -> (EventRecorder<ModalValue>, ScriptedSurface) {
        let surface = try ScriptedSurface(json: script)
        let coordinator = ModalCoordinator(registry: try GuardedKind.registry())
        let modal = coordinator.present(kind: "guarded", presenter: .surface(surface)) {
            try $0.call("setSupported", .bool(supported))
            try $0.call("setStatus", .int(Int64(status.rawValue)))
        }
        let recorder = runModal(modal)
        surface.drain()
        return (recorder, surface)
    }

    func testUnmetPreconditionFailsUnsupportedBeforeAnythingIsShown() throws {
        let (recorder, surface) = try guarded(supported: false, status: RXM_AUTHORIZATION_AUTHORIZED, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .unsupported(kind: "guarded", reason: "the test said so"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testPreconditionIsCheckedBeforeAuthorization() throws {
        let (recorder, surface) = try guarded(supported: false, status: RXM_AUTHORIZATION_NOT_DETERMINED, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .unsupported(kind: "guarded", reason: "the test said so"))
        XCTAssertEqual(surface.transcript, [], "no authorization question either")
    }

    func testAuthorizedPresents() throws {
        let (recorder, surface) = try guarded(status: RXM_AUTHORIZATION_AUTHORIZED, script: "[]")
        XCTAssertEqual(recorder.elements, [["presented": true]])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(surface.transcript, [])
    }

    func testDeniedFailsAuthorizationDeniedWithoutAsking() throws {
        let (recorder, surface) = try guarded(status: RXM_AUTHORIZATION_DENIED, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .authorizationDenied(kind: "guarded"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testRestrictedFailsAuthorizationDeniedWithoutAsking() throws {
        let (recorder, surface) = try guarded(status: RXM_AUTHORIZATION_RESTRICTED, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .authorizationDenied(kind: "guarded"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testNotDeterminedAsksOnTheSurfaceThenPresentsWhenAllowed() throws {
        let (recorder, surface) = try guarded(status: RXM_AUTHORIZATION_NOT_DETERMINED,
                                              script: #"[{"expect": {"title": "Allow guarded?"}, "choose": "Allow"}]"#)
        XCTAssertEqual(recorder.elements, [["presented": true]])
        XCTAssertEqual(surface.transcript.count, 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["primitive"], "prompt")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1, "the question is taken down once answered")
    }

    func testNotDeterminedAsksOnTheSurfaceThenFailsWhenRefused() throws {
        let (recorder, surface) = try guarded(status: RXM_AUTHORIZATION_NOT_DETERMINED, script: #"[{"cancel": true}]"#)
        XCTAssertModalError(recorder.error, .authorizationDenied(kind: "guarded"))
        XCTAssertEqual(recorder.elements, [])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testDisposingWhileTheQuestionIsShownTakesItDown() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let coordinator = ModalCoordinator(registry: try GuardedKind.registry())
        let recorder = EventRecorder<ModalValue>()
        let subscription = coordinator.present(kind: "guarded", presenter: .surface(surface)) {
            try $0.call("setStatus", .int(Int64(RXM_AUTHORIZATION_NOT_DETERMINED.rawValue)))
        }.subscribe(recorder.observer)
        surface.waitUntilShown(1)
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(recorder.events.count, 0)
    }
}
