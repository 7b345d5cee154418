import XCTest
import Dispatch
import RxCore

/// Many threads at once against subjects, `create` and the combining operators.
///
/// Each test is bounded in iterations, runs its workers under a `DispatchGroup`
/// whose wait has a generous limit (a deadlock fails the test instead of hanging
/// it), and checks outcomes only: no overlapping callbacks, no lost or duplicated
/// element, per-sender order kept, exactly one terminal event. Nothing is timed.
final class ConcurrencyStressTests: RxTestCase {
    private let groupLimit: DispatchTimeInterval = .seconds(60)

    /// Elements are `sender * stride + index`, so each one says who sent it.
    private let stride = 1_000_000

    func testPublishSubjectWithConcurrentSendersAndChurningSubscribers() {
        let senders = 4, perSender = 10_000, steadyCount = 3, churners = 2, churnRounds = 2_000
        let subject = PublishSubject<Int>()
        let steady = (0..<steadyCount).map { _ in ElementLog(senders: senders, stride: stride) }
        let steadySubscriptions = steady.map { log in subject.subscribe(onNext: { log.record($0) }) }
        let churnOverlaps = SharedCounter()
        let group = DispatchGroup()

        for sender in 0..<senders {
            DispatchQueue.global().async(group: group) { [stride] in
                for index in 0..<perSender { subject.onNext(sender * stride + index) }
            }
        }
        for _ in 0..<churners {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<churnRounds {
                    let overlap = OverlapDetector()
                    let subscription = subject.subscribe(onNext: { _ in
                        overlap.enter()
                        overlap.leave()
                    })
                    subscription.dispose()
                    if overlap.overlapCount > 0 { churnOverlaps.increment() }
                }
            }
        }

        guard group.wait(timeout: .now() + groupLimit) == .success else {
            return XCTFail("workers did not finish: deadlock or livelock")
        }
        steadySubscriptions.forEach { $0.dispose() }
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(churnOverlaps.value, 0)
        for log in steady {
            XCTAssertEqual(log.overlapCount, 0, "callbacks overlapped")
            XCTAssertEqual(log.count, senders * perSender, "lost or duplicated elements")
            XCTAssertEqual(log.distinctCount, senders * perSender, "duplicated elements")
            XCTAssertEqual(log.orderViolations, 0, "a sender's elements arrived out of order")
        }
    }

    func testShareConnectsOnceForConcurrentFirstSubscriptions() {
        // Threads of their own, released together: a pool of two cores would not run
        // this many blocked workers at once.
        let subscribers = 8
        for _ in 0..<100 {
            let connections = SharedCounter()
            let shared = Observable<Never>.never()
                .do(onSubscribe: { connections.increment() })
                .share(replay: 0, scope: .whileConnected)
            let subscriptions = SharedValue<[Disposable]>([])
            let ready = DispatchGroup(), finished = DispatchGroup()
            let start = DispatchSemaphore(value: 0)
            for _ in 0..<subscribers {
                ready.enter()
                finished.enter()
                Thread {
                    ready.leave()
                    start.wait()
                    let subscription = shared.subscribe()
                    subscriptions.withLock { $0.append(subscription) }
                    finished.leave()
                }.start()
            }
            guard ready.wait(timeout: .now() + groupLimit) == .success else { return XCTFail("threads did not start") }
            for _ in 0..<subscribers { start.signal() }
            guard finished.wait(timeout: .now() + groupLimit) == .success else { return XCTFail("subscribers did not finish") }
            XCTAssertEqual(connections.value, 1, "one connection for every first subscriber")
            subscriptions.value.forEach { $0.dispose() }
        }
    }

    func testCreateObserverCalledFromSeveralThreads() {
        let senders = 4, perSender = 10_000
        let group = DispatchGroup()
        let finishedSenders = SharedCounter()
        let stride = self.stride
        let source = Observable<Int>.create { observer in
            for sender in 0..<senders {
                DispatchQueue.global().async(group: group) {
                    for index in 0..<perSender { observer.onNext(sender * stride + index) }
                    // The last sender to finish completes the sequence.
                    if finishedSenders.increment() == senders { observer.onCompleted() }
                }
            }
            return Disposables.create()
        }
        let log = ElementLog(senders: senders, stride: stride)
        let completions = SharedValue<[Int]>([])   // the element count seen at each completion
        let subscription = source.subscribe(
            onNext: { log.record($0) },
            onCompleted: { completions.withLock { $0.append(log.count) } }
        )
        guard group.wait(timeout: .now() + groupLimit) == .success else {
            return XCTFail("senders did not finish: deadlock")
        }
        subscription.dispose()
        XCTAssertEqual(log.overlapCount, 0, "callbacks overlapped")
        XCTAssertEqual(log.count, senders * perSender)
        XCTAssertEqual(log.distinctCount, senders * perSender)
        XCTAssertEqual(log.orderViolations, 0)
        XCTAssertEqual(completions.value, [senders * perSender], "one completion, after every element")
    }

    func testADisposalRacingATerminalEventFromAnotherThreadEndsTheSubscriptionOnceBeforeItReturns() {
        // The terminal event and the disposal each try to finish the subscription
        // (dispose its upstream, run onDisposed); whichever loses must leave it to
        // the other, and `dispose()` must not return before it is done. In half of
        // the rounds the disposal comes while the completion's callback runs (the
        // callback waits for it); in the others the two just race.
        let rounds = 2_000
        var unfinishedAtReturn = 0
        let upstreamDisposals = SharedCounter(), onDisposedRuns = SharedCounter()
        for round in 0..<rounds {
            let duringCallback = round % 2 == 0
            let observerBox = SharedValue<AnyObserver<Int>?>(nil)
            let source = Observable<Int>.create { observer in
                observerBox.withLock { $0 = observer }
                return Disposables.create { upstreamDisposals.increment() }
            }
            let inCallback = SharedFlag(), disposing = SharedFlag()
            let before = onDisposedRuns.value
            let subscription = source.subscribe(
                onCompleted: {
                    inCallback.set()
                    guard duringCallback else { return }
                    while !disposing.isSet {}
                    for _ in 0..<2_000 { _ = disposing.isSet }   // let the disposal reach its wait
                },
                onDisposed: { onDisposedRuns.increment() })
            let observer = observerBox.withLock { $0 }!
            let go = SharedFlag()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                while !go.isSet {}
                observer.onCompleted()
            }
            go.set()
            if duringCallback { while !inCallback.isSet {} }
            disposing.set()
            subscription.dispose()
            if onDisposedRuns.value != before + 1 { unfinishedAtReturn += 1 }
            guard group.wait(timeout: .now() + groupLimit) == .success else {
                return XCTFail("the completing thread did not return: deadlock")
            }
        }
        XCTAssertEqual(unfinishedAtReturn, 0, "dispose() returned before onDisposed had run")
        XCTAssertEqual(onDisposedRuns.value, rounds, "onDisposed runs once per subscription")
        XCTAssertEqual(upstreamDisposals.value, rounds, "the upstream is disposed once per subscription")
    }

    func testAPeriodicScheduleDisposedFromAnotherThreadWhileTheVirtualClockRunsStops() {
        // A periodic item goes back into the queue after each run: a disposal from
        // another thread, at any point of a tick, must end `start()`, and after
        // `dispose()` returns at most the tick already running may finish.
        let rounds = 500
        var ticksAfterDispose = 0
        for round in 0..<rounds {
            let scheduler = HistoricalScheduler()
            let ticks = SharedCounter()
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
                ticks.increment()
                return state + 1
            }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { scheduler.start() }
            let ticksBeforeDispose = round % 20 + 1
            while ticks.value < ticksBeforeDispose {}
            periodic.dispose()
            let ticksWhenDisposed = ticks.value
            guard group.wait(timeout: .now() + groupLimit) == .success else {
                return XCTFail("start() did not return after the periodic schedule was disposed")
            }
            ticksAfterDispose = max(ticksAfterDispose, ticks.value - ticksWhenDisposed)
        }
        XCTAssertLessThanOrEqual(ticksAfterDispose, 1, "a tick started after dispose() returned")
    }

    func testATerminalEventFromAnotherThreadWhileTheSubscriptionIsBeingMadeDisposesWhatItReturnsOnce() {
        // The `create` closure hands its observer to another thread, which
        // completes while the closure is still running: the disposable the closure
        // then returns (and the subscription to `create` itself) arrives after
        // the end, and must be disposed once, by whichever side comes second. In
        // a third of the rounds the completion is over before the closure
        // returns; in the others the two race, with the closure returning after
        // a spin of varying length.
        let rounds = 20_000
        let resourceDisposals = SharedCounter(), onDisposedRuns = SharedCounter(), completions = SharedCounter()
        for round in 0..<rounds {
            let completed = SharedFlag()
            let group = DispatchGroup()
            let source = Observable<Int>.create { observer in
                let go = SharedFlag()
                DispatchQueue.global().async(group: group) {
                    while !go.isSet {}
                    observer.onCompleted()
                    completed.set()
                }
                go.set()
                if round % 3 == 0 {
                    while !completed.isSet {}
                } else {
                    for _ in 0..<(round % 97) * 20 { _ = completed.isSet }
                }
                return Disposables.create { resourceDisposals.increment() }
            }
            let subscription = source.subscribe(
                onCompleted: { completions.increment() },
                onDisposed: { onDisposedRuns.increment() })
            guard group.wait(timeout: .now() + groupLimit) == .success else {
                return XCTFail("the completing thread did not return: deadlock")
            }
            subscription.dispose()
        }
        XCTAssertEqual(completions.value, rounds, "every subscription completes once")
        XCTAssertEqual(onDisposedRuns.value, rounds, "onDisposed runs once per subscription")
        XCTAssertEqual(resourceDisposals.value, rounds, "what the closure returned is disposed once per subscription")
    }

    func testMergeOfSubjectsFedFromDifferentThreads() {
        let senders = 4, perSender = 10_000
        let subjects = (0..<senders).map { _ in PublishSubject<Int>() }
        let log = ElementLog(senders: senders, stride: stride)
        let completions = SharedValue<[Int]>([])
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(
            onNext: { log.record($0) },
            onCompleted: { completions.withLock { $0.append(log.count) } }
        )
        let group = DispatchGroup()
        for (sender, subject) in subjects.enumerated() {
            DispatchQueue.global().async(group: group) { [stride] in
                for index in 0..<perSender { subject.onNext(sender * stride + index) }
                subject.onCompleted()
            }
        }
        guard group.wait(timeout: .now() + groupLimit) == .success else {
            return XCTFail("senders did not finish: deadlock")
        }
        subscription.dispose()
        XCTAssertEqual(log.overlapCount, 0, "callbacks overlapped")
        XCTAssertEqual(log.count, senders * perSender)
        XCTAssertEqual(log.distinctCount, senders * perSender)
        XCTAssertEqual(log.orderViolations, 0)
        XCTAssertEqual(completions.value, [senders * perSender], "one completion, after every element")
    }

    func testCombineLatestOfSubjectsFedFromDifferentThreads() {
        let perSender = 10_000
        let left = PublishSubject<Int>(), right = PublishSubject<Int>()
        let overlap = OverlapDetector()
        let pairs = SharedValue<[(Int, Int)]>([])
        let completions = SharedCounter()
        let subscription = Observable.combineLatest(left, right) { ($0, $1) }.subscribe(
            onNext: { pair in
                overlap.enter()
                pairs.withLock { $0.append(pair) }
                overlap.leave()
            },
            onCompleted: { completions.increment() }
        )
        // Both sides have a value before the threads start, so every later element
        // produces exactly one combination.
        left.onNext(-1)
        right.onNext(-1)
        let group = DispatchGroup()
        for subject in [left, right] {
            DispatchQueue.global().async(group: group) {
                for index in 0..<perSender { subject.onNext(index) }
                subject.onCompleted()
            }
        }
        guard group.wait(timeout: .now() + groupLimit) == .success else {
            return XCTFail("senders did not finish: deadlock")
        }
        subscription.dispose()
        let combinations = pairs.value
        XCTAssertEqual(overlap.overlapCount, 0, "callbacks overlapped")
        XCTAssertEqual(combinations.count, 2 * perSender + 1, "lost or duplicated combinations")
        XCTAssertEqual(completions.value, 1)
        // Each side only moves forward, one step per combination.
        var steps = 0
        for (previous, next) in zip(combinations, combinations.dropFirst()) {
            XCTAssertGreaterThanOrEqual(next.0, previous.0)
            XCTAssertGreaterThanOrEqual(next.1, previous.1)
            steps += (next.0 - previous.0) + (next.1 - previous.1)
            if next.0 < previous.0 || next.1 < previous.1 { break }
        }
        XCTAssertEqual(steps, 2 * perSender, "each combination advances exactly one side by one")
        XCTAssertTrue(combinations.first.map { $0 == (-1, -1) } ?? false)
        XCTAssertTrue(combinations.last.map { $0 == (perSender - 1, perSender - 1) } ?? false)
    }

    func testSubjectSendersWhileSubscribersDisposeThemselvesFromTheirCallback() {
        let senders = 3, perSender = 5_000, selfDisposers = 200
        let subject = PublishSubject<Int>()
        let group = DispatchGroup()
        let callbacksAfterOwnDispose = SharedCounter()
        var subscriptions: [SharedValue<Disposable?>] = []
        for _ in 0..<selfDisposers {
            let slot = SharedValue<Disposable?>(nil)
            let disposed = SharedFlag()
            slot.value = subject.subscribe(onNext: { _ in
                if disposed.isSet { callbacksAfterOwnDispose.increment() }
                slot.value?.dispose()
                disposed.set()
            })
            subscriptions.append(slot)
        }
        for sender in 0..<senders {
            DispatchQueue.global().async(group: group) {
                for index in 0..<perSender { subject.onNext(sender * perSender + index) }
            }
        }
        guard group.wait(timeout: .now() + groupLimit) == .success else {
            return XCTFail("senders did not finish: deadlock")
        }
        XCTAssertEqual(callbacksAfterOwnDispose.value, 0)
        XCTAssertFalse(subject.hasObservers)
        subscriptions.forEach { $0.value = nil }
    }
}

/// What a subscriber saw: elements, overlap, and order per sender. Thread-safe.
private final class ElementLog: Sendable {
    private struct State {
        var elements: [Int] = []
        var lastIndex: [Int]
        var orderViolations = 0
    }

    private let state: SharedValue<State>
    private let overlap = OverlapDetector()
    private let stride: Int

    init(senders: Int, stride: Int) {
        self.stride = stride
        state = SharedValue(State(lastIndex: Array(repeating: -1, count: senders)))
    }

    func record(_ element: Int) {
        overlap.enter()
        state.withLock { state in
            state.elements.append(element)
            let sender = element / stride, index = element % stride
            if index <= state.lastIndex[sender] { state.orderViolations += 1 }
            state.lastIndex[sender] = index
        }
        overlap.leave()
    }

    var overlapCount: Int { overlap.overlapCount }
    var count: Int { state.withLock { $0.elements.count } }
    var distinctCount: Int { state.withLock { Set($0.elements).count } }
    var orderViolations: Int { state.withLock { $0.orderViolations } }
}

/// `observe(on:)` a concurrent scheduler, fed from one thread: each turn runs on
/// whichever worker is free, so a turn often ends (and schedules the next) before
/// the thread that scheduled it has returned from `schedule`. Every element and
/// the completion must still arrive, in order.
final class ObserveOnConcurrentSchedulerTests: RxTestCase {
    func testEveryEventArrivesInOrderWhenTurnsOutrunTheThreadThatScheduledThem() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        for round in 0..<200 {
            let subject = PublishSubject<Int>()
            let done = DispatchSemaphore(value: 0)
            let log = LockedLog()
            let subscription = subject.observe(on: scheduler).subscribe(onNext: { log.append($0) }, onCompleted: { done.signal() })
            for element in 0..<500 { subject.onNext(element) }
            subject.onCompleted()
            let ended = done.wait(timeout: .now() + 20)
            subscription.dispose()
            guard ended == .success else {
                return XCTFail("round \(round): delivery stopped after \(log.values.count) of 500 elements")
            }
            XCTAssertEqual(log.values, Array(0..<500), "round \(round)")
        }
    }
}

private final class LockedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
}
