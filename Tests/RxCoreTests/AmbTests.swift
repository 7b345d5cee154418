import XCTest
import RxCore
import RxTesting

/// amb: the first source to send any event wins; the others are dropped at once.
final class AmbTests: RxTestCase {

    func testAmbMirrorsTheLeftWhenItEmitsFirstAndDropsTheRight() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(300)])
        let right = scheduler.createHotObservable([.next(220, 20), .completed(250)])
        let observer = scheduler.start { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmbMirrorsTheRightWhenItEmitsFirstAndDropsTheLeft() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(220, 1), .completed(300)])
        let right = scheduler.createHotObservable([.next(210, 10), .next(230, 30), .completed(250)])
        let observer = scheduler.start { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.next(210, 10), .next(230, 30), .completed(250)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 250)])
    }

    func testAmbFirstEventBeingAnErrorWins() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.error(210, TestError("left"), Int.self)])
        let right = scheduler.createHotObservable([.next(220, 1), .completed(250)])
        let observer = scheduler.start { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.error(210, TestError("left"))])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmbFirstEventBeingACompletionWins() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(220, 1), .completed(250)])
        let right = scheduler.createHotObservable([.completed(210, Int.self)])
        let observer = scheduler.start { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.completed(210)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmbWinnersErrorIsForwarded() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(210, 1), .error(240, TestError("left"))])
        let right = scheduler.createHotObservable([.next(220, 2)])
        let observer = scheduler.start { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(240, TestError("left"))])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmbOfSeveralSourcesPicksTheEarliest() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(240, 1), .completed(300)])
        let second = scheduler.createHotObservable([.next(220, 2), .next(250, 22), .completed(260)])
        let third = scheduler.createHotObservable([.next(230, 3), .completed(300)])
        let observer = scheduler.start {
            Observable.amb([first.asObservable(), second.asObservable(), third.asObservable()])
        }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(250, 22), .completed(260)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(third.subscriptions, [Subscription(200, 220)])
    }

    func testAmbOfColdSourcesPicksTheOneDueFirst() {
        let scheduler = TestScheduler()
        let slow = scheduler.createColdObservable([.next(30, "slow"), .completed(40)])
        let fast = scheduler.createColdObservable([.next(10, "fast"), .completed(50)])
        let observer = scheduler.start { slow.asObservable().amb(fast) }
        XCTAssertEqual(observer.events, [.next(210, "fast"), .completed(250)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(fast.subscriptions, [Subscription(200, 250)])
    }

    func testAmbOfNoSourcesCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testAmbOfOneSourceMirrorsIt() {
        let scheduler = TestScheduler()
        let only = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { Observable.amb([only.asObservable()]) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(only.subscriptions, [Subscription(200, 220)])
    }

    func testAmbDisposedBeforeAnyEventDisposesEverySource() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(400, 1)])
        let right = scheduler.createHotObservable([.next(500, 2)])
        let observer = scheduler.start(disposed: 300) { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 300)])
    }

    func testAmbDisposedAfterAWinnerDisposesTheWinner() {
        let scheduler = TestScheduler()
        let left = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let right = scheduler.createHotObservable([.next(220, 3)])
        let observer = scheduler.start(disposed: 300) { left.asObservable().amb(right) }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmbWithASynchronousWinnerLeavesNoLoserSubscribed() {
        var events: [Event<Int>] = []
        var laterSubscribed = 0, laterDisposed = 0
        let later = Observable<Int>.never().do(onSubscribe: { laterSubscribed += 1 }, onDispose: { laterDisposed += 1 })
        _ = Observable.just(1).amb(later).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(laterDisposed, laterSubscribed, "a loser subscribed after the win is disposed at once")
    }

    func testAmbObserverDisposingItsSubscriptionStopsTheWinner() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = left.amb(right).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { subscription?.dispose() }
        })
        right.onNext(1)
        XCTAssertFalse(left.hasObservers, "the loser is dropped at the first event")
        right.onNext(2)
        right.onNext(3)
        XCTAssertEqual(received, [1, 2])
        XCTAssertFalse(right.hasObservers)
        subscription = nil
    }
}
