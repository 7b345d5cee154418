import XCTest
import Synchronization
import RxCore
import RxModal

/// A Swift kind that emits from its own thread may be disposed from another at
/// any moment: once `dispose()` has returned, nothing more reaches the
/// subscriber, nothing crashes, and everything is released. Bounded: a fixed
/// number of rounds, each waiting at most a few seconds.
final class SwiftKindDisposalRaceTests: RxTestCase {
    /// Emits 0, 1, 2, … from a background thread until its disposable is disposed.
    struct TickerKind: ModalKindDefinition {
        final class Configuration {}
        let name = "ticker", version = "1", summary = "Counts until disposed.", resultDescription = "i, i, …"
        func makeConfiguration() -> Configuration { Configuration() }
        var methods: [ModalKindMethod<Configuration>] { [] }

        func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
            let stopped = Atomic<Bool>(false)
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                var count: Int64 = 0
                while !stopped.load(ordering: .acquiring) && count < 1_000_000 {
                    observer.onNext(.int(count))
                    count += 1
                }
                finished.signal()
            }
            return Disposables.create {
                stopped.store(true, ordering: .releasing)
                finished.wait()   // the thread ends before the presentation is released
            }
        }
    }

    private static let ticker = try! ModalKindDescriptor(TickerKind())

    func testNothingArrivesAfterDisposeReturnsWhileTheKindEmitsFromItsOwnThread() throws {
        let registry = ModalRegistry()
        try Self.ticker.register(in: registry)
        let coordinator = ModalCoordinator(registry: registry)
        for round in 0..<20 {
            let surface = try ScriptedSurface(json: "[]")
            let received = Atomic<Int>(0)
            let started = DispatchSemaphore(value: 0)
            let subscription = coordinator.present(kind: "ticker", presenter: .surface(surface))
                .subscribe(onNext: { _ in
                    if received.add(1, ordering: .relaxed).newValue == 10 { started.signal() }
                })
            XCTAssertEqual(started.wait(timeout: .now() + 5), .success, "round \(round): the ticker never got going")
            subscription.dispose()
            let atDisposal = received.load(ordering: .relaxed)
            usleep(5_000)
            XCTAssertEqual(received.load(ordering: .relaxed), atDisposal, "round \(round): a value after dispose returned")
            surface.drain()
        }
    }
}
