import XCTest
import Dispatch
import RxCore

/// A thread that only subscribes to, or disposes from, a subject must not be kept
/// delivering the events another thread keeps pumping (it used to be: it became the
/// subject's drainer and drained the producer's events for as long as they came).
/// Liveness, not speed: each step must merely finish, within a generous bound.
final class SubjectControlLivenessTests: RxTestCase {
    private final class Stop: @unchecked Sendable {
        private let flag = DispatchSemaphore(value: 0)
        private var stopped = false
        private let lock = NSLock()
        func set() { lock.lock(); stopped = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return stopped }
    }

    /// Runs `control` on another thread while a producer pumps `subject` without
    /// pause, and checks that `control` finishes while the producer is still running.
    private func assertFinishesWhilePumping(rounds: Int = 20, _ control: @escaping @Sendable (PublishSubject<Int>) -> Void,
                                            file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let first = DispatchSemaphore(value: 0)
            let counted = subject.subscribe(onNext: { if $0 == 0 { first.signal() } })
            let stop = Stop()
            let producerDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                var value = 0
                while !stop.isSet { subject.onNext(value); value += 1 }
                producerDone.signal()
            }
            XCTAssertEqual(first.wait(timeout: .now() + 10), .success, file: file, line: line)
            let controlDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                control(subject)
                controlDone.signal()
            }
            let finished = controlDone.wait(timeout: .now() + 10)
            stop.set()
            XCTAssertEqual(producerDone.wait(timeout: .now() + 10), .success, file: file, line: line)
            XCTAssertEqual(finished, .success, "the control thread was kept busy by the producer", file: file, line: line)
            counted.dispose()
            if finished != .success { return }
        }
    }

    func testDisposingWhileAnotherThreadPumpsReturns() {
        assertFinishesWhilePumping { subject in
            subject.subscribe(onNext: { _ in }).dispose()
        }
    }

    func testSubscribingWhileAnotherThreadPumpsReturns() {
        let subscriptions = SubscriptionList()
        assertFinishesWhilePumping { subject in
            subscriptions.add(subject.subscribe(onNext: { _ in }))
        }
        subscriptions.disposeAll()
    }

    private final class SubscriptionList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Disposable] = []
        func add(_ item: Disposable) { lock.lock(); items.append(item); lock.unlock() }
        func disposeAll() { lock.lock(); let all = items; items = []; lock.unlock(); all.forEach { $0.dispose() } }
    }
}
