import XCTest
import RxCore
import RxTesting

/// publish, replay, multicast, connect, refCount and share: one subscription to
/// the source shared among subscribers, and when it starts and ends.
final class MulticastTests: RxTestCase {
    // MARK: publish / connect

    func testPublishSubscribesToTheSourceOnlyOnConnectAndDisconnectDisposesIt() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .completed(400)])
        let published = source.publish()
        let first = scheduler.record(published, subscribeAt: 200)
        let second = scheduler.record(published, subscribeAt: 240)
        var connection: Disposable?
        scheduler.scheduleAt(220) { connection = published.connect() }
        scheduler.scheduleAt(260) { connection?.dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(second.events, [.next(250, 3)])
        XCTAssertEqual(source.subscriptions, [Subscription(220, 260)])
    }

    func testConnectingTwiceKeepsOneSourceSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let published = source.publish()
        let observer = scheduler.record(published, subscribeAt: 200)
        var first: Disposable?, second: Disposable?
        scheduler.scheduleAt(205) { first = published.connect() }
        scheduler.scheduleAt(220) { second = published.connect() }
        scheduler.scheduleAt(240) { second?.dispose() }
        scheduler.start()
        first?.dispose()
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2)])
        // Either disposable ends the one connection.
        XCTAssertEqual(source.subscriptions, [Subscription(205, 240)])
    }

    func testPublishAfterADisconnectStartsANewSubjectThatEarlierSubscribersDoNotHear() {
        // As in RxSwift, publish() makes a subject per connection.
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let published = source.publish()
        let observer = scheduler.record(published, subscribeAt: 200)
        var connection: Disposable?
        scheduler.scheduleAt(205) { connection = published.connect() }
        scheduler.scheduleAt(220) { connection?.dispose() }
        scheduler.scheduleAt(240) { connection = published.connect() }
        scheduler.start()
        connection?.dispose()
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(205, 220), Subscription(240, 1000)])
    }

    func testPublishSendsTheSourceErrorToEverySubscriber() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let published = source.publish()
        let first = scheduler.record(published, subscribeAt: 200)
        let second = scheduler.record(published, subscribeAt: 200)
        var connection: Disposable?
        scheduler.scheduleAt(200) { connection = published.connect() }
        scheduler.start()
        connection?.dispose()
        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError("source"))])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testReplayConnectableReplaysTheLatestElementsToLateSubscribers() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4)])
        let replayed = source.replay(2)
        var connection: Disposable?
        scheduler.scheduleAt(200) { connection = replayed.connect() }
        let late = scheduler.record(replayed, subscribeAt: 240)
        scheduler.start()
        connection?.dispose()
        XCTAssertEqual(late.events, [.next(240, 2), .next(240, 3), .next(250, 4)])
    }

    func testMulticastMakeSubjectUsesAFreshSubjectForEachConnection() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let connectable = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
        var connection: Disposable?
        let first = scheduler.record(connectable, subscribeAt: 200)
        scheduler.scheduleAt(200) { connection = connectable.connect() }
        // After the first connection ended, a new subscriber gets the next connection's subject.
        let second = scheduler.record(connectable, subscribeAt: 300)
        scheduler.scheduleAt(300) { connection = connectable.connect() }
        scheduler.start()
        connection?.dispose()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 1), .next(320, 2), .completed(330)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230), Subscription(300, 330)])
    }

    // MARK: refCount

    func testRefCountConnectsOnTheFirstSubscriberAndDisconnectsOnTheLast() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4)])
        let shared = source.publish().refCount()
        let first = scheduler.record(shared, subscribeAt: 205, disposeAt: 240)
        let second = scheduler.record(shared, subscribeAt: 220, disposeAt: 260)
        let third = scheduler.record(shared, subscribeAt: 265)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(second.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(third.events, [.next(270, 4)])
        XCTAssertEqual(source.subscriptions, [Subscription(205, 260), Subscription(265, 1000)])
    }

    // MARK: share

    func testShareWhileConnectedSharesOneSubscriptionAndReplays() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3), .completed(50)])
        let shared = source.share(replay: 1)
        let first = scheduler.record(shared, subscribeAt: 200)
        let second = scheduler.record(shared, subscribeAt: 225)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(second.events, [.next(225, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testShareWhileConnectedResubscribesAfterCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = scheduler.record(shared, subscribeAt: 200)
        let late = scheduler.record(shared, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(late.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testSubscribingAgainFromOnCompletedStartsANewConnection() {
        // share, and a subject per connection behind refCount: the connection has
        // ended before the subscriber hears the end, so subscribing again from
        // onCompleted runs the source anew instead of replaying the old end.
        let forms: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("share()", { $0.share() }),
            ("share(replay: 1)", { $0.share(replay: 1) }),
            ("multicast(makeSubject:).refCount()", { $0.multicast(makeSubject: { PublishSubject<Int>() }).refCount() }),
        ]
        for (name, form) in forms {
            var runs = 0
            let source = Observable<Int>.deferred {
                runs += 1
                return .of(runs * 10, runs * 10 + 1)
            }
            let shared = form(source)
            var events: [Event<Int>] = []
            let bag = DisposeBag()
            shared.subscribe(onNext: { events.append(.next($0)) }, onCompleted: {
                events.append(.completed)
                shared.subscribe(onNext: { events.append(.next($0)) }, onCompleted: { events.append(.completed) })
                    .disposed(by: bag)
            }).disposed(by: bag)
            XCTAssertEqual(runs, 2, name)
            XCTAssertEqual(events, [.next(10), .next(11), .completed, .next(20), .next(21), .completed], name)
        }
    }

    func testSubscribingAgainFromOnCompletedOfAShareForeverHearsTheEndWithoutResubscribing() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let shared = xs.asObservable().share(replay: 1, scope: .forever)
        let first = scheduler.createObserver(Int.self)
        let again = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            shared.subscribe { event in
                first.on(event)
                if event.isStopEvent { shared.subscribe(again).disposed(by: bag) }
            }.disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(again.events, [.next(230, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testShareWhileConnectedForgetsTheReplayWhenEverySubscriberLeft() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = scheduler.record(shared, subscribeAt: 200, disposeAt: 220)
        let second = scheduler.record(shared, subscribeAt: 230)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1)])
        XCTAssertEqual(second.events, [.next(240, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(230, 1000)])
    }

    func testShareForeverGivesLateSubscribersTheRecordedTerminalWithoutResubscribing() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = source.share(replay: 1, scope: .forever)
        let first = scheduler.record(shared, subscribeAt: 200)
        let late = scheduler.record(shared, subscribeAt: 300)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(late.events, [.next(300, 2), .completed(300)])
        // As in RxSwift: the late subscriber ends at once, so nothing is connected for it.
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testShareForeverKeepsTheReplayAcrossReconnections() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let shared = source.share(replay: 1, scope: .forever)
        let first = scheduler.record(shared, subscribeAt: 200, disposeAt: 220)
        let second = scheduler.record(shared, subscribeAt: 230)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1)])
        XCTAssertEqual(second.events, [.next(230, 1), .next(240, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(230, 1000)])
    }

    func testShareWithoutReplaySendsLateSubscribersOnlyLaterElements() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(240, TestError("source"))])
        let shared = source.share()
        let first = scheduler.record(shared, subscribeAt: 200)
        let second = scheduler.record(shared, subscribeAt: 220)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(230, 2), .error(240, TestError("source"))])
        XCTAssertEqual(second.events, [.next(230, 2), .error(240, TestError("source"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 240)])
    }

    func testShareOfASynchronousSourceRunsItOncePerConnection() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return Observable.of(1, 2)
        }
        let shared = source.share(replay: 1)
        var received: [Int] = []
        let first = shared.subscribe(onNext: { received.append($0) })
        first.dispose()
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(subscriptions, 1)
    }

    func testMulticastWithASelectorSharesOneRunAmongTheSelectorsUsesPerSubscription() {
        var runs = 0
        let source = Observable<Int>.deferred {
            runs += 1
            return .of(1, 2)
        }
        var first: [Int] = [], second: [Int] = []
        let combined = source.multicast({ PublishSubject<Int>() }) { shared in
            Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 }
        }
        _ = combined.subscribe(onNext: { first.append($0) })
        _ = combined.subscribe(onNext: { second.append($0) })
        XCTAssertEqual(first, [11, 22])
        XCTAssertEqual(second, [11, 22])
        XCTAssertEqual(runs, 2, "one run of the source per subscription, shared inside the selector")
    }

    func testMergeTakesAnyCollectionOfSources() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.merge(AnyCollection([Observable.of(1, 2), Observable.of(3)])) }
        XCTAssertEqual(observer.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        let none = TestScheduler().start { Observable<Int>.merge(AnyCollection([])) }
        XCTAssertEqual(none.events, [.completed(200)])
    }

    func testRefCountWorksOnAConnectableOfOnesOwn() {
        final class Wrapped: ConnectableObservableType {
            typealias Element = Int
            let inner: ConnectableObservable<Int>
            var connections = 0
            init(_ source: Observable<Int>) { inner = source.publish() }
            func connect() -> Disposable {
                connections += 1
                return inner.connect()
            }
            func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
                inner.subscribe(observer)
            }
        }
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let wrapped = Wrapped(xs.asObservable())
        let shared = wrapped.refCount()
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(215) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(230) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(second.events, [.next(220, 2)])
        XCTAssertEqual(wrapped.connections, 1)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testReplayAllReplaysEveryElementToALateSubscriberWhileConnected() {
        let source = PublishSubject<Int>()
        let connectable = source.replayAll()
        let connection = connectable.connect()
        for element in 1...3 { source.onNext(element) }
        var late: [Int] = []
        let subscription = connectable.subscribe(onNext: { late.append($0) })
        XCTAssertEqual(late, [1, 2, 3])
        subscription.dispose()
        connection.dispose()
    }

    func testAConnectionHoldsItsConnectableUntilDisposedAndNotAfter() {
        let source = PublishSubject<Int>()
        weak var released: ConnectableObservable<Int>?
        var connection: Disposable?
        var heard: [Int] = []
        var subscription: Disposable?
        do {
            let connectable = source.publish()
            released = connectable
            subscription = connectable.subscribe(onNext: { heard.append($0) })
            connection = connectable.connect()
        }
        source.onNext(1)
        XCTAssertNotNil(released, "a live connection keeps its connectable")
        XCTAssertEqual(heard, [1])
        connection?.dispose()
        source.onNext(2)
        XCTAssertEqual(heard, [1], "disconnected")
        subscription?.dispose()
        XCTAssertNil(released, "a disposed connection, still held, lets its connectable go")
        connection = nil
        subscription = nil
    }
}
