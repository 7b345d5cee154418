import XCTest
import RxCore
import RxTesting

/// Operators that recover from errors or from emptiness: catch, catchAndReturn,
/// retry, retry(when:), ifEmpty.
final class ErrorHandlingTests: RxTestCase {

    // MARK: catch

    func testCatchSwitchesToTheHandlersSequenceAtTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError("source")), .next(240, 3)])
        let fallback = scheduler.createColdObservable([.next(10, 100), .completed(20)])
        var caught: [Error] = []
        let observer = scheduler.start {
            source.asObservable().catch { error in
                caught.append(error)
                return fallback.asObservable()
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(240, 100), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(caught.count, 1)
        XCTAssertTrue(caught.first.map { errorsAreEqual($0, TestError("source")) } ?? false)
    }

    func testCatchWithoutAnErrorNeverCallsTheHandler() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        var calls = 0
        let observer = scheduler.start {
            source.asObservable().catch { _ in
                calls += 1
                return .just(0)
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testCatchWithThrowingHandlerFailsWithTheThrownError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("source"))])
        let observer = scheduler.start {
            source.asObservable().catch { _ in throw TestError("handler") }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(230, TestError("handler"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testCatchDoesNotCatchTheFallbacksOwnError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(230, TestError("source"), Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("fallback"))])
        var calls = 0
        let observer = scheduler.start {
            source.asObservable().catch { _ in
                calls += 1
                return fallback.asObservable()
            }
        }
        XCTAssertEqual(observer.events, [.next(240, 1), .error(250, TestError("fallback"))])
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 250)])
    }

    func testCatchDisposalDuringTheFallbackDisposesIt() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(230, TestError(), Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().catch { _ in fallback.asObservable() } }
        XCTAssertEqual(observer.events, [.next(240, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(230, 300)])
    }

    func testCatchDisposalBeforeTheErrorDisposesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(400, TestError())])
        var calls = 0
        let observer = scheduler.start(disposed: 300) {
            source.asObservable().catch { _ in calls += 1; return .empty() }
        }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(calls, 0)
    }

    func testCatchAndReturnEmitsTheElementAndCompletesAtTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError()), .next(240, 2)])
        let observer = scheduler.start { source.asObservable().catchAndReturn(-1) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, -1), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testCatchAndReturnPassesCompletionThrough() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start { source.asObservable().catchAndReturn(-1) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(300)])
    }

    // MARK: retry(n)

    func testRetryResubscribesUpToTheAttemptCountThenFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError("again"))])
        let observer = scheduler.start { source.asObservable().retry(3) }
        XCTAssertEqual(observer.events, [
            .next(210, 1), .next(220, 2),
            .next(240, 1), .next(250, 2),
            .next(270, 1), .next(280, 2), .error(290, TestError("again")),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230), Subscription(230, 260), Subscription(260, 290)])
    }

    func testRetryStopsResubscribingOnceTheSourceCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.asObservable().retry(3) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testRetryOnceMeansASingleAttempt() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let observer = scheduler.start { source.asObservable().retry(1) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError())])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testRetryZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let observer = scheduler.start { source.asObservable().retry(0) }
        XCTAssertEqual(observer.events, [.completed(200)])
        XCTAssertEqual(source.subscriptions, [])
    }

    func testRetryDisposalStopsTheCurrentAttempt() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let observer = scheduler.start(disposed: 230) { source.asObservable().retry(5) }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 230)])
    }

    func testRetryOfASynchronouslyFailingSourceLoopsWithoutRecursion() {
        var attempts = 0
        var events: [Event<Int>] = []
        _ = Observable<Int>.deferred {
            attempts += 1
            return .error(TestError("\(attempts)"))
        }.retry(10_000).subscribe { events.append($0) }
        XCTAssertEqual(attempts, 10_000)
        XCTAssertEqual(events, [.error(TestError("10000"))])
    }

    // MARK: retry()

    func testRetryForeverSucceedsOnTheThirdAttempt() {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([.next(10, "fail"), .error(20, TestError())])
        let succeeding = scheduler.createColdObservable([.next(10, "ok"), .completed(20)])
        var attempts = 0
        let observer = scheduler.start {
            Observable.deferred { () -> Observable<String> in
                attempts += 1
                return attempts < 3 ? failing.asObservable() : succeeding.asObservable()
            }.retry()
        }
        XCTAssertEqual(observer.events, [
            .next(210, "fail"), .next(230, "fail"), .next(250, "ok"), .completed(260),
        ])
        XCTAssertEqual(attempts, 3)
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
        XCTAssertEqual(succeeding.subscriptions, [Subscription(240, 260)])
    }

    func testRetryForeverWithASynchronousSource() {
        var attempts = 0
        var events: [Event<Int>] = []
        _ = Observable<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError()) : .of(attempts, 10)
        }.retry().subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(3), .next(10), .completed])
        XCTAssertEqual(attempts, 3)
    }

    func testRetryForeverDisposalStopsRetrying() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.error(20, TestError(), Int.self)])
        let observer = scheduler.start(disposed: 250) { source.asObservable().retry() }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])
    }

    // MARK: retry(when:)

    func testRetryWhenCompletesWhenTheTriggerCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let observer = scheduler.start {
            source.asObservable().retry(when: { errors in
                errors.scan(0) { count, _ in count + 1 }.take(while: { $0 < 3 })
            })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryWhenFailsWhenTheTriggerFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("source"))])
        let observer = scheduler.start {
            source.asObservable().retry(when: { errors in
                errors.scan(0) { count, _ in count + 1 }.map { count -> Int in
                    if count >= 2 { throw TestError("gave up") }
                    return count
                }
            })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1), .error(240, TestError("gave up"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    func testRetryWhenCompletesWithTheSourceAndReleasesTheTrigger() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let trigger = scheduler.createHotObservable([.next(500, ())])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in trigger.asObservable() }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhenResubscribesWhenTheTriggerFiresLater() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let trigger = scheduler.createHotObservable([.next(250, ()), .completed(400)])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in trigger.asObservable() }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(260, 1), .completed(400)])
        // As in RxSwift, a failed attempt is released at its error, not when the next one starts.
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 400)])
    }

    func testRetryWhenATriggerThatEndedBeforeTheErrorEndsTheResultAtTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(50, TestError())])
        let trigger = scheduler.createHotObservable([.completed(220, Void.self)])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in trigger.asObservable() }) }
        // The trigger's completion only counts once there is an error to answer.
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testRetryWhenATriggerFiringWithNoErrorPendingDoesNotResubscribe() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(150)])
        let trigger = scheduler.createHotObservable([.next(230, ())])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in trigger.asObservable() }) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(300, 2), .completed(350)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 350)])
    }

    func testRetryWhenWithATypedHandlerRetriesItsErrorsAndPassesOthersDownstream() {
        struct Retryable: Error {}
        let scheduler = TestScheduler()
        let flaky = scheduler.createColdObservable([.next(10, 1), .error(20, Retryable())])
        let retried = scheduler.start(disposed: 250) {
            flaky.asObservable().retry(when: { (errors: Observable<Retryable>) in errors.map { _ in () } })
        }
        XCTAssertEqual(retried.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(flaky.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])

        let otherScheduler = TestScheduler()
        let failing = otherScheduler.createColdObservable([.next(10, 1), .error(20, TestError("not retryable"))])
        let passed = otherScheduler.start {
            failing.asObservable().retry(when: { (errors: Observable<Retryable>) in errors.map { _ in () } })
        }
        XCTAssertEqual(passed.events, [.next(210, 1), .error(220, TestError("not retryable"))])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhenDisposalDisposesSourceAndTrigger() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let trigger = scheduler.createHotObservable([.next(500, ())])
        let observer = scheduler.start(disposed: 250) { source.asObservable().retry(when: { _ in trigger.asObservable() }) }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 250)])
    }

    // MARK: ifEmpty

    func testIfEmptyDefaultEmitsTheDefaultWhenTheSourceCompletesEmpty() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let observer = scheduler.start { source.asObservable().ifEmpty(default: 42) }
        XCTAssertEqual(observer.events, [.next(250, 42), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testIfEmptyDefaultPassesANonEmptySequenceThrough() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.asObservable().ifEmpty(default: 42) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(250)])
    }

    func testIfEmptyDefaultForwardsAnErrorWithoutTheDefault() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(250, TestError(), Int.self)])
        let observer = scheduler.start { source.asObservable().ifEmpty(default: 42) }
        XCTAssertEqual(observer.events, [.error(250, TestError())])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testIfEmptySwitchToSubscribesTheFallbackAtCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
        let observer = scheduler.start { source.asObservable().ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(observer.events, [.next(260, 7), .next(270, 8), .completed(280)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(250, 280)])
    }

    func testIfEmptySwitchToNeverSubscribesTheFallbackForANonEmptySource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .completed(30)])
        let observer = scheduler.start { source.asObservable().ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(fallback.subscriptions, [])
    }

    func testIfEmptySwitchToDisposalDisposesTheFallback() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .next(100, 8)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(observer.events, [.next(260, 7)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(250, 300)])
    }

    func testIfEmptyThrowFailsWhenTheSourceCompletesEmpty() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { source.asObservable().ifEmpty(throw: TestError("empty")) }
        XCTAssertEqual(observer.events, [.error(250, TestError("empty"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testIfEmptyThrowPassesANonEmptySequenceThrough() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let observer = scheduler.start { source.asObservable().ifEmpty(throw: TestError("empty")) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(250)])
    }

    func testIfEmptyDisposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(500, Int.self)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().ifEmpty(default: 1) }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testCatchSequenceMovesToTheNextSourceAtEachErrorAndEndsWithTheLastError() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("first"))])
        let second = scheduler.createColdObservable([.next(10, 2), .error(20, TestError("second"))])
        let observer = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .error(240, TestError("second"))])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 240)])

        let completing = TestScheduler()
        let ok = completing.createColdObservable([.next(10, 3), .completed(20)])
        let unused = completing.createColdObservable([.next(10, 4)])
        let done = completing.start { Observable.catch(sequence: [ok.asObservable(), unused.asObservable()]) }
        XCTAssertEqual(done.events, [.next(210, 3), .completed(220)])
        XCTAssertEqual(unused.subscriptions, [])

        XCTAssertEqual(TestScheduler().start { Observable<Int>.catch(sequence: []) }.events, [.completed(200)])
    }

    func testCatchSequenceTakesFromAnEndlessSequenceOnlyWhatItNeeds() {
        var made = 0
        let failing = AnyIterator<Observable<Int>> {
            made += 1
            return made < 4 ? .error(TestError("attempt")) : .just(made)
        }
        var events: [Event<Int>] = []
        _ = Observable.catch(sequence: AnySequence { failing }).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(4), .completed])
        XCTAssertEqual(made, 4)
    }

    func testTraitRetryWhenResubscribesTheTrait() {
        var attempts = 0
        let flaky = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError()) : .just(attempts)
        }
        var result: [SingleEvent<Int>] = []
        _ = flaky.retry(when: { (errors: Observable<Error>) in errors }).subscribe { result.append($0) }
        XCTAssertEqual(result, [.success(3)])
    }
}
