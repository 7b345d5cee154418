import Foundation
import XCTest
import RxCore
import RxModal

/// The example plugin examples-c/plugin/rating.c — a modal kind written in C
/// with the plugin header alone — loaded by the registry and presented from
/// Swift (from C: the "rating plugin from C" case of `CExampleCase.all`).
final class CPluginExampleTests: RxTestCase {
    func testTheRatingPluginIsPresentedFromSwift() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let registry = ModalRegistry(searchPath: .explicit([runner.ratingPluginDirectory]))
        XCTAssertEqual(registry.kindNames, ["rating"], "skipped: \(registry.skipped)")
        let surface = try ScriptedSurface(json: #"[{"expect": {"primitive": "choice"}, "select": [3]}]"#)

        let events = try present(ModalCoordinator(registry: registry).present(kind: "rating", presenter: .surface(surface)) {
            try $0.call("setTitle", "How was it?")
            try $0.call("setMaximum", 4)
        })

        XCTAssertEqual(events, [.next(["stars": 4]), .completed])
        let shown = surface.transcript.first
        XCTAssertEqual(shown?["spec"]?["title"], "How was it?")
        XCTAssertEqual(shown?["spec"]?["items"]?.arrayValue?.count, 4)
        XCTAssertEqual(shown?["dismissals"], 1)
    }

    func testTheRatingPluginRefusesABadMaximumAndReportsCancel() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let registry = ModalRegistry(searchPath: .explicit([runner.ratingPluginDirectory]))
        let coordinator = ModalCoordinator(registry: registry)
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)

        let refused = try present(coordinator.present(kind: "rating", presenter: .surface(surface)) {
            try $0.call("setMaximum", 11)
        })
        XCTAssertEqual(refused, [.error("setMaximum: 11 is not between 1 and 10")])
        XCTAssertTrue(surface.transcript.isEmpty, "nothing is shown when configuration fails")

        let cancelled = try present(coordinator.present(kind: "rating", presenter: .surface(surface)))
        XCTAssertEqual(cancelled, [.next(["cancelled": true]), .completed])
    }

    private enum Recorded: Equatable {
        case next(ModalValue)
        case error(String)
        case completed
    }

    /// Subscribes and waits (at most 10 s) for the terminal event.
    private func present(_ modal: Observable<ModalValue>) throws -> [Recorded] {
        let done = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var events: [Recorded] = []
        let subscription = modal.subscribe(
            onNext: { value in lock.withLock { events.append(.next(value)) } },
            onError: { error in
                let message: String
                if case .plugin(_, let text)? = error as? ModalError { message = text } else { message = "\(error)" }
                lock.withLock { events.append(.error(message)) }
                done.signal()
            },
            onCompleted: { lock.withLock { events.append(.completed) }; done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no terminal event")
        subscription.dispose()
        return lock.withLock { events }
    }
}
