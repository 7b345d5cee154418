import XCTest
import RxCore
#if canImport(Glibc)
import Glibc
#endif

/// `Resources.total` adds up counters that each thread keeps for itself: these
/// tests count on threads that start, count and end, and check that the sum
/// stays exact whichever thread made a resource, released it, or has ended.
final class ResourceCountTests: RxTestCase {
    func testAResourceMadeOnOneThreadAndReleasedOnAnotherLeavesTheTotalWhereItWas() {
        let subject = PublishSubject<Int>()
        let before = Resources.total
        let kept = SharedValue<[Disposable]>([])
        runOnNewThread {
            let subscription = subject.subscribe(onNext: { _ in })
            kept.withLock { $0.append(subscription) }
        }
        XCTAssertGreaterThan(Resources.total, before, "the subscription made on the other thread is not counted")
        kept.withLock { list in
            for subscription in list { subscription.dispose() }
            list.removeAll()
        }
        XCTAssertEqual(Resources.total, before)
    }

    func testWhatAThreadCountedStaysInTheTotalAfterTheThreadEnds() {
        let before = Resources.total
        let kept = SharedValue<[PublishSubject<Int>]>([])
        runOnNewThread {
            for _ in 0..<3 { kept.withLock { $0.append(PublishSubject<Int>()) } }
        }
        // The thread has ended (joined): its count lives on in the total.
        XCTAssertEqual(Resources.total, before + 3)
        // Released here: this thread's counter goes down by what the other's went up.
        kept.withLock { $0.removeAll() }
        XCTAssertEqual(Resources.total, before)
    }

    func testThreadsCountingAtOnceAndOneAfterAnotherAddUp() {
        let before = Resources.total
        let kept = SharedValue<[Disposable]>([])
        // Two rounds: the second round's threads take over counters the first
        // round's threads left behind when they ended.
        for _ in 0..<2 {
            runOnNewThreads(4) {
                let subject = PublishSubject<Int>()
                for index in 0..<2_000 {
                    let subscription = subject.subscribe(onNext: { _ in })
                    subject.onNext(index)
                    subscription.dispose()
                }
                let survivor = Observable<Int>.never().subscribe(onNext: { _ in })
                kept.withLock { $0.append(survivor) }
            }
        }
        XCTAssertEqual(Resources.total, before + 8, "one live subscription per thread")
        kept.withLock { list in
            for subscription in list { subscription.dispose() }
            list.removeAll()
        }
        XCTAssertEqual(Resources.total, before)
    }

    func testSynchronousSourcesSubscribedOnShortLivedThreadsUseEachThreadsOwnTrampoline() {
        // `of` queues its elements on the subscribing thread's trampoline; each new
        // thread must get a trampoline of its own, not one a finished thread left.
        let results = SharedValue<[[Int]]>([])
        for _ in 0..<3 {
            runOnNewThreads(3) {
                var received: [Int] = []
                _ = Observable.of(1, 2, 3).flatMap { Observable.of($0, $0 * 10) }.subscribe(onNext: { received.append($0) })
                results.withLock { $0.append(received) }
            }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 9)
        for received in all { XCTAssertEqual(received, [1, 10, 2, 20, 3, 30]) }
    }

    // MARK: Threads

    /// Runs `body` on a new thread and returns once that thread has ended,
    /// thread-specific destructors included.
    private func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
        runOnNewThreads(1, body)
    }

    /// Runs `body` on `count` new threads at once and returns once all have ended.
    private func runOnNewThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 0..<count {
            let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { pointer in
                let body = Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue()
                body.run()
                return nil
            }, box)
            XCTAssertEqual(status, 0, "pthread_create failed")
            if status == 0 { threads.append(thread) }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}

private final class ThreadBody: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
