import XCTest
import FoundationEssentials
import RxCore

/// VirtualTimeScheduler and HistoricalScheduler: a clock of dates moved only by
/// what is scheduled.
final class VirtualTimeSchedulerTests: RxTestCase {
    private let origin = Date(timeIntervalSince1970: 1_000)

    func testWorkRunsInTimeOrderAndTheClockFollowsIt() {
        let scheduler = HistoricalScheduler(initialClock: origin)
        var ranAt: [TimeInterval] = []
        func record() -> Disposable {
            ranAt.append(scheduler.now.timeIntervalSince(origin))
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in record() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in record() }
        _ = scheduler.schedule(()) { _ in record() }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 15) { _ in record() }
        scheduler.start()
        XCTAssertEqual(ranAt, [0, 10, 15, 20])
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(20))
    }

    func testWorkDueAtTheSameDateRunsInSchedulingOrder() {
        let scheduler = HistoricalScheduler(initialClock: origin)
        var ran: [Int] = []
        for index in 0..<20 {
            _ = scheduler.scheduleRelative(index, dueTime: .seconds(index % 2 == 0 ? 5 : 10)) { index in
                ran.append(index)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ran, Array(stride(from: 0, to: 20, by: 2)) + Array(stride(from: 1, to: 20, by: 2)))
    }

    func testDisposedWorkMovesNoClock() {
        let scheduler = HistoricalScheduler(initialClock: origin)
        var ran: [String] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in ran.append("at 10"); return Disposables.create() }
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in ran.append("cancelled"); return Disposables.create() }
        cancelled.dispose()
        scheduler.start()
        XCTAssertEqual(ran, ["at 10"])
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(10))
    }

    func testPeriodicWorkRunsEveryPeriodWithTheStateItReturnedUntilDisposed() {
        let origin = self.origin
        let scheduler = HistoricalScheduler(initialClock: origin)
        var runs: [(at: TimeInterval, state: Int)] = []
        let periodic = scheduler.schedulePeriodic(1, startAfter: .seconds(5), period: .seconds(10)) { state in
            runs.append((scheduler.now.timeIntervalSince(origin), state))
            return state * 2
        }
        scheduler.advanceTo(origin.addingTimeInterval(40))
        XCTAssertEqual(runs.map(\.at), [5, 15, 25, 35])
        XCTAssertEqual(runs.map(\.state), [1, 2, 4, 8])
        periodic.dispose()
        scheduler.start()
        XCTAssertEqual(runs.count, 4)
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(40))
    }

    func testAnIntervalDisposedFromItsOwnTickStopsAndLeavesNothingQueued() {
        let origin = self.origin
        let scheduler = HistoricalScheduler(initialClock: origin)
        var received: [Int] = []
        var completedAt: TimeInterval?
        let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).take(3)
            .subscribe(onNext: { received.append($0) }, onCompleted: { completedAt = scheduler.now.timeIntervalSince(origin) })
        scheduler.start()
        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertEqual(completedAt, 3)
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(3))
        subscription.dispose()
    }

    func testDisposedWorkDoesNotRunAndAnAdvanceStopsAtItsTime() {
        let scheduler = HistoricalScheduler(initialClock: origin)
        var ran: [String] = []
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in ran.append("cancelled"); return Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in ran.append("at 10"); return Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in ran.append("at 30"); return Disposables.create() }
        cancelled.dispose()
        scheduler.advanceTo(origin.addingTimeInterval(20))
        XCTAssertEqual(ran, ["at 10"])
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(20))
        scheduler.sleep(5)
        XCTAssertEqual(scheduler.clock, origin.addingTimeInterval(25))
        scheduler.start()
        XCTAssertEqual(ran, ["at 10", "at 30"])
    }

    func testStopEndsARunAfterTheCurrentItemAndOperatorsRunOnIt() {
        let scheduler = HistoricalScheduler(initialClock: origin)
        var ran: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in ran.append(1); scheduler.stop(); return Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in ran.append(2); return Disposables.create() }
        scheduler.start()
        XCTAssertEqual(ran, [1])

        let timed = HistoricalScheduler(initialClock: origin)
        var ticks: [TimeInterval] = []
        _ = Observable<Int>.interval(.seconds(10), scheduler: timed).take(3)
            .subscribe(onNext: { _ in ticks.append(timed.now.timeIntervalSince(self.origin)) })
        timed.start()
        XCTAssertEqual(ticks, [10, 20, 30])
    }
}
