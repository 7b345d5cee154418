import XCTest
import Dispatch
import Synchronization
import RxCore
import RxTesting

/// PublishSubject, BehaviorSubject, ReplaySubject and AsyncSubject: what each
/// subscriber receives, when, and how subjects behave under reentrancy and
/// concurrent senders.
final class SubjectTests: RxTestCase {
    // MARK: PublishSubject

    func testPublishSubjectSendsEachSubscriberOnlyWhatFollowsItsSubscription() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(230) { subject.onNext(2) }
        scheduler.scheduleAt(250) { subject.onNext(3) }
        scheduler.scheduleAt(270) { subject.onCompleted() }
        scheduler.scheduleAt(280) { subject.onNext(4) }
        let early = scheduler.record(subject, subscribeAt: 200)
        let middle = scheduler.record(subject, subscribeAt: 220, disposeAt: 240)
        let late = scheduler.record(subject, subscribeAt: 240)
        let afterEnd = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(early.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(270)])
        XCTAssertEqual(middle.events, [.next(230, 2)])
        XCTAssertEqual(late.events, [.next(250, 3), .completed(270)])
        XCTAssertEqual(afterEnd.events, [.completed(300)])
    }

    func testPublishSubjectErrorReachesCurrentAndLateSubscribers() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) { subject.onError(TestError("subject")) }
        scheduler.scheduleAt(230) { subject.onNext(2) }
        scheduler.scheduleAt(240) { subject.onCompleted() }
        let current = scheduler.record(subject, subscribeAt: 200)
        let late = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(current.events, [.next(210, 1), .error(220, TestError("subject"))])
        XCTAssertEqual(late.events, [.error(300, TestError("subject"))])
    }

    func testPublishSubjectHasObserversFollowsSubscriptionsAndTermination() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)
        let first = subject.subscribe(onNext: { _ in })
        let second = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        first.dispose()
        XCTAssertTrue(subject.hasObservers)
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
        let third = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        subject.onCompleted()
        XCTAssertFalse(subject.hasObservers)
        third.dispose()
    }

    func testDisposedSubjectFailsNewSubscribersAndIgnoresEvents() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let early = subject.subscribe(onNext: { received.append($0) })
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        subject.onNext(1)
        var lateError: Swift.Error?
        _ = subject.subscribe(onError: { lateError = $0 })
        early.dispose()
        XCTAssertEqual(received, [])
        guard case .disposed? = lateError as? RxError else {
            return XCTFail("expected RxError.disposed, got \(String(describing: lateError))")
        }
    }

    // MARK: BehaviorSubject

    func testBehaviorSubjectSendsTheCurrentValueThenLiveEvents() {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject(value: 0)
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(230) { subject.onNext(2) }
        scheduler.scheduleAt(250) { subject.onCompleted() }
        let early = scheduler.record(subject, subscribeAt: 200)
        let middle = scheduler.record(subject, subscribeAt: 220)
        let afterEnd = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(early.events, [.next(200, 0), .next(210, 1), .next(230, 2), .completed(250)])
        XCTAssertEqual(middle.events, [.next(220, 1), .next(230, 2), .completed(250)])
        // As in RxSwift: a stopped behavior subject sends only its terminal event.
        XCTAssertEqual(afterEnd.events, [.completed(300)])
    }

    func testBehaviorSubjectValueFollowsElementsAndSurvivesCompletion() throws {
        let subject = BehaviorSubject(value: "a")
        XCTAssertEqual(try subject.value(), "a")
        subject.onNext("b")
        XCTAssertEqual(try subject.value(), "b")
        subject.onCompleted()
        subject.onNext("c")
        XCTAssertEqual(try subject.value(), "b")
    }

    func testBehaviorSubjectValueThrowsTheErrorItFailedWith() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(TestError("failed"))
        XCTAssertThrowsError(try subject.value()) { error in
            XCTAssertEqual(error as? TestError, TestError("failed"))
        }
        var lateEvents: [Event<Int>] = []
        _ = subject.subscribe { lateEvents.append($0) }
        XCTAssertEqual(lateEvents, [.error(TestError("failed"))])
    }

    func testBehaviorSubjectValueThrowsDisposedAfterDispose() {
        let subject = BehaviorSubject(value: 1)
        subject.dispose()
        XCTAssertThrowsError(try subject.value()) { error in
            guard case .disposed? = error as? RxError else { return XCTFail("expected RxError.disposed, got \(error)") }
        }
    }

    // MARK: ReplaySubject

    func testReplaySubjectBoundedReplaysTheLatestElementsToLateSubscribers() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for (time, value) in [(210, 1), (220, 2), (230, 3)] { scheduler.scheduleAt(time) { subject.onNext(value) } }
        scheduler.scheduleAt(260) { subject.onNext(4) }
        let late = scheduler.record(subject, subscribeAt: 250)
        scheduler.start()
        XCTAssertEqual(late.events, [.next(250, 2), .next(250, 3), .next(260, 4)])
    }

    func testReplaySubjectOfZeroReplaysNothing() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(260) { subject.onNext(2) }
        scheduler.scheduleAt(270) { subject.onCompleted() }
        let late = scheduler.record(subject, subscribeAt: 250)
        let afterEnd = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(late.events, [.next(260, 2), .completed(270)])
        XCTAssertEqual(afterEnd.events, [.completed(300)])
    }

    func testReplaySubjectUnboundedReplaysEverything() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>.createUnbounded()
        for time in stride(from: 210, through: 300, by: 10) { scheduler.scheduleAt(time) { subject.onNext(time) } }
        let late = scheduler.record(subject, subscribeAt: 305)
        scheduler.start()
        XCTAssertEqual(late.events, stride(from: 210, through: 300, by: 10).map { .next(305, $0) })
    }

    func testReplaySubjectReplaysThenTheTerminalEventToLateSubscribers() {
        let scheduler = TestScheduler()
        let completed = ReplaySubject<Int>.create(bufferSize: 2)
        let failed = ReplaySubject<Int>.createUnbounded()
        scheduler.scheduleAt(210) { completed.onNext(1); failed.onNext(1) }
        scheduler.scheduleAt(220) { completed.onNext(2); failed.onNext(2) }
        scheduler.scheduleAt(230) { completed.onNext(3); completed.onCompleted() }
        scheduler.scheduleAt(240) { failed.onError(TestError("replay")) }
        let afterCompletion = scheduler.record(completed, subscribeAt: 300)
        let afterError = scheduler.record(failed, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(afterCompletion.events, [.next(300, 2), .next(300, 3), .completed(300)])
        XCTAssertEqual(afterError.events, [.next(300, 1), .next(300, 2), .error(300, TestError("replay"))])
    }

    // MARK: AsyncSubject

    func testAsyncSubjectSendsOnlyTheLastElementOnCompletion() {
        let scheduler = TestScheduler()
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) { subject.onNext(2) }
        scheduler.scheduleAt(250) { subject.onCompleted() }
        let early = scheduler.record(subject, subscribeAt: 200)
        let afterEnd = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(early.events, [.next(250, 2), .completed(250)])
        XCTAssertEqual(afterEnd.events, [.next(300, 2), .completed(300)])
    }

    func testAsyncSubjectErrorDropsTheLastElement() {
        let scheduler = TestScheduler()
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(250) { subject.onError(TestError("async")) }
        let early = scheduler.record(subject, subscribeAt: 200)
        let afterEnd = scheduler.record(subject, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(early.events, [.error(250, TestError("async"))])
        XCTAssertEqual(afterEnd.events, [.error(300, TestError("async"))])
    }

    func testAsyncSubjectCompletingEmptySendsOnlyCompletion() {
        let scheduler = TestScheduler()
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(250) { subject.onCompleted() }
        let early = scheduler.record(subject, subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(early.events, [.completed(250)])
    }

    // MARK: Reentrancy

    // MARK: What a subject holds on to
    //
    // The observer list holds its subscriptions unmanaged (see ObserverList):
    // each way a subscriber leaves must give its reference back, exactly once.

    func testAFreedSubjectReleasesItsSubscribersThatNeverDisposed() {
        final class Probe {}
        weak var released: Probe?
        let before = Resources.total
        do {
            let probe = Probe()
            released = probe
            let subject = PublishSubject<Int>()
            for _ in 0..<3 { _ = subject.subscribe(onNext: { _ in _ = probe }) }
            subject.onNext(1)
        }
        XCTAssertNil(released, "the subject's observers outlived it")
        XCTAssertEqual(Resources.total, before)
    }

    func testAnObservableOutlivingItsSubjectReplaysButKeepsNoNewSubscriber() {
        // Once the subject's public object is gone nobody can send it anything: a
        // subscriber that comes later through an observable made from it hears what
        // the subject replays, and is not held on to for events that cannot come.
        final class Probe {}
        weak var released: Probe?
        let before = Resources.total
        var heard: [Event<Int>] = []
        var observable: Observable<Int>?
        do {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            observable = subject.asObservable()
        }
        do {
            let probe = Probe()
            released = probe
            _ = observable!.subscribe { event in _ = probe; heard.append(event) }
        }
        XCTAssertEqual(heard, [.next(2), .next(3)])
        XCTAssertNil(released, "a subscriber of a freed subject was kept while an observable of it lives")
        observable = nil
        XCTAssertEqual(Resources.total, before)
    }

    func testEveryWayOfLeavingASubjectReleasesTheObserver() {
        final class Probe {}
        for leave in ["dispose one of many", "dispose the only one", "complete", "fail", "dispose the subject"] {
            weak var released: Probe?
            let subject = PublishSubject<Int>()
            var others: [Disposable] = []
            do {
                let probe = Probe()
                released = probe
                if leave == "dispose one of many" { others = (0..<3).map { _ in subject.subscribe(onNext: { _ in }) } }
                let subscription = subject.subscribe(onNext: { _ in _ = probe })
                subject.onNext(1)
                switch leave {
                case "complete": subject.onCompleted()
                case "fail": subject.onError(TestError("x"))
                case "dispose the subject": subject.dispose()
                default: subscription.dispose()
                }
            }
            XCTAssertNil(released, "\(leave): the subject still holds the observer")
            subject.onNext(2)
            others.forEach { $0.dispose() }
            XCTAssertFalse(subject.hasObservers, leave)
        }
    }

    func testDisposingTheSameSubscriptionTwiceLeavesTheOthersSubscribed() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let first = subject.subscribe(onNext: { received.append($0) })
        let second = subject.subscribe(onNext: { received.append($0 * 10) })
        second.dispose()
        second.dispose()
        subject.onNext(1)
        XCTAssertEqual(received, [1])
        first.dispose()
        subject.onNext(2)
        XCTAssertEqual(received, [1])
    }

    func testSubscribingFromInsideDeliveryTakesEffectAfterTheCurrentEvent() {
        let subject = PublishSubject<Int>()
        var outer: [Int] = [], inner: [Int] = []
        var innerSubscription: Disposable?
        let subscription = subject.subscribe(onNext: { value in
            outer.append(value)
            if innerSubscription == nil {
                innerSubscription = subject.subscribe(onNext: { inner.append($0) })
            }
        })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        innerSubscription?.dispose()
        XCTAssertEqual(outer, [1, 2])
        XCTAssertEqual(inner, [2])
    }

    func testSubscriptionsQueuedBehindADeliveryAndMadeAfterItLeaveOneByOneInAnyOrder() {
        // Subscriptions made from inside a delivery are queued behind it and keyed
        // apart from those made directly; the list then holds both kinds, its keys
        // out of order. Every one must still leave alone, whichever order they go in.
        let subject = PublishSubject<Int>()
        var heard: [String: [Int]] = [:]
        var subscriptions: [String: Disposable] = [:]
        func subscribe(_ name: String) {
            subscriptions[name] = subject.subscribe(onNext: { heard[name, default: []].append($0) })
        }
        subscribe("direct 1")
        subscribe("direct 2")
        var queuedMade = false
        subscriptions["queuing"] = subject.subscribe(onNext: { value in
            heard["queuing", default: []].append(value)
            guard !queuedMade else { return }
            queuedMade = true
            for name in ["queued 1", "queued 2", "queued 3"] { subscribe(name) }
        })
        subject.onNext(0)
        for name in ["direct 3", "direct 4", "direct 5"] { subscribe(name) }
        heard = [:]
        var live = Set(subscriptions.keys)
        var element = 1
        for name in ["queued 2", "direct 4", "direct 1", "queued 3", "direct 5", "queuing", "queued 1", "direct 3", "direct 2"] {
            subscriptions[name]!.dispose()
            live.remove(name)
            subject.onNext(element)
            for other in subscriptions.keys {
                XCTAssertEqual(heard[other]?.last == element, live.contains(other),
                               "after \(name) left, \(other) \(live.contains(other) ? "missed" : "heard") element \(element)")
            }
            element += 1
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testSubscribingFromInsideTheTerminalEventHearsTheReplayAndTheEndAtOnce() {
        let completing = ReplaySubject<Int>.create(bufferSize: 1)
        let failing = ReplaySubject<Int>.create(bufferSize: 1)
        var log: [String] = []
        for (name, subject) in [("completed", completing), ("failed", failing)] {
            _ = subject.subscribe(
                onNext: { log.append("first \($0)") },
                onError: { _ in
                    _ = subject.subscribe(onNext: { log.append("second \($0)") }, onError: { _ in log.append("second failed") })
                    log.append("first failed")
                },
                onCompleted: {
                    _ = subject.subscribe(onNext: { log.append("second \($0)") }, onCompleted: { log.append("second completed") })
                    log.append("first completed")
                })
            _ = subject.subscribe(onNext: { _ in }, onError: { _ in log.append("third \(name)") }, onCompleted: { log.append("third \(name)") })
            subject.onNext(2)
            if name == "completed" { subject.onCompleted() } else { subject.onError(TestError("x")) }
        }
        XCTAssertEqual(log, [
            "first 2", "second 2", "second completed", "first completed", "third completed",
            "first 2", "second 2", "second failed", "first failed", "third failed",
        ])
    }

    func testBehaviorSubjectSubscriberAddedDuringDeliveryStartsFromTheNewValue() {
        let subject = BehaviorSubject(value: 0)
        var inner: [Int] = []
        var innerSubscription: Disposable?
        let subscription = subject.subscribe(onNext: { value in
            if value == 1 { innerSubscription = subject.subscribe(onNext: { inner.append($0) }) }
        })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        innerSubscription?.dispose()
        XCTAssertEqual(inner, [1, 2])
    }

    func testOnNextFromInsideDeliveryIsQueuedBehindTheCurrentEventForEveryObserver() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let first = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 { subject.onNext(2) }
        })
        let second = subject.subscribe(onNext: { log.append("second \($0)") })
        subject.onNext(1)
        first.dispose()
        second.dispose()
        XCTAssertEqual(log, ["first 1", "second 1", "first 2", "second 2"])
    }

    func testDisposingFromInsideDeliveryStopsFurtherEvents() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if value == 2 { subscription?.dispose() }
        })
        for value in 1...4 { subject.onNext(value) }
        subscription = nil  // the closure holds the variable: break the cycle
        XCTAssertEqual(received, [1, 2])
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: Concurrency

    func testConcurrentOnNextNeverOverlapsAndDeliversEveryElementExactlyOnce() {
        let subject = PublishSubject<Int>()
        let threads = 4, perThread = 5_000
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        // Only touched inside deliveries, which must not overlap.
        final class Log: @unchecked Sendable { var values: [Int] = [] }
        let log = Log()
        let subscription = subject.subscribe(onNext: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
            log.values.append(value)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        })
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { subject.onNext(thread * perThread + index) }
        }
        subscription.dispose()
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
        XCTAssertEqual(log.values.count, threads * perThread)
        XCTAssertEqual(Set(log.values), Set(0..<(threads * perThread)))
        // Each sender's elements arrive in the order it sent them.
        for thread in 0..<threads {
            let range = (thread * perThread)..<((thread + 1) * perThread)
            let mine = log.values.filter { range.contains($0) }
            XCTAssertEqual(mine, Array(range))
        }
    }
}
