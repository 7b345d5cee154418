import XCTest
import RxCore
import RxTesting

/// Operators that let a part of the sequence through: take, takeLast, skip,
/// element(at:) and their predicate and trigger variants.
final class FilteringTests: RxTestCase {

    private func numbers(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
    }

    // MARK: take(n)

    func testTakeCompletesAfterCountAndDisposesSource() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(2) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testTakeZeroCompletesAtOnceWithoutSubscribing() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(0) }
        XCTAssertEqual(observer.events, [.completed(200)])
        XCTAssertEqual(source.subscriptions, [])
    }

    func testTakeMoreThanAvailableCompletesWithTheSource() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(10) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testTakeForwardsAnErrorBeforeTheCount() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError()), .next(230, 2)])
        let observer = scheduler.start { source.asObservable().take(3) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError())])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testTakeDisposedEarlyUnsubscribes() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start(disposed: 225) { source.asObservable().take(3) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)])
    }

    func testTakeStopsAnEndlessSynchronousSource() {
        var received: [Int] = []
        var completions = 0
        var sourceDisposals = 0
        _ = Observable.repeatElement(9)
            .do(onDispose: { sourceDisposals += 1 })
            .take(5)
            .subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        XCTAssertEqual(received, [9, 9, 9, 9, 9])
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(sourceDisposals, 1)
    }

    func testTakeIgnoresElementsPushedReentrantlyAfterItCompleted() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.take(2).subscribe { event in
            events.append(event)
            if case .next(let value) = event { subject.onNext(value + 1) }
        }
        subject.onNext(1)
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        XCTAssertFalse(subject.hasObservers, "completion released the subject subscription")
        subscription.dispose()
    }

    // MARK: take(while:)

    func testTakeWhileExclusiveCompletesAtTheFirstFailingElement() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(while: { $0 < 3 }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhileInclusiveAlsoEmitsTheFailingElement() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(while: { $0 < 3 }, behavior: .inclusive) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhileThatAlwaysHoldsCompletesWithTheSource() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(while: { _ in true }, behavior: .inclusive) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    }

    func testTakeWhileThrowingEndsTheSequenceWithTheError() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start {
            source.asObservable().take(while: { value in
                if value == 2 { throw TestError("predicate") }
                return true
            })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("predicate"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testTakeWhileForwardsSourceError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().take(while: { _ in true }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError())])
    }

    func testTakeWhileStopsAnEndlessSynchronousSource() {
        var counter = 0
        var received: [Int] = []
        _ = Observable.repeatElement(1)
            .map { _ -> Int in counter += 1; return counter }
            .take(while: { $0 <= 3 })
            .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(counter, 4, "the source stops right after the failing element")
    }

    // MARK: take(until: predicate)

    func testTakeUntilPredicateExclusiveCompletesAtTheFirstMatchingElement() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(until: { $0 == 3 }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilPredicateInclusiveAlsoEmitsTheMatchingElement() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().take(until: { $0 == 3 }, behavior: .inclusive) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilPredicateThrowingEndsTheSequence() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start {
            source.asObservable().take(until: { _ in throw TestError("until") })
        }
        XCTAssertEqual(observer.events, [.error(210, TestError("until"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
    }

    // MARK: take(until: observable)

    func testTakeUntilTriggerElementCompletesAndDisposesBoth() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.next(150, "early"), .next(225, "stop"), .next(235, "again")])
        let observer = scheduler.start { source.asObservable().take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilTriggerErrorFailsAndDisposesBoth() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.error(225, TestError("trigger"), String.self)])
        let observer = scheduler.start { source.asObservable().take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .error(225, TestError("trigger"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilTriggerCompletingSilentlyLetsTheSourceRunAndReleasesTheTrigger() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.completed(225, String.self)])
        let observer = scheduler.start { source.asObservable().take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        // As in RxSwift, a trigger that completes is released at once.
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilSourceCompletionDisposesTheTrigger() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.next(400, 1)])
        let observer = scheduler.start { source.asObservable().take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    func testTakeUntilSynchronousTriggerCompletesBeforeAnyElement() {
        var events: [Event<Int>] = []
        _ = Observable.of(1, 2, 3).take(until: Observable.just(())).subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed])
    }

    func testTakeUntilDisposalUnsubscribesBoth() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.next(400, 1)])
        let observer = scheduler.start(disposed: 215) { source.asObservable().take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 215)])
    }

    func testTakeUntilTriggeredByTheObserverItselfStopsAfterTheCurrentElement() {
        let source = PublishSubject<Int>()
        let stop = PublishSubject<Void>()
        var events: [Event<Int>] = []
        let subscription = source.take(until: stop).subscribe { event in
            events.append(event)
            if case .next(2) = event { stop.onNext(()) }
        }
        source.onNext(1)
        source.onNext(2)
        source.onNext(3)
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(stop.hasObservers)
        subscription.dispose()
    }

    // MARK: takeLast

    func testTakeLastEmitsTheLastElementsAtCompletion() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().takeLast(2) }
        XCTAssertEqual(observer.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastWithFewerElementsEmitsThemAll() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().takeLast(10) }
        XCTAssertEqual(observer.events, [.next(300, 1), .next(300, 2), .next(300, 3), .next(300, 4), .completed(300)])
    }

    func testTakeLastZeroOnlyCompletes() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().takeLast(0) }
        XCTAssertEqual(observer.events, [.completed(300)])
    }

    func testTakeLastErrorDropsTheBuffer() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError())])
        let observer = scheduler.start { source.asObservable().takeLast(1) }
        XCTAssertEqual(observer.events, [.error(230, TestError())])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testTakeLastDisposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start(disposed: 250) { source.asObservable().takeLast(2) }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    // MARK: skip

    func testSkipDropsTheFirstElements() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().skip(2) }
        XCTAssertEqual(observer.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testSkipZeroPassesEverything() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().skip(0) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    }

    func testSkipMoreThanAvailableOnlyCompletes() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().skip(10) }
        XCTAssertEqual(observer.events, [.completed(300)])
    }

    func testSkipForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let failed = scheduler.start { failing.asObservable().skip(1) }
        XCTAssertEqual(failed.events, [.error(220, TestError())])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)])

        let later = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .next(1240, 3)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1230) { later.asObservable().skip(1) }
        XCTAssertEqual(disposed.events, [.next(1220, 2)])
        XCTAssertEqual(later.subscriptions, [Subscription(1200, 1230)])
    }

    // MARK: skip(while:)

    func testSkipWhileDropsUntilThePredicateFailsThenPassesEverything() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 5), .next(230, 2), .next(240, 6), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().skip(while: { $0 < 4 }) }
        XCTAssertEqual(observer.events, [.next(220, 5), .next(230, 2), .next(240, 6), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testSkipWhileStopsCallingThePredicateOnceItFailed() {
        var calls = 0
        var received: [Int] = []
        _ = Observable.of(1, 2, 3, 1).skip(while: { calls += 1; return $0 < 2 }).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [2, 3, 1])
        XCTAssertEqual(calls, 2)
    }

    func testSkipWhileThrowingEndsTheSequence() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start {
            source.asObservable().skip(while: { value in
                if value == 2 { throw TestError("skip") }
                return true
            })
        }
        XCTAssertEqual(observer.events, [.error(220, TestError("skip"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testSkipWhileForwardsErrorWhileSkipping() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().skip(while: { _ in true }) }
        XCTAssertEqual(observer.events, [.error(220, TestError())])
    }

    // MARK: skip(until:)

    func testSkipUntilDropsElementsBeforeTheTriggerAndReleasesTheTrigger() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.next(225, "go"), .next(235, "again")])
        let observer = scheduler.start { source.asObservable().skip(until: trigger) }
        XCTAssertEqual(observer.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilTriggerErrorFails() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.error(225, TestError("trigger"), String.self)])
        let observer = scheduler.start { source.asObservable().skip(until: trigger) }
        XCTAssertEqual(observer.events, [.error(225, TestError("trigger"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilSourceErrorFailsEvenBeforeTheTrigger() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let trigger = scheduler.createHotObservable([.next(400, 1)])
        let observer = scheduler.start { source.asObservable().skip(until: trigger) }
        XCTAssertEqual(observer.events, [.error(220, TestError("source"))])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntilTriggerThatCompletesSilentlyIsReleasedAndSwallowsEverything() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.completed(225, String.self)])
        let observer = scheduler.start { source.asObservable().skip(until: trigger) }
        // RxSwift forwards the source's completion only once the trigger has fired.
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilDisposalUnsubscribesBoth() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let trigger = scheduler.createHotObservable([.next(215, 1)])
        let observer = scheduler.start(disposed: 235) { source.asObservable().skip(until: trigger) }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 215)])
    }

    // MARK: element(at:)

    func testElementAtEmitsThatElementThenCompletesAndDisposesSource() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().element(at: 2) }
        XCTAssertEqual(observer.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testElementAtZeroIsTheFirstElement() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().element(at: 0) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(210)])
    }

    func testElementAtOutOfRangeFailsWithArgumentOutOfRange() {
        let scheduler = TestScheduler()
        let source = numbers(scheduler)
        let observer = scheduler.start { source.asObservable().element(at: 4) }
        XCTAssertEqual(observer.events, [.error(300, RxError.argumentOutOfRange)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testElementAtForwardsAnErrorBeforeTheIndex() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().element(at: 3) }
        XCTAssertEqual(observer.events, [.error(220, TestError())])
    }

    func testElementAtStopsAnEndlessSynchronousSource() {
        var events: [Event<Int>] = []
        _ = Observable.range(start: 0, count: Int.max).element(at: 3).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(3), .completed])
    }
}
