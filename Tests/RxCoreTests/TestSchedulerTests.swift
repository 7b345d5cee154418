import XCTest
import FoundationEssentials
import RxCore
import RxTesting

/// The virtual-time scheduler itself: the clock every timeline test relies on.
final class TestSchedulerTests: RxTestCase {
    func testStartRunsScheduledWorkInTimeOrderAndMovesTheClock() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.start()
        XCTAssertEqual(log, ["a@10", "b@20", "c@30"])
        XCTAssertEqual(scheduler.clock, 30)
    }

    func testWorkScheduledForTheSameTimeRunsInSchedulingOrder() {
        let scheduler = TestScheduler()
        var log: [Int] = []
        for index in 0..<20 {
            scheduler.scheduleAbsolute(index, time: 50) { index in
                log.append(index)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(log, Array(0..<20))
    }

    func testDisposedWorkMovesNoClock() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(10) { log.append("at 10") }
        let cancelled = scheduler.scheduleAbsolute((), time: 30) { _ in
            log.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        scheduler.start()
        XCTAssertEqual(log, ["at 10"])
        XCTAssertEqual(scheduler.clock, 10)
    }

    func testWorkScheduledDuringARunForTheCurrentTimeRunsAfterWorkAlreadyDue() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(10) {
            log.append("first")
            _ = scheduler.schedule { log.append("scheduled now, from first") }
        }
        scheduler.scheduleAt(10) { log.append("second") }
        scheduler.start()
        XCTAssertEqual(log, ["first", "second", "scheduled now, from first"])
    }

    func testWorkScheduledInThePastRunsAtTheCurrentTime() {
        let scheduler = TestScheduler(initialClock: 100)
        var ranAt: TestTime?
        scheduler.scheduleAt(40) { ranAt = scheduler.clock }
        scheduler.start()
        XCTAssertEqual(ranAt, 100)
    }

    func testWorkScheduledForNowRunsOneTickLaterAsIfProcessingTookTime() {
        for (simulated, expected) in [(true, [11, 11]), (false, [10, 10])] {
            let scheduler = TestScheduler(simulateProcessingDelay: simulated)
            var ranAt: [TestTime] = []
            scheduler.scheduleAt(10) {
                _ = scheduler.schedule { ranAt.append(scheduler.clock) }
                _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in
                    ranAt.append(scheduler.clock)
                    return Disposables.create()
                }
            }
            scheduler.start()
            XCTAssertEqual(ranAt, expected, "simulateProcessingDelay: \(simulated)")
        }
    }

    func testRecursiveSchedulingMovesTheClockOnATickAStep() {
        let scheduler = TestScheduler()
        var ranAt: [TestTime] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRecursive(0) { step, recurse in
                ranAt.append(scheduler.clock)
                if step < 3 { recurse(step + 1) }
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [101, 102, 103, 104])
    }

    func testWorkScheduledAtAPastTimeRunsBeforeWorkAlreadyDueNow() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(50) {
            scheduler.scheduleAt(50) { log.append("due now") }
            scheduler.scheduleAt(20) { log.append("due in the past at \(scheduler.clock)") }
        }
        scheduler.start()
        XCTAssertEqual(log, ["due in the past at 50", "due now"])
    }

    func testScheduleRelativeCountsTicksFromNow() {
        let scheduler = TestScheduler()
        var ranAt: TestTime?
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(25)) { _ in
                ranAt = scheduler.clock
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, 125)
    }

    func testDisposingScheduledWorkBeforeItsTimeCancelsIt() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let cancelled = scheduler.scheduleAbsolute((), time: 20) { _ in
            log.append("cancelled")
            return Disposables.create()
        }
        scheduler.scheduleAt(10) { cancelled.dispose() }
        scheduler.scheduleAt(30) { log.append("kept") }
        scheduler.start()
        XCTAssertEqual(log, ["kept"])
    }

    func testDisposingScheduledWorkAfterItRanDisposesWhatItReturned() {
        let scheduler = TestScheduler()
        let returned = BooleanDisposable()
        let scheduled = scheduler.scheduleAbsolute((), time: 10) { _ in returned }
        scheduler.start()
        XCTAssertFalse(returned.isDisposed)
        scheduled.dispose()
        XCTAssertTrue(returned.isDisposed)
    }

    func testAdvanceToRunsWorkDueUpToAndIncludingTheTimeThenSetsTheClock() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        for time in [10, 20, 30, 40] {
            scheduler.scheduleAt(time) { log.append(scheduler.clock) }
        }
        scheduler.advanceTo(25)
        XCTAssertEqual(log, [10, 20])
        XCTAssertEqual(scheduler.clock, 25)
        scheduler.advanceTo(30)
        XCTAssertEqual(log, [10, 20, 30])
        XCTAssertEqual(scheduler.clock, 30)
        scheduler.start()
        XCTAssertEqual(log, [10, 20, 30, 40])
    }

    func testStopEndsStartAfterTheCurrentItem() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        scheduler.scheduleAt(10) { log.append(10) }
        scheduler.scheduleAt(20) {
            log.append(20)
            scheduler.stop()
        }
        scheduler.scheduleAt(30) { log.append(30) }
        scheduler.start()
        XCTAssertEqual(log, [10, 20])
        XCTAssertEqual(scheduler.clock, 20)
        // The rest is still queued and runs on the next start.
        scheduler.start()
        XCTAssertEqual(log, [10, 20, 30])
    }

    func testSleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler()
        var ran = false
        scheduler.scheduleAt(10) { ran = true }
        scheduler.sleep(50)
        XCTAssertEqual(scheduler.clock, 50)
        XCTAssertFalse(ran)
        scheduler.start()
        XCTAssertTrue(ran, "overdue work runs on the next start")
        XCTAssertEqual(scheduler.clock, 50)
    }

    func testTicksConvertIntervalsWithTheResolution() {
        let seconds = TestScheduler()
        XCTAssertEqual(seconds.ticks(.seconds(5)), 5)
        XCTAssertEqual(seconds.ticks(.milliseconds(1500)), 2, "rounded to the nearest tick")
        XCTAssertEqual(seconds.ticks(.milliseconds(1400)), 1)
        XCTAssertEqual(seconds.ticks(.never), TestTime.max)

        let milliseconds = TestScheduler(resolution: 0.001)
        XCTAssertEqual(milliseconds.ticks(.milliseconds(5)), 5)
        XCTAssertEqual(milliseconds.ticks(.seconds(2)), 2000)
    }

    func testNowFollowsTheClockAndResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)
        scheduler.advanceTo(20)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 10))
    }

    func testStartHelperCreatesSubscribesAndDisposesAtTheDefaultTimes() {
        let scheduler = TestScheduler()
        var createdAt: TestTime?
        let source = scheduler.createColdObservable([.next(5, "a"), .next(900, "late")])
        let observer = scheduler.start { () -> Observable<String> in
            createdAt = scheduler.clock
            return source.asObservable()
        }
        XCTAssertEqual(createdAt, 100)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(observer.events, [.next(205, "a")])
    }

    func testHotObservableEmitsAtAbsoluteTimesToEachSubscriber() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(source.subscribe(early)) }
        scheduler.scheduleAt(215) { subscriptions.append(source.subscribe(late)) }
        scheduler.scheduleAt(225) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(late.events, [.next(220, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225), Subscription(215, 225)])
    }

    func testColdObservableEmitsRelativeToEachSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(source.subscribe(first)) }
        scheduler.scheduleAt(250) { subscriptions.append(source.subscribe(second)) }
        scheduler.start()
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(260, 1), .completed(270)])
        // Subscribed directly, as in RxTest, a subscription ends when it is disposed
        // (here after the run, at 270), not at the observable's completion.
        XCTAssertEqual(source.subscriptions, [Subscription(200, 270), Subscription(250, 270)])
    }

    func testATestObservableInAnOperatorChainIsReleasedAtItsOwnEnd() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { source.map { $0 } }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    /// Work that is scheduled and then simply left to run (its disposable dropped,
    /// as `scheduleAt` does) must be released with the scheduler: every timeline
    /// test depends on it for its leak check.
    func testScheduledWorkWhoseDisposableIsDroppedIsReleased() {
        let before = Resources.total
        do {
            let scheduler = TestScheduler()
            scheduler.scheduleAt(10) {}
            scheduler.start()
        }
        XCTAssertEqual(Resources.total, before)
    }
}
