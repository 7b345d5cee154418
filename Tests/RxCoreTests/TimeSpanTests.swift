import XCTest
import RxCore
import RxTesting

/// take(for:) and skip(_:scheduler:): a window of time from subscription.
final class TimeSpanTests: RxTestCase {
    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    }

    func testTakeForPassesElementsUntilTheWindowEndsThenCompletes() {
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let observer = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testTakeForAWindowOfNothingCompletesOnTheSchedulersNextTurn() {
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let observer = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.completed(201)])
    }

    func testTakeForEndsWithTheSourceWhenTheSourceEndsFirst() {
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let observer = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let failing = TestScheduler()
        let ys = failing.createHotObservable([.next(210, 1), .error(215, TestError("source"))])
        let failed = failing.start { ys.take(for: .seconds(100), scheduler: failing) }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(215, TestError("source"))])
    }

    func testSkipForDropsElementsWithinTheWindowAndPassesTerminalEvents() {
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let observer = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])

        let long = TestScheduler()
        let ys = source(long)
        let skippedAll = long.start { ys.skip(.seconds(50), scheduler: long) }
        XCTAssertEqual(skippedAll.events, [.completed(240)])
    }
}
