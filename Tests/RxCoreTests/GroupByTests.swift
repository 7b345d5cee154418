import XCTest
import RxCore
import RxTesting

/// groupBy: groups emitted as keys first appear, elements routed to them, and the
/// source kept while anyone listens.
final class GroupByTests: RxTestCase {
    func testGroupsAppearWithTheirFirstElementAndGetTheirOwnElements() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "b1"), .next(230, "a2"), .completed(240)])
        var groups: [String: TestableObserver<String>] = [:]
        var keys: [Recorded<Event<String>>] = []
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            xs.groupBy { String($0.prefix(1)) }.subscribe(onNext: { group in
                keys.append(.next(scheduler.clock, group.key))
                let observer = scheduler.createObserver(String.self)
                groups[group.key] = observer
                group.subscribe(observer).disposed(by: bag)
            }).disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(keys, [.next(210, "a"), .next(220, "b")])
        XCTAssertEqual(groups["a"]?.events, [.next(210, "a1"), .next(230, "a2"), .completed(240)])
        XCTAssertEqual(groups["b"]?.events, [.next(220, "b1"), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testAGroupStillListenedToKeepsTheSourceAfterTheResultIsDisposed() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 2)])
        let odd = scheduler.createObserver(Int.self)
        var outer: Disposable?, inner: Disposable?
        scheduler.scheduleAt(200) {
            outer = xs.groupBy { $0 % 2 }.subscribe(onNext: { group in
                if group.key == 1 { inner = group.subscribe(odd) }
            })
        }
        scheduler.scheduleAt(215) { outer?.dispose() }
        scheduler.scheduleAt(250) { inner?.dispose() }
        scheduler.start()
        XCTAssertEqual(odd.events, [.next(210, 1), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAThrowingKeySelectorEndsEveryGroupAndTheResult() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, -1)])
        let all = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        var outerEvents: [Event<Int>] = []
        scheduler.scheduleAt(200) {
            xs.groupBy { value -> Int in
                if value < 0 { throw TestError("key") }
                return value
            }.subscribe { event in
                switch event {
                case .next(let group): group.subscribe(all).disposed(by: bag); outerEvents.append(.next(group.key))
                case .error(let error): outerEvents.append(.error(error))
                case .completed: outerEvents.append(.completed)
                }
            }.disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(outerEvents, [.next(1), .error(TestError("key"))])
        XCTAssertEqual(all.events, [.next(210, 1), .error(220, TestError("key"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
