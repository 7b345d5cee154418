import XCTest
import RxCore
import RxTesting

/// Single, Maybe and Completable, and the conversions from Observable
/// (asSingle, asMaybe, asCompletable, first).
final class TraitTests: RxTestCase {
    // MARK: Single

    func testSingleCreateSucceedsOnceAndIgnoresLaterOutcomes() {
        var emit: ((SingleEvent<Int>) -> Void)?
        var disposed = false
        let single = Single<Int>.create { observer in
            emit = observer
            return Disposables.create { disposed = true }
        }
        var results: [String] = []
        _ = single.subscribe { result in
            switch result {
            case .success(let value): results.append("success \(value)")
            case .failure(let error): results.append("failure \(error)")
            }
        }
        emit?(.success(1))
        emit?(.success(2))
        emit?(.failure(TestError("late")))
        emit = nil
        XCTAssertEqual(results, ["success 1"])
        XCTAssertTrue(disposed)
    }

    func testSingleCreateFailure() {
        let single = Single<Int>.create { observer in
            observer(.failure(TestError("create")))
            return Disposables.create()
        }
        var failure: Swift.Error?
        var disposed = false
        _ = single.subscribe(onSuccess: { _ in XCTFail("no success expected") }, onFailure: { failure = $0 }, onDisposed: { disposed = true })
        XCTAssertEqual(failure as? TestError, TestError("create"))
        XCTAssertTrue(disposed)
    }

    func testSingleJustAndErrorOnTheTimeline() {
        let scheduler = TestScheduler()
        let just = scheduler.start { Single.just(1).asObservable() }
        XCTAssertEqual(just.events, [.next(200, 1), .completed(200)])
        let failing = TestScheduler().start { Single<Int>.error(TestError("single")).asObservable() }
        XCTAssertEqual(failing.events, [.error(200, TestError("single"))])
    }

    func testSingleOnASchedulerDeliversSuccessAndCompletionAsRxSwiftDoes() {
        // The trait's success travels as an element and a completion, each its own
        // turn of the scheduler where the operator hops through it.
        let observed = TestScheduler()
        let observedOn = observed.start { Single.just(1).observe(on: observed).asObservable() }
        XCTAssertEqual(observedOn.events, [.next(201, 1), .completed(202)])

        let delayed = TestScheduler()
        let delay = delayed.start { Single.just(1).delay(.seconds(2), scheduler: delayed).asObservable() }
        XCTAssertEqual(delay.events, [.next(202, 1), .completed(203)])

        let subscribed = TestScheduler()
        let subscribeOn = subscribed.start { Single.just(1).subscribe(on: subscribed).asObservable() }
        XCTAssertEqual(subscribeOn.events, [.next(201, 1), .completed(201)])

        let late = TestScheduler()
        let delaySubscription = late.start { Single.just(1).delaySubscription(.seconds(2), scheduler: late).asObservable() }
        XCTAssertEqual(delaySubscription.events, [.next(202, 1), .completed(202)])
    }

    func testSingleSubscribeFormsReportSuccess() {
        var success: Int?
        var disposed = false
        _ = Single.just(5).subscribe(onSuccess: { success = $0 }, onFailure: { _ in XCTFail("no failure expected") }, onDisposed: { disposed = true })
        XCTAssertEqual(success, 5)
        XCTAssertTrue(disposed)
        var result: SingleEvent<Int>?
        _ = Single.just(6).subscribe { result = $0 }
        XCTAssertEqual(try result?.get(), 6)
    }

    func testSingleMapAndThrowingMap() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 2), .completed(10)])
        let mapped = scheduler.start { source.asSingle().map { $0 * 10 }.asObservable() }
        XCTAssertEqual(mapped.events, [.next(210, 20), .completed(210)])
        let throwing = TestScheduler().start {
            Single.just(1).map { _ -> Int in throw TestError("map") }.asObservable()
        }
        XCTAssertEqual(throwing.events, [.error(200, TestError("map"))])
    }

    func testSingleFlatMapSubscribesTheNextSingleWhenTheFirstSucceeds() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let second = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
        let observer = scheduler.start { first.asSingle().flatMap { value in second.asSingle().map { "\(value)\($0)" } }.asObservable() }
        XCTAssertEqual(observer.events, [.next(230, "1a"), .completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testSingleFlatMapErrorOfEitherSideFails() {
        let scheduler = TestScheduler()
        let second = scheduler.createColdObservable([.error(20, TestError("second"), Int.self)])
        let observer = scheduler.start { Single.just(1).flatMap { _ in second.asSingle() }.asObservable() }
        XCTAssertEqual(observer.events, [.error(220, TestError("second"))])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 220)])
        let failing = TestScheduler().start {
            Single<Int>.error(TestError("first")).flatMap { Single.just($0) }.asObservable()
        }
        XCTAssertEqual(failing.events, [.error(200, TestError("first"))])
    }

    func testSingleFlatMapMaybeAndFlatMapCompletable() {
        let scheduler = TestScheduler()
        let empty = scheduler.createColdObservable([.completed(20, Int.self)])
        let maybe = scheduler.start { Single.just(1).flatMapMaybe { _ in empty.asMaybe() }.asObservable() }
        XCTAssertEqual(maybe.events, [.completed(220)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 220)])

        let other = TestScheduler()
        let work = other.createColdObservable([.next(5, 9), .completed(20)])
        let completable = other.start { Single.just(1).flatMapCompletable { _ in work.ignoreElements().asCompletable() }.asObservable() }
        XCTAssertEqual(completable.events, [.completed(220)])
        XCTAssertEqual(work.subscriptions, [Subscription(200, 220)])
    }

    func testSingleFilterGivesAMaybe() {
        var kept: [String] = []
        _ = Single.just(2).filter { $0 > 1 }.subscribe(onSuccess: { kept.append("success \($0)") }, onCompleted: { kept.append("completed") })
        _ = Single.just(0).filter { $0 > 1 }.subscribe(onSuccess: { kept.append("success \($0)") }, onCompleted: { kept.append("completed") })
        XCTAssertEqual(kept, ["success 2", "completed"])
    }

    func testSingleCatchAndReturnRecoversFromAnError() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.error(10, TestError("source"), Int.self)])
        let observer = scheduler.start { source.asSingle().catchAndReturn(7).asObservable() }
        XCTAssertEqual(observer.events, [.next(210, 7), .completed(210)])
    }

    func testSingleZipWaitsForBothAndFailsWithTheFirstError() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])
        let observer = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(observer.events, [.next(230, 3), .completed(230)])

        let other = TestScheduler()
        let failing = other.createColdObservable([.error(10, TestError("a"), Int.self)])
        let slow = other.createColdObservable([.next(30, 2), .completed(30)])
        let failed = other.start { Single.zip(failing.asSingle(), slow.asSingle()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(failed.events, [.error(210, TestError("a"))])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 210)])
    }

    func testSingleZipOfACollection() {
        let scheduler = TestScheduler()
        let sources = [30, 10, 20].map { delay in scheduler.createColdObservable([.next(delay, delay), .completed(delay)]) }
        let observer = scheduler.start { Single.zip(sources.map { $0.asSingle() }).asObservable() }
        XCTAssertEqual(observer.events, [.next(230, [30, 10, 20]), .completed(230)])
        let empty = TestScheduler().start { Single<Int>.zip([Single<Int>]()).asObservable() }
        XCTAssertEqual(empty.events, [.next(200, []), .completed(200)])
    }

    func testSingleAsMaybeAndAsCompletable() {
        var maybe: [String] = []
        _ = Single.just(1).asMaybe().subscribe(onSuccess: { maybe.append("success \($0)") }, onCompleted: { maybe.append("completed") })
        XCTAssertEqual(maybe, ["success 1"])
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let completable = scheduler.start { source.asSingle().asCompletable().asObservable() }
        XCTAssertEqual(completable.events, [.completed(210)])
    }

    // MARK: Maybe

    func testMaybeCreateReportsSuccessCompletionOrError() {
        func outcomes(_ event: MaybeEvent<Int>) -> [String] {
            var log: [String] = []
            _ = Maybe<Int>.create { observer in
                observer(event)
                observer(.success(99))
                return Disposables.create()
            }.subscribe { outcome in
                switch outcome {
                case .success(let value): log.append("success \(value)")
                case .error(let error): log.append("error \(error)")
                case .completed: log.append("completed")
                }
            }
            return log
        }
        XCTAssertEqual(outcomes(.success(1)), ["success 1"])
        XCTAssertEqual(outcomes(.completed), ["completed"])
        XCTAssertEqual(outcomes(.error(TestError("maybe"))), ["error TestError(maybe)"])
    }

    func testMaybeJustEmptyAndErrorOnTheTimeline() {
        XCTAssertEqual(TestScheduler().start { Maybe.just(1).asObservable() }.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(TestScheduler().start { Maybe<Int>.empty().asObservable() }.events, [.completed(200)])
        XCTAssertEqual(TestScheduler().start { Maybe<Int>.error(TestError("maybe")).asObservable() }.events, [.error(200, TestError("maybe"))])
    }

    func testMaybeSubscribeWithClosuresCallsExactlyOneOutcome() {
        var log: [String] = []
        _ = Maybe.just(1).subscribe(onSuccess: { log.append("success \($0)") }, onError: { _ in log.append("error") }, onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        _ = Maybe<Int>.empty().subscribe(onSuccess: { log.append("success \($0)") }, onError: { _ in log.append("error") }, onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        XCTAssertEqual(log, ["success 1", "disposed", "completed", "disposed"])
    }

    func testMaybeSubscribeReportsOneOutcomeFromEverySource() {
        var log: [String] = []
        func subscribe(_ name: String, _ maybe: Maybe<Int>) {
            _ = maybe.subscribe(
                onSuccess: { log.append("\(name): success \($0)") },
                onError: { log.append("\(name): error \($0)") },
                onCompleted: { log.append("\(name): completed") },
                onDisposed: { log.append("\(name): disposed") }
            )
        }
        subscribe("created", Maybe.create { observer in observer(.success(1)); return Disposables.create() })
        subscribe("converted", Observable.just(2).asMaybe())
        subscribe("converted empty", Observable<Int>.empty().asMaybe())
        subscribe("too many", Observable.of(3, 4).asMaybe())
        XCTAssertEqual(log, [
            "created: success 1", "created: disposed",
            "converted: success 2", "converted: disposed",
            "converted empty: completed", "converted empty: disposed",
            "too many: error \(RxError.moreThanOneElement)", "too many: disposed",
        ])
    }

    func testMaybeSubscribeReleasesItsClosuresWhenTheSubscriptionEnds() {
        final class Owner {}
        weak var released: Owner?
        let subject = PublishSubject<Int>()
        let subscription: Disposable
        do {
            let owner = Owner()
            released = owner
            subscription = subject.asMaybe().subscribe(onSuccess: { _ in _ = owner }, onCompleted: { _ = owner })
        }
        XCTAssertNotNil(released, "held while the subscription lasts")
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertNil(released, "released when the Maybe succeeded")
        subscription.dispose()
    }

    func testMaybeOperators() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 3), .completed(10)])
        let observer = scheduler.start {
            source.asMaybe().map { $0 * 2 }.filter { $0 > 5 }.flatMap { value in Maybe.just(value + 1) }.asObservable()
        }
        XCTAssertEqual(observer.events, [.next(210, 7), .completed(210)])
        let filteredOut = TestScheduler().start { Maybe.just(1).filter { $0 > 5 }.asObservable() }
        XCTAssertEqual(filteredOut.events, [.completed(200)])
    }

    func testMaybeIfEmptyAndCatchAndReturn() {
        XCTAssertEqual(TestScheduler().start { Maybe<Int>.empty().ifEmpty(default: 4).asObservable() }.events, [.next(200, 4), .completed(200)])
        XCTAssertEqual(TestScheduler().start { Maybe.just(1).ifEmpty(default: 4).asObservable() }.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(TestScheduler().start { Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(5)).asObservable() }.events, [.next(200, 5), .completed(200)])
        XCTAssertEqual(TestScheduler().start { Maybe<Int>.error(TestError("maybe")).catchAndReturn(6).asObservable() }.events, [.next(200, 6), .completed(200)])
    }

    func testMaybeAsCompletableDropsTheElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.asMaybe().asCompletable().asObservable() }
        XCTAssertEqual(observer.events, [.completed(220)])
    }

    // MARK: Completable

    func testCompletableCreateEmptyAndError() {
        var log: [String] = []
        let completable = Completable.create { observer in
            observer(.completed)
            observer(.error(TestError("late")))
            return Disposables.create { log.append("disposed") }
        }
        _ = completable.subscribe(onCompleted: { log.append("completed") }, onError: { _ in log.append("error") })
        _ = Completable.empty().subscribe { event in
            if case .completed = event { log.append("empty completed") }
        }
        _ = Completable.error(TestError("c")).subscribe { event in
            if case .error(let error) = event { log.append("error \(error)") }
        }
        XCTAssertEqual(log, ["completed", "disposed", "empty completed", "error TestError(c)"])
    }

    func testCompletableAndThenCompletableRunsTheSecondAfterTheFirst() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(10, Never.self)])
        let second = scheduler.createColdObservable([.completed(20, Never.self)])
        let observer = scheduler.start { first.asCompletable().andThen(second.asCompletable()).asObservable() }
        XCTAssertEqual(observer.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testCompletableAndThenSingle() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(5, 0), .completed(10)])
        let second = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
        let observer = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asSingle()).asObservable() }
        XCTAssertEqual(observer.events, [.next(230, "a"), .completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testCompletableAndThenMaybe() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(10, Int.self)])
        let second = scheduler.createColdObservable([.completed(20, String.self)])
        let observer = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asMaybe()).asObservable() }
        XCTAssertEqual(observer.events, [.completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testCompletableAndThenObservable() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(10, Int.self)])
        let second = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .completed(20)])
        let observer = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(observer.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testCompletableAndThenNeverSubscribesTheNextAfterAnError() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.error(10, TestError("first"), Int.self)])
        let second = scheduler.createColdObservable([.next(5, 1), .completed(20)])
        let observer = scheduler.start { first.ignoreElements().asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(observer.events, [.error(210, TestError("first"))])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testCompletableZipCompletesWhenAllCompleteAndFailsWithTheFirstError() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.completed(10, Int.self)])
        let b = scheduler.createColdObservable([.completed(30, Int.self)])
        let observer = scheduler.start { Completable.zip([a.ignoreElements().asCompletable(), b.ignoreElements().asCompletable()]).asObservable() }
        XCTAssertEqual(observer.events, [.completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])

        let other = TestScheduler()
        let failing = other.createColdObservable([.error(10, TestError("a"), Int.self)])
        let slow = other.createColdObservable([.completed(30, Int.self)])
        let failed = other.start { Completable.zip([failing.ignoreElements().asCompletable(), slow.ignoreElements().asCompletable()]).asObservable() }
        XCTAssertEqual(failed.events, [.error(210, TestError("a"))])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 210)])

        XCTAssertEqual(TestScheduler().start { Completable.zip([]).asObservable() }.events, [.completed(200)])
    }

    // MARK: Observable to traits

    func testAsSingleEmitsTheOnlyElementAtCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let observer = scheduler.start { source.asSingle().asObservable() }
        XCTAssertEqual(observer.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleFailsWithNoElementsWhenTheSourceCompletesEmpty() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { source.asSingle().asObservable() }
        XCTAssertEqual(observer.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleFailsWithMoreThanOneElementAtTheSecondElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let observer = scheduler.start { source.asSingle().asObservable() }
        XCTAssertEqual(observer.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testAsSingleForwardsTheSourceError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("source"))])
        let observer = scheduler.start { source.asSingle().asObservable() }
        XCTAssertEqual(observer.events, [.error(230, TestError("source"))])
    }

    func testAsMaybeAllowsZeroOrOneElement() {
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable([.completed(250, Int.self)])
        let one = scheduler.createHotObservable([.next(210, 1), .completed(260)])
        let two = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let emptyObserver = scheduler.record(empty.asMaybe(), subscribeAt: 200)
        let oneObserver = scheduler.record(one.asMaybe(), subscribeAt: 200)
        let twoObserver = scheduler.record(two.asMaybe(), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(emptyObserver.events, [.completed(250)])
        XCTAssertEqual(oneObserver.events, [.next(260, 1), .completed(260)])
        XCTAssertEqual(twoObserver.events, [.error(230, RxError.moreThanOneElement)])
        XCTAssertEqual(two.subscriptions, [Subscription(200, 230)])
    }

    func testAsCompletableIgnoresElementsAndKeepsTerminalEvents() {
        let scheduler = TestScheduler()
        let completing = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let failing = scheduler.createHotObservable([.next(210, 1), .error(240, TestError("source"))])
        let completed = scheduler.record(completing.ignoreElements().asCompletable(), subscribeAt: 200)
        let failed = scheduler.record(failing.ignoreElements().asCompletable(), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(completed.events, [.completed(250)])
        XCTAssertEqual(failed.events, [.error(240, TestError("source"))])
    }

    func testFirstTakesTheFirstElementAndDisposesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.first().asObservable() }
        XCTAssertEqual(observer.events, [.next(210, Optional(1)), .completed(210)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
    }

    func testFirstOfAnEmptySourceIsNilAndErrorsPassThrough() {
        // As in RxSwift 6, `first()` is a Single<Element?>: an empty source gives nil.
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable([.completed(250, Int.self)])
        let failing = scheduler.createHotObservable([.error(240, TestError("source"), Int.self)])
        let emptyObserver = scheduler.record(empty.first(), subscribeAt: 200)
        let failingObserver = scheduler.record(failing.first(), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(emptyObserver.events, [.next(250, nil), .completed(250)])
        XCTAssertEqual(failingObserver.events, [.error(240, TestError("source"))])
    }

    func testTraitCompactMapGivesAMaybe() {
        let scheduler = TestScheduler()
        let kept = scheduler.start { Single.just("12").compactMap { Int($0) }.asObservable() }
        XCTAssertEqual(kept.events, [.next(200, 12), .completed(200)])
        let dropped = TestScheduler().start { Maybe.just("x").compactMap { Int($0) }.asObservable() }
        XCTAssertEqual(dropped.events, [.completed(200)])
    }

    func testCompletableConcatRunsOneAfterAnother() {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(10, Never.self)])
        let second = scheduler.createColdObservable([.completed(20, Never.self)])
        let observer = scheduler.start {
            Completable.concat(first.asObservable().asCompletable(), second.asObservable().asCompletable()).asObservable()
        }
        XCTAssertEqual(observer.events.map(\.time), [230])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])

        let failing = TestScheduler()
        let fails = failing.createColdObservable([.error(10, TestError("first"), Never.self)])
        let never = failing.createColdObservable([Recorded<Event<Never>>]())
        let failed = failing.start { fails.asObservable().asCompletable().concat(never.asObservable().asCompletable()).asObservable() }
        XCTAssertEqual(failed.events.count, 1)
        XCTAssertEqual(never.subscriptions, [])
    }

    func testSingleAndMaybeZipOfEveryArityAsTuplesAndWithASelector() {
        var tuple: [SingleEvent<String>] = []
        _ = Single.zip(Single.just(1), Single.just("b")).map { "\($0.0)\($0.1)" }.subscribe { tuple.append($0) }
        XCTAssertEqual(tuple, [.success("1b")])
        var eight: [SingleEvent<Int>] = []
        let one = Single.just(1)
        _ = Single.zip(one, one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }.subscribe { eight.append($0) }
        XCTAssertEqual(eight, [.success(8)])
        var maybe: [MaybeEvent<Int>] = []
        _ = Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 }.subscribe { maybe.append($0) }
        XCTAssertEqual(maybe, [.completed])
        var failed: [SingleEvent<Int>] = []
        _ = Single.zip(Single<Int>.error(TestError("a")), Single.just(2), Single.just(3)) { $0 + $1 + $2 }.subscribe { failed.append($0) }
        XCTAssertEqual(failed, [.failure(TestError("a"))])
    }

    func testCompletableZipOfSomeCompletesWhenAllHave() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.completed(10, Never.self)])
        let b = scheduler.createColdObservable([.completed(30, Never.self)])
        let observer = scheduler.start { Completable.zip(a.asObservable().asCompletable(), b.asObservable().asCompletable()).asObservable() }
        XCTAssertEqual(observer.events.map(\.time), [230])
    }

    func testTraitUsingDisposesItsResourceWhenTheTraitEnds() {
        var disposed = 0
        var result: [SingleEvent<Int>] = []
        _ = Single.using({ AnonymousDisposable { disposed += 1 } }, primitiveSequenceFactory: { _ in Single.just(5) })
            .subscribe { result.append($0) }
        XCTAssertEqual(result, [.success(5)])
        XCTAssertEqual(disposed, 1)
    }

    func testTraitTimerSucceedsWithZeroAfterItsDueTime() {
        let scheduler = TestScheduler()
        let single = scheduler.start { Single<Int>.timer(.seconds(20), scheduler: scheduler).asObservable() }
        XCTAssertEqual(single.events, [.next(220, 0), .completed(220)])
        let maybeScheduler = TestScheduler()
        let maybe = maybeScheduler.start { Maybe<Int>.timer(.seconds(5), scheduler: maybeScheduler).asObservable() }
        XCTAssertEqual(maybe.events, [.next(205, 0), .completed(205)])
    }

    func testTraitDoSpellsItsSideEffectsInTheTraitsWords() {
        var log: [String] = []
        _ = Single.just(1).do(
            onSuccess: { log.append("onSuccess \($0)") }, afterSuccess: { log.append("afterSuccess \($0)") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onSuccess: { log.append("success \($0)") })
        XCTAssertEqual(log, ["onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose"])

        log = []
        _ = Maybe<Int>.empty().do(onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") })
            .subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["onCompleted", "completed", "afterCompleted"])

        log = []
        _ = Completable.error(TestError()).do(onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") })
            .subscribe(onError: { _ in log.append("error") })
        XCTAssertEqual(log, ["onError", "error", "afterError"])
    }

    func testMaybeIfEmptySwitchesToASingleAndSingleZipTakesASelector() {
        let switched = TestScheduler().start { Maybe<Int>.empty().ifEmpty(switchTo: Single.just(10)).asObservable() }
        XCTAssertEqual(switched.events, [.next(200, 10), .completed(200)])
        var sum: [SingleEvent<Int>] = []
        _ = Single.zip([Single.just(1), Single.just(2), Single.just(3)]) { $0.reduce(0, +) }.subscribe { sum.append($0) }
        XCTAssertEqual(sum, [.success(6)])
    }
}
