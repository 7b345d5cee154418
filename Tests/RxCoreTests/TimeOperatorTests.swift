import XCTest
import RxCore
import RxTesting

/// Time operators on virtual time: one tick is one second, so `.seconds(10)` is
/// 10 ticks, and `scheduler.start` subscribes at 200 and disposes at 1000.
final class TimeOperatorTests: RxTestCase {
    private let boom = TestError("boom")

    // MARK: timer and interval

    func testOneShotTimerEmitsZeroThenCompletesAtDueTime() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 0), .completed(210)])
    }

    func testOneShotTimerDisposedBeforeDueTimeEmitsNothing() {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 205) { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [])
    }

    func testPeriodicTimerStartsAfterDueTimeThenTicksEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 232) {
            Observable<Int>.timer(.seconds(10), period: .seconds(5), scheduler: scheduler)
        }
        XCTAssertEqual(observer.events, [
            .next(210, 0), .next(215, 1), .next(220, 2), .next(225, 3), .next(230, 4),
        ])
    }

    func testIntervalTicksEveryPeriodStartingOnePeriodAfterSubscription() {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 245) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
    }

    func testIntervalWithTakeCompletesAndStopsTicking() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(2) }
        XCTAssertEqual(observer.events, [.next(210, 0), .next(220, 1), .completed(220)])
    }

    // MARK: delay

    func testDelayShiftsElementsAndCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().delay(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(220, 1), .next(230, 2), .completed(310)])
        // As in RxSwift, the source is released when it completes, not when the
        // delayed completion is delivered.
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testDelayDeliversEventsDueAtOneTimeOnePerTurnOfTheScheduler() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
        let observer = scheduler.start { source.asObservable().delay(.seconds(5), scheduler: scheduler) }
        // The first is due at 215; each one after it takes a turn (a simulated tick).
        XCTAssertEqual(observer.events, [.next(215, 1), .next(216, 2), .completed(217)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
    }

    func testDelayDoesNotDelayErrorsAndDropsElementsStillWaiting() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(250, 2), .error(255, boom),
        ])
        let observer = scheduler.start { source.asObservable().delay(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(220, 1), .error(255, boom)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 255)])
    }

    func testDelayDisposedWhileElementsWaitDeliversNothingMore() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let observer = scheduler.start(disposed: 225) { source.asObservable().delay(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(220, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)])
    }

    // MARK: delaySubscription

    func testDelaySubscriptionSubscribesToTheSourceAfterDueTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(20)])
        let observer = scheduler.start { source.asObservable().delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(240, 1), .next(245, 2), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(230, 250)])
    }

    func testDelaySubscriptionDisposedBeforeDueTimeNeverSubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start(disposed: 220) {
            source.asObservable().delaySubscription(.seconds(30), scheduler: scheduler)
        }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [])
    }

    // MARK: timeout

    func testTimeoutFailsWhenNoEventArrivesWithinDueTimeOfSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(250, 1), .completed(300)])
        let observer = scheduler.start { source.asObservable().timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(220, RxError.timeout)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testTimeoutTimerRestartsAfterEachElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(225, 2), .next(260, 3), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().timeout(.seconds(20), scheduler: scheduler) }
        // 210 re-arms to 230, 225 re-arms to 245; 260 is too late.
        XCTAssertEqual(observer.events, [.next(210, 1), .next(225, 2), .error(245, RxError.timeout)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 245)])
    }

    func testTimeoutPassesEverythingThroughWhenEventsArriveInTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(225, 2), .next(240, 3), .completed(255),
        ])
        let observer = scheduler.start { source.asObservable().timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(225, 2), .next(240, 3), .completed(255)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 255)])
    }

    func testTimeoutForwardsSourceErrorBeforeDueTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(215, boom)])
        let observer = scheduler.start { source.asObservable().timeout(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(215, boom)])
    }

    func testTimeoutWithOtherSwitchesToOtherAndDisposesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(225, 2), .next(260, 3), .completed(300),
        ])
        let other = scheduler.createColdObservable([.next(5, 100), .completed(10)])
        let observer = scheduler.start {
            source.asObservable().timeout(.seconds(20), other: other, scheduler: scheduler)
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(225, 2), .next(250, 100), .completed(255)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(other.subscriptions, [Subscription(245, 255)])
    }

    func testTimeoutWithOtherNeverSubscribesToOtherWhenSourceIsInTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let other = scheduler.createColdObservable([.next(5, 100), .completed(10)])
        let observer = scheduler.start {
            source.asObservable().timeout(.seconds(20), other: other, scheduler: scheduler)
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(other.subscriptions, [])
    }

    // MARK: debounce

    func testDebounceEmitsAnElementOnlyAfterAQuietPeriod() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2),
            .next(240, 3), .next(245, 4), .next(247, 5),
            .next(280, 6), .next(295, 7), .completed(400),
        ])
        let observer = scheduler.start { source.asObservable().debounce(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [
            .next(225, 2), .next(257, 5), .next(290, 6), .next(305, 7), .completed(400),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 400)])
    }

    func testDebounceFlushesThePendingElementBeforeCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(218)])
        let observer = scheduler.start { source.asObservable().debounce(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(218, 2), .completed(218)])
    }

    func testDebounceDropsThePendingElementOnError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(215, boom)])
        let observer = scheduler.start { source.asObservable().debounce(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(215, boom)])
    }

    func testDebounceDisposedWithAPendingElementEmitsNothingMore() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let observer = scheduler.start(disposed: 235) { source.asObservable().debounce(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(220, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 235)])
    }

    // MARK: throttle

    func testThrottleLatestEmitsFirstThenTheLastElementOfEachWindow() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(212, 2), .next(215, 3),
            .next(230, 4), .next(235, 5), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().throttle(.seconds(10), latest: true, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [
            .next(210, 1), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300),
        ])
    }

    func testThrottleWithoutLatestDropsElementsInsideTheWindow() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(212, 2), .next(215, 3),
            .next(222, 4), .next(225, 5), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().throttle(.seconds(10), latest: false, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(222, 4), .completed(300)])
    }

    func testThrottleLatestDelaysCompletionUntilThePendingElementIsSent() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(217)])
        let observer = scheduler.start { source.asObservable().throttle(.seconds(10), latest: true, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(220)])
    }

    func testThrottleForwardsErrorsAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .error(217, boom)])
        let observer = scheduler.start { source.asObservable().throttle(.seconds(10), latest: true, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(217, boom)])
    }

    // MARK: observe(on:) and subscribe(on:)

    func testObserveOnDeliversLaterOnTheSchedulerInOrder() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        var receivedDuringOnNext: [Int] = []
        scheduler.scheduleAt(200) { subscription = subject.observe(on: scheduler).subscribe(observer) }
        scheduler.scheduleAt(210) {
            subject.onNext(1)
            subject.onNext(2)
            // The elements were queued on the scheduler, not delivered inside onNext.
            receivedDuringOnNext.append(observer.events.count)
        }
        scheduler.scheduleAt(220) { subject.onCompleted() }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(receivedDuringOnNext, [0])
        // Each event is a turn of the scheduler of its own, and each turn takes the
        // test scheduler's simulated tick.
        XCTAssertEqual(observer.events, [.next(211, 1), .next(212, 2), .completed(221)])
    }

    func testObserveOnDropsQueuedEventsWhenDisposed() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(210) {
            let subscription = subject.observe(on: scheduler).subscribe(observer)
            subject.onNext(1)
            // Disposed before the scheduler had a turn to deliver.
            subscription.dispose()
        }
        scheduler.start()
        XCTAssertEqual(observer.events, [])
        XCTAssertFalse(subject.hasObservers)
    }

    func testSubscribeOnSubscribesAndDisposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(320, 2)])
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        var subscriptionsRightAfterSubscribe: [Subscription] = []
        var subscriptionsRightAfterDispose: [Subscription] = []
        scheduler.scheduleAt(200) {
            subscription = source.asObservable().subscribe(on: scheduler).subscribe(observer)
            subscriptionsRightAfterSubscribe = source.subscriptions
        }
        scheduler.scheduleAt(300) {
            subscription?.dispose()
            subscriptionsRightAfterDispose = source.subscriptions
        }
        scheduler.start()
        XCTAssertEqual(subscriptionsRightAfterSubscribe, [], "the source is subscribed on a later turn of the scheduler")
        XCTAssertEqual(subscriptionsRightAfterDispose, [Subscription(201)], "the source is disposed on a later turn of the scheduler")
        // Subscribing and disposing each take the scheduler's simulated tick.
        XCTAssertEqual(source.subscriptions, [Subscription(201, 301)])
        XCTAssertEqual(observer.events, [.next(210, 1)])
    }

    func testSubscribeOnDisposesTheSourceOnTheSchedulerAlsoAfterItCompleted() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(300, Int.self)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        XCTAssertEqual(observer.events, [.completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOnDisposedBeforeItsTurnNeverSubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            source.asObservable().subscribe(on: scheduler).subscribe(observer).dispose()
        }
        scheduler.start()
        XCTAssertEqual(source.subscriptions, [])
        XCTAssertEqual(observer.events, [])
    }
}
