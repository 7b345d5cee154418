import XCTest
import RxCore
import RxTesting

/// Element-wise operators: map, map(to:), compactMap, filter, ignoreElements.
final class TransformTests: RxTestCase {

    // MARK: map

    func testMapTransformsEachElementInOrderAndCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().map { "<\($0)>" } }
        XCTAssertEqual(observer.events, [.next(210, "<2>"), .next(220, "<3>"), .next(230, "<4>"), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testMapForwardsTheSourceError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .error(220, TestError("source")), .next(230, 2),
        ])
        let observer = scheduler.start { source.asObservable().map { $0 * 2 } }
        XCTAssertEqual(observer.events, [.next(210, 2), .error(220, TestError("source"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testMapThrowingEndsTheSequenceWithTheThrownErrorAndStopsLaterEvents() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        var calls: [Int] = []
        let observer = scheduler.start {
            source.asObservable().map { value -> Int in
                calls.append(value)
                if value == 2 { throw TestError("map") }
                return value * 10
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 10), .error(220, TestError("map"))])
        XCTAssertEqual(calls, [1, 2], "the transform is not called after it threw")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testMapDisposalStopsEventsAndUnsubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(250, 2), .next(350, 3), .completed(400),
        ])
        let observer = scheduler.start(disposed: 300) { source.asObservable().map { $0 + 1 } }
        XCTAssertEqual(observer.events, [.next(210, 2), .next(250, 3)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testMapOnAColdSourceSubscribesAtSubscriptionTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(5, 1), .next(15, 2), .completed(20)])
        let observer = scheduler.start { source.asObservable().map { -$0 } }
        XCTAssertEqual(observer.events, [.next(205, -1), .next(215, -2), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testMapToReplacesEveryElementWithTheValue() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.asObservable().map(to: "tick") }
        XCTAssertEqual(observer.events, [.next(210, "tick"), .next(220, "tick"), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testMapToForwardsErrors() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().map(to: true) }
        XCTAssertEqual(observer.events, [.next(210, true), .error(220, TestError())])
    }

    // MARK: compactMap

    func testCompactMapDropsNilResults() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().compactMap { Int($0) } }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMapThrowingEndsTheSequence() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let observer = scheduler.start {
            source.asObservable().compactMap { value -> Int? in
                if value == 2 { throw TestError("compactMap") }
                return value
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("compactMap"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMapForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let failed = scheduler.start { failing.asObservable().compactMap { $0 } }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, TestError())])

        let endless = scheduler.createHotObservable([.next(1010, 1), .next(1100, 2)])
        let disposed = scheduler.start(created: 1000, subscribed: 1050, disposed: 1090) {
            endless.asObservable().compactMap { $0 }
        }
        XCTAssertEqual(disposed.events, [])
        XCTAssertEqual(endless.subscriptions, [Subscription(1050, 1090)])
    }

    // MARK: filter

    func testFilterKeepsMatchingElementsInOrder() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 2), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().filter { $0.isMultiple(of: 2) } }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(240, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testFilterThrowingEndsTheSequenceAndStopsLaterEvents() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        var calls = 0
        let observer = scheduler.start {
            source.asObservable().filter { value in
                calls += 1
                if value == 2 { throw TestError("filter") }
                return true
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("filter"))])
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testFilterForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(260, 4), .error(400, TestError())])
        let observer = scheduler.start(disposed: 250) { source.asObservable().filter { _ in true } }
        XCTAssertEqual(observer.events, [.next(210, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])

        let failing = scheduler.createHotObservable([.error(1210, TestError(), Int.self)])
        let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            failing.asObservable().filter { _ in false }
        }
        XCTAssertEqual(failed.events, [.error(1210, TestError())])
    }

    // MARK: ignoreElements

    func testIgnoreElementsKeepsOnlyCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start { source.asObservable().ignoreElements() }
        XCTAssertEqual(observer.events, [.completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testIgnoreElementsForwardsTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let observer = scheduler.start { source.asObservable().ignoreElements() }
        XCTAssertEqual(observer.events, [.error(220, TestError("source"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testIgnoreElementsDisposalUnsubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(500)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().ignoreElements() }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    // MARK: Reentrancy

    func testObserverDisposingItsOwnSubscriptionStopsFurtherElements() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        var received: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.asObservable().map { $0 * 10 }.filter { _ in true }.subscribe(onNext: { value in
                received.append(value)
                if value == 20 { subscription?.dispose() }
            })
        }
        scheduler.start()
        XCTAssertEqual(received, [10, 20])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        subscription = nil
    }

    func testObserverPushingIntoTheSubjectFeedingTheChainGetsItAfterTheCurrentElement() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.map { $0 * 10 }.filter { $0 < 1000 }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 10 { subject.onNext(2) }
            if value == 20 { subject.onNext(3) }
            log.append("end \(value)")
        })
        subject.onNext(1)
        XCTAssertEqual(log, ["begin 10", "end 10", "begin 20", "end 20", "begin 30", "end 30"])
        subscription.dispose()
    }

    func testObserverCompletingTheSubjectFeedingTheChainEndsItAfterTheCurrentElement() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.map { $0 + 1 }.subscribe { event in
            events.append(event)
            if case .next(1) = event {
                subject.onNext(10)
                subject.onCompleted()
                subject.onNext(20)
            }
        }
        subject.onNext(0)
        XCTAssertEqual(events, [.next(1), .next(11), .completed])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testEnumeratedPairsElementsWithTheirPositions() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
        let observer = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
        XCTAssertEqual(observer.events, [.next(210, "0a"), .next(220, "1b"), .completed(230)])
    }

    func testSinglePassesTheOneElementOnAndFailsOnASecondOrNone() {
        let scheduler = TestScheduler()
        let one = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        XCTAssertEqual(scheduler.start { one.single() }.events, [.next(210, 1), .completed(250)])

        let two = TestScheduler()
        let xs = two.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(two.start { xs.single() }.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let none = TestScheduler()
        let empty = none.createHotObservable([.completed(250, Int.self)])
        XCTAssertEqual(none.start { empty.single() }.events, [.error(250, RxError.noElements)])

        let matching = TestScheduler()
        let ys = matching.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(matching.start { ys.single { $0 % 2 == 0 } }.events, [.next(220, 2), .completed(250)])
    }

    func testWithUnretainedPairsElementsWithTheObjectAndCompletesOnceItIsGone() {
        final class Screen { let name = "screen" }
        let subject = PublishSubject<Int>()
        var screen: Screen? = Screen()
        var events: [Event<String>] = []
        _ = subject.withUnretained(screen!) { "\($0.name)\($1)" }.subscribe { events.append($0) }
        subject.onNext(1)
        screen = nil
        subject.onNext(2)
        XCTAssertEqual(events, [.next("screen1"), .completed])
        XCTAssertFalse(subject.hasObservers)
    }
}
