import XCTest
import RxCore
import RxModal

/// A Swift kind's precondition and authorization reach the coordinator through
/// the descriptor's C functions, with the same outcomes as the C test kind's.
final class SwiftKindAuthorizationTests: RxTestCase {
    private func guarded(supported: Bool = true, status: Int64, script: String) throws -> (EventRecorder<ModalValue>, ScriptedSurface) {
        let surface = try ScriptedSurface(json: script)
        let registry = ModalRegistry()
        try registry.register(SwiftGuardedKind())
        let modal = ModalCoordinator(registry: registry).present(kind: "swiftGuarded", presenter: .surface(surface)) {
            try $0.call("setSupported", .bool(supported))
            try $0.call("setStatus", .int(status))
        }
        let recorder = runModal(modal)
        surface.drain()
        return (recorder, surface)
    }

    func testUnmetPreconditionFailsUnsupportedWithTheKindsReason() throws {
        let (recorder, surface) = try guarded(supported: false, status: 3, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .unsupported(kind: "swiftGuarded", reason: "the test said so"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testDeniedFailsWithoutAsking() throws {
        let (recorder, surface) = try guarded(status: 1, script: #"[{"choose": 0}]"#)
        XCTAssertModalError(recorder.error, .authorizationDenied(kind: "swiftGuarded"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testNotDeterminedAsksOnTheSurfaceThenPresentsWhenAllowed() throws {
        let (recorder, surface) = try guarded(status: 0, script: #"[{"expect": {"title": "Allow swiftGuarded?"}, "choose": "Allow"}]"#)
        XCTAssertEqual(recorder.elements, [["presented": true]])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(surface.transcript.count, 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["primitive"], "prompt")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1, "the question is taken down once answered")
    }

    func testNotDeterminedAsksThenFailsWhenRefused() throws {
        let (recorder, surface) = try guarded(status: 0, script: #"[{"choose": "Deny"}]"#)
        XCTAssertModalError(recorder.error, .authorizationDenied(kind: "swiftGuarded"))
        XCTAssertEqual(recorder.elements, [])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testDisposingWhileTheQuestionIsShownTakesItDownOnce() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let registry = ModalRegistry()
        try registry.register(SwiftGuardedKind())
        let recorder = EventRecorder<ModalValue>()
        let subscription = ModalCoordinator(registry: registry).present(kind: "swiftGuarded", presenter: .surface(surface)) {
            try $0.call("setStatus", .int(0))
        }.subscribe(recorder.observer)
        surface.waitUntilShown(1)
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(recorder.events.count, 0)
    }
}
