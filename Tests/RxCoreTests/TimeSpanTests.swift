import XCTest
import RxCore
import RxTesting

/// take(for:), skip(_:scheduler:) and buffer(timeSpan:count:scheduler:): windows of time.
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

    func testBufferEmitsByCountOrByTimeAndFlushesAtCompletion() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(280, 4), .completed(310),
        ])
        let observer = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { $0.map(String.init).joined() } }
        // 230: count reached, a new window until 300; 300: its time is up; 310: the rest.
        XCTAssertEqual(observer.events, [.next(230, "123"), .next(300, "4"), .next(310, ""), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 310)])
    }

    func testBufferDropsWhatItHoldsOnAnError() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let observer = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(220, TestError("source"))])
    }

    func testBufferWindowsThatEndShortHoldNoMoreThanTwiceTheirElements() {
        // Room for a full window is made up front; a window a timer or completion ends
        // early must not hand the subscriber that whole room for one element.
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(320, 2), .next(321, 3), .completed(330),
        ])
        var windows: [(count: Int, capacity: Int)] = []
        let observer = scheduler.start {
            xs.buffer(timeSpan: .seconds(100), count: 200, scheduler: scheduler).map { window -> Int in
                windows.append((window.count, window.capacity))
                return window.count
            }
        }
        XCTAssertEqual(observer.events, [.next(300, 1), .next(330, 2), .completed(330)])
        XCTAssertEqual(windows.map(\.count), [1, 2])
        for (count, capacity) in windows {
            XCTAssertLessThanOrEqual(capacity, max(2 * count, 2), "a window of \(count) kept room for \(capacity)")
        }
    }

    func testBufferFilledByCountEmitsEveryElementOnceInOrder() {
        let source = PublishSubject<Int>()
        var windows: [[Int]] = []
        let subscription = source.buffer(timeSpan: .seconds(1000), count: 100, scheduler: HistoricalScheduler())
            .subscribe(onNext: { windows.append($0) })
        for i in 0..<1050 { source.onNext(i) }
        source.onCompleted()
        subscription.dispose()
        XCTAssertEqual(windows.map(\.count), Array(repeating: 100, count: 10) + [50])
        XCTAssertEqual(windows.flatMap { $0 }, Array(0..<1050))
    }
}
