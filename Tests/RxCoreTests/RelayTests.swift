import XCTest
import RxCore
import RxTesting

/// PublishRelay, BehaviorRelay, ReplayRelay and bind(to:).
final class RelayTests: RxTestCase {
    func testPublishRelaySendsElementsToCurrentSubscribers() {
        let scheduler = TestScheduler()
        let relay = PublishRelay<Int>()
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(230) { relay.accept(2) }
        let early = scheduler.record(relay, subscribeAt: 200, disposeAt: 240)
        let late = scheduler.record(relay, subscribeAt: 220)
        scheduler.start()
        XCTAssertEqual(early.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(late.events, [.next(230, 2)])
    }

    func testPublishRelayHasObservers() {
        let relay = PublishRelay<Int>()
        XCTAssertFalse(relay.hasObservers)
        let subscription = relay.subscribe(onNext: { _ in })
        XCTAssertTrue(relay.hasObservers)
        subscription.dispose()
        XCTAssertFalse(relay.hasObservers)
    }

    func testBehaviorRelayHoldsTheLatestValueAndSendsItToNewSubscribers() {
        let scheduler = TestScheduler()
        let relay = BehaviorRelay(value: 0)
        XCTAssertEqual(relay.value, 0)
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(230) { relay.accept(2) }
        let early = scheduler.record(relay, subscribeAt: 200)
        let late = scheduler.record(relay, subscribeAt: 220)
        scheduler.start()
        XCTAssertEqual(early.events, [.next(200, 0), .next(210, 1), .next(230, 2)])
        XCTAssertEqual(late.events, [.next(220, 1), .next(230, 2)])
        XCTAssertEqual(relay.value, 2)
    }

    func testReplayRelayReplaysItsBuffer() {
        let scheduler = TestScheduler()
        let bounded = ReplayRelay<Int>.create(bufferSize: 1)
        let unbounded = ReplayRelay<Int>.createUnbound()
        scheduler.scheduleAt(210) { bounded.accept(1); unbounded.accept(1) }
        scheduler.scheduleAt(220) { bounded.accept(2); unbounded.accept(2) }
        scheduler.scheduleAt(240) { bounded.accept(3); unbounded.accept(3) }
        let lateBounded = scheduler.record(bounded, subscribeAt: 230)
        let lateUnbounded = scheduler.record(unbounded, subscribeAt: 230)
        scheduler.start()
        XCTAssertEqual(lateBounded.events, [.next(230, 2), .next(240, 3)])
        XCTAssertEqual(lateUnbounded.events, [.next(230, 1), .next(230, 2), .next(240, 3)])
    }

    func testBindToRelaysForwardsElementsAndDropsTerminalEvents() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let first = PublishRelay<Int>(), second = PublishRelay<Int>()
        let firstObserver = scheduler.record(first, subscribeAt: 200)
        let secondObserver = scheduler.record(second, subscribeAt: 200)
        var binding: Disposable?
        scheduler.scheduleAt(205) { binding = source.bind(to: first, second) }
        scheduler.scheduleAt(240) { first.accept(3) }
        scheduler.start()
        binding?.dispose()
        XCTAssertEqual(firstObserver.events, [.next(210, 1), .next(220, 2), .next(240, 3)])
        XCTAssertEqual(secondObserver.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(205, 230)])
    }

    func testBindToRelayDropsAnError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let relay = BehaviorRelay(value: 0)
        let observer = scheduler.record(relay, subscribeAt: 200)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = source.bind(to: relay) }
        scheduler.scheduleAt(230) { relay.accept(5) }
        scheduler.start()
        binding?.dispose()
        XCTAssertEqual(observer.events, [.next(200, 0), .next(210, 1), .next(230, 5)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testBindToBehaviorAndReplayRelaysUpdatesThem() {
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.createUnbound()
        let bindings = [Observable.of(1, 2).bind(to: behavior), Observable.of(3, 4).bind(to: replay)]
        XCTAssertEqual(behavior.value, 2)
        var replayed: [Int] = []
        let subscription = replay.subscribe(onNext: { replayed.append($0) })
        subscription.dispose()
        bindings.forEach { $0.dispose() }
        XCTAssertEqual(replayed, [3, 4])
    }

    func testDisposingABindingStopsForwarding() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let relay = PublishRelay<Int>()
        let observer = scheduler.record(relay, subscribeAt: 200)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = source.bind(to: relay) }
        scheduler.scheduleAt(220) { binding?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testBindToObserversForwardsEveryEvent() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = source.bind(to: first, second) }
        scheduler.start()
        binding?.dispose()
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(210, 1), .completed(220)])
    }
}
