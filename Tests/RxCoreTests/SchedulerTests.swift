import XCTest
import Dispatch
import RxCore
import RxTesting

/// The schedulers: where and in what order they run work, and what disposing
/// scheduled work does. Waits are bounded; nothing asserts a duration.
final class SchedulerTests: RxTestCase {
    private let waitLimit: TimeInterval = 10

    // MARK: CurrentThreadScheduler

    func testCurrentThreadSchedulerRunsAtOnceWhenNothingRunsOnTheThread() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule { ran = true }
        XCTAssertTrue(ran)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired, "the trampoline is inactive again afterwards")
    }

    func testCurrentThreadSchedulerQueuesNestedWorkUntilTheOuterActionReturns() {
        var log: [String] = []
        var requiredInside: Bool?
        _ = CurrentThreadScheduler.instance.schedule {
            log.append("outer start")
            requiredInside = CurrentThreadScheduler.isScheduleRequired
            _ = CurrentThreadScheduler.instance.schedule {
                log.append("inner 1")
                _ = CurrentThreadScheduler.instance.schedule { log.append("inner of inner 1") }
            }
            _ = CurrentThreadScheduler.instance.schedule { log.append("inner 2") }
            log.append("outer end")
        }
        XCTAssertEqual(requiredInside, false)
        XCTAssertEqual(log, ["outer start", "outer end", "inner 1", "inner 2", "inner of inner 1"])
    }

    func testCurrentThreadSchedulerNestedWorkDisposedBeforeItRunsIsCancelled() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule {
            let cancelled = CurrentThreadScheduler.instance.schedule { log.append("cancelled") }
            _ = CurrentThreadScheduler.instance.schedule { log.append("kept") }
            cancelled.dispose()
        }
        XCTAssertEqual(log, ["kept"])
    }

    func testCurrentThreadSchedulerIsActiveInsideASubscription() {
        var requiredInsideSubscribe: Bool?
        let subscription = Observable<Int>.create { observer in
            requiredInsideSubscribe = CurrentThreadScheduler.isScheduleRequired
            observer.onCompleted()
            return Disposables.create()
        }.subscribe()
        subscription.dispose()
        XCTAssertEqual(requiredInsideSubscribe, false)
    }

    // MARK: ImmediateScheduler

    func testImmediateSchedulerRunsNestedWorkInline() {
        var log: [String] = []
        _ = ImmediateScheduler.instance.schedule {
            log.append("outer start")
            _ = ImmediateScheduler.instance.schedule { log.append("inner") }
            log.append("outer end")
        }
        XCTAssertEqual(log, ["outer start", "inner", "outer end"])
    }

    func testImmediateSchedulerReturnsWhatTheActionReturned() {
        let inner = BooleanDisposable()
        let returned = ImmediateScheduler.instance.schedule(()) { _ in inner }
        returned.dispose()
        XCTAssertTrue(inner.isDisposed)
    }

    // MARK: SerialDispatchQueueScheduler

    func testSerialSchedulerRunsWorkInOrderOneAtATime() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.tests.serial.order")
        let log = SharedValue<[Int]>([])
        let overlap = OverlapDetector()
        let done = expectation(description: "all ran")
        let count = 200
        for index in 0..<count {
            _ = scheduler.schedule {
                overlap.enter()
                let total = log.withLock { log -> Int in
                    log.append(index)
                    return log.count
                }
                overlap.leave()
                if total == count { done.fulfill() }
            }
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(log.value, Array(0..<count))
        XCTAssertEqual(overlap.overlapCount, 0)
    }

    func testSerialSchedulerWorkDisposedBeforeItRunsIsCancelled() {
        let queue = DispatchQueue(label: "rx.tests.serial.cancel")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let gate = DispatchSemaphore(value: 0)
        let log = SharedValue<[String]>([])
        let done = expectation(description: "marker ran")
        // Hold the queue so that the next item cannot start before it is disposed.
        _ = scheduler.schedule { _ = gate.wait(timeout: .now() + 10) }
        let cancelled = scheduler.schedule { log.withLock { $0.append("cancelled") } }
        _ = scheduler.schedule {
            log.withLock { $0.append("marker") }
            done.fulfill()
        }
        cancelled.dispose()
        gate.signal()
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(log.value, ["marker"])
    }

    func testSerialSchedulerRelativeWorkDisposedBeforeItsDueTimeNeverRuns() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.tests.serial.relative")
        let ran = SharedValue(false)
        let done = expectation(description: "later marker ran")
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            ran.value = true
            return Disposables.create()
        }
        cancelled.dispose()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertFalse(ran.value)
    }

    // MARK: ConcurrentDispatchQueueScheduler

    func testConcurrentSchedulerRunsEveryItem() {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "rx.tests.concurrent.all", attributes: .concurrent))
        let counter = SharedCounter()
        let done = expectation(description: "all ran")
        let count = 100
        for _ in 0..<count {
            _ = scheduler.schedule {
                if counter.increment() == count { done.fulfill() }
            }
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(counter.value, count)
    }

    func testConcurrentSchedulerCanRunTwoItemsAtTheSameTime() {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "rx.tests.concurrent.overlap", attributes: .concurrent))
        let firstStarted = DispatchSemaphore(value: 0)
        let secondRan = DispatchSemaphore(value: 0)
        let firstSawSecond = SharedValue<Bool?>(nil)
        let done = expectation(description: "first finished")
        // The first item waits (bounded) for the second: only a concurrent queue lets it finish in time.
        _ = scheduler.schedule {
            firstStarted.signal()
            firstSawSecond.value = secondRan.wait(timeout: .now() + 10) == .success
            done.fulfill()
        }
        XCTAssertEqual(firstStarted.wait(timeout: .now() + 10), .success)
        _ = scheduler.schedule { secondRan.signal() }
        wait(for: [done], timeout: 15)
        XCTAssertEqual(firstSawSecond.value, true)
    }

    // MARK: MainScheduler

    func testMainSchedulerRunsWorkAtOnceOnTheMainThreadAndQueuesWhatItSchedules() {
        XCTAssertTrue(MainScheduler.isMainThread, "XCTest runs tests on the main thread")
        var log: [Int] = []
        let done = expectation(description: "the queued work ran")
        _ = MainScheduler.instance.schedule {
            log.append(1)
            _ = MainScheduler.instance.schedule {
                log.append(3)
                done.fulfill()
            }
            log.append(2)
        }
        XCTAssertEqual(log, [1, 2], "the first action runs inside schedule, the nested one waits for the queue")
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(log, [1, 2, 3])
    }

    func testMainSchedulerRunsWorkFromOtherThreadsInOrderOnTheMainThread() {
        let log = SharedValue<[Int]>([])
        let onMainThread = SharedValue<[Bool]>([])
        let done = expectation(description: "all ran")
        let count = 50
        DispatchQueue.global().async {
            for index in 0..<count {
                _ = MainScheduler.instance.schedule {
                    onMainThread.withLock { $0.append(MainScheduler.isMainThread) }
                    let total = log.withLock { log -> Int in
                        log.append(index)
                        return log.count
                    }
                    if total == count { done.fulfill() }
                }
            }
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(log.value, Array(0..<count))
        XCTAssertEqual(onMainThread.value, Array(repeating: true, count: count))
    }

    func testMainSchedulerWorkDisposedBeforeItRunsNeverRunsAndDoesNotHoldUpLaterWork() {
        var log: [String] = []
        let done = expectation(description: "later work ran")
        _ = MainScheduler.instance.schedule {
            log.append("first")
            // Scheduled from inside running work, so both of these are queued.
            MainScheduler.instance.schedule { log.append("disposed") }.dispose()
            _ = MainScheduler.instance.schedule {
                log.append("later")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(log, ["first", "later"])
        // The disposed work still left the queue: work scheduled now runs at once again.
        var ranAtOnce = false
        _ = MainScheduler.instance.schedule { ranAtOnce = true }
        XCTAssertTrue(ranAtOnce)
    }

    func testMainThreadIsOnlyTheMainThread() {
        let elsewhere = SharedValue<Bool?>(nil)
        let done = expectation(description: "ran")
        DispatchQueue.global().async {
            elsewhere.value = MainScheduler.isMainThread
            done.fulfill()
        }
        wait(for: [done], timeout: waitLimit)
        XCTAssertEqual(elsewhere.value, false)
        XCTAssertTrue(MainScheduler.isMainThread)
    }

    // MARK: Cancelling relative work

    func testDisposingWorkDueLaterLetsGoOfWhatItCapturedAtOnce() {
        final class Captured {}
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.tests.relative")
        var captured: Captured? = Captured()
        weak let released = captured
        let work = scheduler.scheduleRelative(captured!, dueTime: .seconds(600)) { _ in
            XCTFail("cancelled work ran")
            return Disposables.create()
        }
        captured = nil
        XCTAssertNotNil(released, "the pending work holds its state")
        work.dispose()
        let deadline = Date(timeIntervalSinceNow: 2)
        while released != nil && Date() < deadline { usleep(1_000) }
        XCTAssertNil(released, "a timeout of ten minutes must not keep its captures for ten minutes once cancelled")
    }

    // MARK: schedulePeriodic

    func testSchedulePeriodicOnDispatchStopsTickingWhenDisposedFromATick() {
        let queue = DispatchQueue(label: "rx.tests.periodic")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let ticks = SharedCounter()
        let periodic = SharedValue<Disposable?>(nil)
        let stopped = expectation(description: "disposed from the third tick")
        periodic.value = scheduler.schedulePeriodic(0, startAfter: .milliseconds(5), period: .milliseconds(5)) { state in
            // The disposable may not be stored yet on the first tick; the third needs it.
            if ticks.increment() == 3, let disposable = periodic.value {
                disposable.dispose()
                stopped.fulfill()
            }
            return state + 1
        }
        wait(for: [stopped], timeout: waitLimit)
        // Let several more periods pass on the timer's own queue, then look.
        let later = expectation(description: "later")
        queue.asyncAfter(deadline: .now() + .milliseconds(50)) { later.fulfill() }
        wait(for: [later], timeout: waitLimit)
        XCTAssertEqual(ticks.value, 3)
        periodic.value = nil
    }

    func testSchedulePeriodicThreadsStateAndStopsWhenDisposedOnVirtualTime() {
        let scheduler = TestScheduler()
        var states: [Int] = []
        var periodic: Disposable?
        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic(1, startAfter: .seconds(10), period: .seconds(5)) { state in
                states.append(state)
                return state * 2
            }
        }
        scheduler.scheduleAt(126) { periodic?.dispose() }
        scheduler.start()
        // Ticks at 110, 115, 120, 125; none at 130 once disposed at 126.
        XCTAssertEqual(states, [1, 2, 4, 8])
    }

    // MARK: scheduleRecursive

    /// The action refers to its own disposable, a cycle that disposing must break
    /// (RxSwift drops the action on dispose); the leak check in `tearDown` holds it to that.
    func testScheduleRecursiveStopsWhenDisposedFromInsideTheAction() {
        let scheduler = TestScheduler()
        var states: [Int] = []
        var recursion: Disposable?
        recursion = scheduler.scheduleRecursive(0) { state, recurse in
            states.append(state)
            if state == 4 { recursion?.dispose() }
            recurse(state + 1)
        }
        scheduler.start()
        XCTAssertEqual(states, [0, 1, 2, 3, 4])
    }

    func testScheduleRecursiveStopsWhenTheActionStopsRecursing() {
        var states: [Int] = []
        let recursion = CurrentThreadScheduler.instance.scheduleRecursive(0) { state, recurse in
            states.append(state)
            if state < 3 { recurse(state + 1) }
        }
        recursion.dispose()
        XCTAssertEqual(states, [0, 1, 2, 3])
    }

    func testScheduleRecursiveOnDispatchStopsWhenDisposedFromAnotherThread() {
        let queue = DispatchQueue(label: "rx.tests.recursive")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let steps = SharedCounter()
        let fiveSteps = expectation(description: "five steps")
        let recursion = scheduler.scheduleRecursive(()) { _, recurse in
            if steps.increment() == 5 { fiveSteps.fulfill() }
            recurse(())
        }
        wait(for: [fiveSteps], timeout: waitLimit)
        recursion.dispose()
        // At most the step running during dispose() may still finish; after it nothing runs.
        let first = expectation(description: "first marker")
        let atFirstMarker = SharedValue(0)
        queue.async {
            atFirstMarker.value = steps.value
            first.fulfill()
        }
        wait(for: [first], timeout: waitLimit)
        let second = expectation(description: "second marker")
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) { second.fulfill() }
        wait(for: [second], timeout: waitLimit)
        XCTAssertEqual(steps.value, atFirstMarker.value)
        XCTAssertGreaterThanOrEqual(steps.value, 5)
    }
}
