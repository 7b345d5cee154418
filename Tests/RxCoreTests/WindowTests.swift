import XCTest
import RxCore
import RxTesting

/// window(timeSpan:count:scheduler:): windows closed by count or by time.
final class WindowTests: RxTestCase {
    func testAWindowClosesWhenFullOrWhenItsTimeIsUpAndTheNextOpensAtOnce() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(215, 3), .next(400, 4), .completed(420),
        ])
        var opened: [TestTime] = []
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
                .do(onNext: { _ in opened.append(scheduler.clock) })
                .enumerated()
                .flatMap { index, window in window.map { "\(index):\($0)" } }
        }
        XCTAssertEqual(res.events, [
            .next(205, "0:1"), .next(210, "0:2"), .next(215, "1:3"), .next(400, "2:4"), .completed(420),
        ])
        // Window 0 at subscription, 1 when 0 was full, 2 when 1's time was up, 3 when 2's was.
        XCTAssertEqual(opened, [200, 210, 310, 410])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
    }

    func testAnErrorEndsTheOpenWindowAndTheResult() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("x"))])
        var window: TestableObserver<Int>!
        let res = scheduler.start {
            xs.window(timeSpan: .seconds(1000), count: 10, scheduler: scheduler)
                .do(onNext: { window = scheduler.record($0, subscribeAt: scheduler.clock) })
        }
        XCTAssertEqual(res.events.map(\.time), [200, 220])
        guard case .error(let error)? = res.events.last?.value else { return XCTFail("expected an error") }
        XCTAssertEqual(error as? TestError, TestError("x"))
        XCTAssertEqual(window.events, [.next(210, 1), .error(220, TestError("x"))])
    }

    func testAWindowStillSubscribedKeepsTheSourceAfterTheResultIsDisposed() {
        let subject = PublishSubject<Int>()
        var firstWindow: Observable<Int>?
        let outer = subject.window(timeSpan: .seconds(60), count: 10, scheduler: SerialDispatchQueueScheduler(internalSerialQueueName: "WindowTests"))
            .subscribe(onNext: { if firstWindow == nil { firstWindow = $0 } })
        var seen: [Int] = []
        let inner = firstWindow!.subscribe(onNext: { seen.append($0) })
        outer.dispose()
        subject.onNext(1)
        XCTAssertEqual(seen, [1])
        XCTAssertTrue(subject.hasObservers)
        inner.dispose()
        XCTAssertFalse(subject.hasObservers, "the last one out unsubscribes the source")
    }
}
