import XCTest
import Dispatch
import Synchronization
import RxCore
import RxTesting

/// Creation operators: what each one emits, when, and what its subscription owns.
final class CreationTests: RxTestCase {

    // MARK: just, of, from, empty, never, error

    func testJustEmitsElementThenCompletesAtSubscriptionTime() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.just(42) }
        XCTAssertEqual(observer.events, [.next(200, 42), .completed(200)])
    }

    func testJustSubscribedWithClosuresCallsThemAsASubscriptionWouldInOrderUnderTheTrampoline() {
        // subscribe(onNext:…) on a `just` runs without a subscription object; what
        // the closures see must be what they see through one (here `map`'s): the
        // element, completion, then onDisposed, with a synchronous source
        // subscribed from inside onNext queued until all three have run.
        func log(_ source: Observable<Int>) -> [String] {
            var log: [String] = []
            let subscription = source.subscribe(
                onNext: { element in
                    log.append("next \(element)")
                    _ = Observable.of(7, 8).subscribe(onNext: { log.append("nested \($0)") })
                },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
            subscription.dispose()
            log.append("after dispose")
            return log
        }
        let direct = log(.just(1))
        XCTAssertEqual(direct, ["next 1", "completed", "disposed", "nested 7", "nested 8", "after dispose"])
        XCTAssertEqual(direct, log(Observable.just(1).map { $0 }))
    }

    func testOfEmitsElementsInOrderThenCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.of(3, 1, 2) }
        XCTAssertEqual(observer.events, [.next(200, 3), .next(200, 1), .next(200, 2), .completed(200)])
    }

    func testFromSequenceEmitsEveryElementThenCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.from(["a", "b", "c"]) }
        XCTAssertEqual(observer.events, [.next(200, "a"), .next(200, "b"), .next(200, "c"), .completed(200)])
    }

    func testFromEmptySequenceOnlyCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.from([Int]()) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testFromOptionalWithValueEmitsItThenCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.from(optional: 5) }
        XCTAssertEqual(observer.events, [.next(200, 5), .completed(200)])
    }

    func testFromOptionalNilOnlyCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.from(optional: nil) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testFromRunsTheSequenceAnewForEachSubscription() {
        let source = Observable.from([1, 2])
        var first: [Int] = [], second: [Int] = []
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
    }

    func testEmptyCompletesAtOnce() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.empty() }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testNeverEmitsNothingUntilDisposed() {
        let scheduler = TestScheduler()
        var disposedAt: TestTime?
        let observer = scheduler.start {
            Observable<Int>.never().do(onDispose: { disposedAt = scheduler.clock })
        }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(disposedAt, 1000)
    }

    func testErrorFailsAtOnce() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.error(TestError("boom")) }
        XCTAssertEqual(observer.events, [.error(200, TestError("boom"))])
    }

    func testDisposingOwnSubscriptionFromOnNextStopsASynchronousSource() {
        var received: [Int] = []
        var disposedCount = 0
        var subscription: Disposable?
        // Subscribing from inside scheduled work defers the elements until the
        // subscription is stored, so that the observer can reach it.
        _ = CurrentThreadScheduler.instance.schedule {
            subscription = Observable.of(1, 2, 3, 4).subscribe(
                onNext: { value in
                    received.append(value)
                    if value == 2 { subscription?.dispose() }
                },
                onDisposed: { disposedCount += 1 }
            )
        }
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(disposedCount, 1)
        subscription = nil
    }

    // MARK: deferred

    func testDeferredCallsTheFactoryOnEverySubscription() {
        var calls = 0
        let source = Observable.deferred { () -> Observable<Int> in
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(calls, 0, "nothing happens before subscription")
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(received, [1, 2])
    }

    func testDeferredSubscribesToTheFactoryResultAtSubscriptionTime() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.start { Observable.deferred { cold.asObservable() } }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 230)])
    }

    func testDeferredWithThrowingFactoryFailsWithItsError() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable<Int>.deferred { throw TestError("factory") }
        }
        XCTAssertEqual(observer.events, [.error(200, TestError("factory"))])
    }

    func testDisposingDeferredDisposesTheInnerSubscription() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(900)])
        let observer = scheduler.start(disposed: 250) { Observable.deferred { cold.asObservable() } }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 250)])
    }

    // MARK: using

    func testUsingDisposesTheResourceWhenTheSequenceCompletes() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        var createdAt: [TestTime] = [], disposedAt: [TestTime] = []
        let observer = scheduler.start {
            Observable.using({ () -> AnonymousDisposable in
                createdAt.append(scheduler.clock)
                return AnonymousDisposable { disposedAt.append(scheduler.clock) }
            }, observableFactory: { _ in cold.asObservable() })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(createdAt, [200])
        XCTAssertEqual(disposedAt, [250])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 250)])
    }

    func testUsingDisposesTheResourceWhenTheSequenceFails() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .error(40, TestError())])
        var disposedAt: [TestTime] = []
        let observer = scheduler.start {
            Observable.using({ AnonymousDisposable { disposedAt.append(scheduler.clock) } },
                             observableFactory: { _ in cold.asObservable() })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(240, TestError())])
        XCTAssertEqual(disposedAt, [240])
    }

    func testUsingDisposesTheResourceWhenTheSubscriptionIsDisposed() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .next(500, 2)])
        var disposedAt: [TestTime] = []
        let observer = scheduler.start(disposed: 300) {
            Observable.using({ AnonymousDisposable { disposedAt.append(scheduler.clock) } },
                             observableFactory: { _ in cold.asObservable() })
        }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(disposedAt, [300])
        XCTAssertEqual(cold.subscriptions, [Subscription(200, 300)])
    }

    func testUsingPassesTheResourceToTheObservableFactory() {
        final class Resource: Disposable, @unchecked Sendable {
            let name: String
            var disposed = false
            init(name: String) { self.name = name }
            func dispose() { disposed = true }
        }
        var resource: Resource?
        var received: [String] = []
        _ = Observable.using({ () -> Resource in
            let made = Resource(name: "db")
            resource = made
            return made
        }, observableFactory: { Observable.just($0.name) })
            .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, ["db"])
        XCTAssertEqual(resource?.disposed, true)
    }

    func testUsingWithThrowingResourceFactoryFails() {
        let scheduler = TestScheduler()
        var factoryCalls = 0
        let observer = scheduler.start {
            Observable<Int>.using({ () throws -> AnonymousDisposable in throw TestError("resource") },
                                  observableFactory: { _ in factoryCalls += 1; return .just(1) })
        }
        XCTAssertEqual(observer.events, [.error(200, TestError("resource"))])
        XCTAssertEqual(factoryCalls, 0)
    }

    func testUsingWithThrowingObservableFactoryFailsAndDisposesTheResource() {
        let scheduler = TestScheduler()
        var disposedAt: [TestTime] = []
        let observer = scheduler.start {
            Observable<Int>.using({ AnonymousDisposable { disposedAt.append(scheduler.clock) } },
                                  observableFactory: { _ in throw TestError("observable") })
        }
        XCTAssertEqual(observer.events, [.error(200, TestError("observable"))])
        XCTAssertEqual(disposedAt, [200])
    }

    // MARK: range, repeatElement, generate

    func testRangeEmitsConsecutiveIntegers() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.range(start: -1, count: 4) }
        XCTAssertEqual(observer.events, [.next(200, -1), .next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
    }

    func testRangeWithZeroCountOnlyCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.range(start: 10, count: 0) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testRepeatElementWithTakeEmitsExactlyThatMany() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.repeatElement("x").take(4) }
        XCTAssertEqual(observer.events, [.next(200, "x"), .next(200, "x"), .next(200, "x"), .next(200, "x"), .completed(200)])
    }

    func testRepeatElementIsDisposedWhenTakeCompletes() {
        var disposed = 0
        var received = 0
        _ = Observable.repeatElement(1)
            .do(onDispose: { disposed += 1 })
            .take(1000)
            .subscribe(onNext: { received += $0 })
        XCTAssertEqual(received, 1000)
        XCTAssertEqual(disposed, 1)
    }

    func testGenerateIteratesWhileTheConditionHolds() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 })
        }
        XCTAssertEqual(observer.events, [.next(200, 1), .next(200, 3), .next(200, 9), .completed(200)])
    }

    func testGenerateWithInitialStateFailingTheConditionOnlyCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 5, condition: { $0 < 0 }, iterate: { $0 + 1 })
        }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testGenerateWithThrowingIterateFailsAfterTheElementsSoFar() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, iterate: { state in
                if state == 2 { throw TestError("iterate") }
                return state + 1
            })
        }
        XCTAssertEqual(observer.events, [.next(200, 0), .next(200, 1), .next(200, 2), .error(200, TestError("iterate"))])
    }

    func testGenerateWithThrowingConditionFails() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { state in
                if state == 1 { throw TestError("condition") }
                return true
            }, iterate: { $0 + 1 })
        }
        XCTAssertEqual(observer.events, [.next(200, 0), .error(200, TestError("condition"))])
    }

    // MARK: create

    func testCreateDropsEverythingAfterTheFirstTerminalEvent() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                observer.onError(TestError())
                observer.onCompleted()
                return Disposables.create()
            }
        }
        XCTAssertEqual(observer.events, [.next(200, 1), .completed(200)])
    }

    func testCreateDropsEverythingAfterAnError() {
        var events: [Event<Int>] = []
        _ = Observable<Int>.create { observer in
            observer.onError(TestError("first"))
            observer.onNext(1)
            observer.onError(TestError("second"))
            return Disposables.create()
        }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError("first"))])
    }

    func testCreateDisposesItsDisposableWhenItCompletesSynchronously() {
        var disposed = 0
        var events: [Event<Int>] = []
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { disposed += 1 }
        }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(disposed, 1)
    }

    func testCreateDisposesItsDisposableAtCompletionTime() {
        let scheduler = TestScheduler()
        var disposedAt: [TestTime] = []
        let observer = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(250) { observer.onNext(1) }
                scheduler.scheduleAt(300) { observer.onCompleted() }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        XCTAssertEqual(observer.events, [.next(250, 1), .completed(300)])
        XCTAssertEqual(disposedAt, [300])
    }

    func testCreateStopsForwardingAndDisposesOnceTheSubscriptionIsDisposed() {
        let scheduler = TestScheduler()
        var disposedAt: [TestTime] = []
        let observer = scheduler.start(disposed: 400) {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(300) { observer.onNext(1) }
                // The producer keeps sending after disposal; nothing may arrive.
                scheduler.scheduleAt(500) { observer.onNext(2) }
                scheduler.scheduleAt(600) { observer.onCompleted() }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        XCTAssertEqual(observer.events, [.next(300, 1)])
        XCTAssertEqual(disposedAt, [400])
    }

    func testCreateRunsItsClosureOncePerSubscription() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            observer.onCompleted()
            return Disposables.create()
        }
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
    }

    func testCreateSerializesEventsSentFromTwoThreads() {
        let probe = DeliveryProbe()
        let box = ObserverBox<Int>()
        let perThread = 20_000
        let subscription = Observable<Int>.create { observer in
            box.observer = observer
            return Disposables.create()
        }.subscribe(onNext: { value in
            probe.enter()
            probe.record(value)
            probe.leave()
        }, onCompleted: { probe.recordCompletion() })

        let observer = box.observer!
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<perThread { observer.onNext(thread * perThread + index) }
        }
        observer.onCompleted()
        observer.onNext(-1)

        XCTAssertFalse(probe.overlapped, "two deliveries overlapped")
        let values = probe.values
        XCTAssertEqual(values.count, 2 * perThread)
        XCTAssertEqual(Set(values).count, 2 * perThread, "every element arrives exactly once")
        // Each thread's own elements keep their order.
        XCTAssertEqual(values.filter { $0 < perThread }, Array(0..<perThread))
        XCTAssertEqual(values.filter { $0 >= perThread }, Array(perThread..<(2 * perThread)))
        XCTAssertEqual(probe.completions, 1)
        subscription.dispose()
        box.observer = nil
    }

    func testCreateDeliversNothingAfterACompletionSentWhileAnotherThreadSends() {
        let probe = DeliveryProbe()
        let box = ObserverBox<Int>()
        let subscription = Observable<Int>.create { observer in
            box.observer = observer
            return Disposables.create()
        }.subscribe(onNext: { value in
            probe.enter()
            probe.record(value)
            probe.leave()
        }, onCompleted: { probe.recordCompletion() })

        let observer = box.observer!
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                for index in 0..<20_000 { observer.onNext(index) }
            } else {
                for index in 0..<100 { observer.onNext(100_000 + index) }
                observer.onCompleted()
            }
        }
        XCTAssertFalse(probe.overlapped)
        XCTAssertEqual(probe.completions, 1)
        XCTAssertTrue(probe.completionWasLast, "an element arrived after completion")
        XCTAssertTrue(probe.values.contains(100_099), "elements sent before completion by the completing thread arrive")
        subscription.dispose()
        box.observer = nil
    }

    func testJustOnASchedulerEmitsThenCompletesEachOnItsOwnTurn() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(201, 42), .completed(202)])
        let single = TestScheduler()
        let succeeded = single.start { Single.just(7, scheduler: single).asObservable() }
        XCTAssertEqual(succeeded.events, [.next(201, 7), .completed(202)])
        let maybe = TestScheduler()
        let gave = maybe.start { Maybe.just(8, scheduler: maybe).asObservable() }
        XCTAssertEqual(gave.events, [.next(201, 8), .completed(202)])
    }

    func testJustOnASchedulerDisposedBeforeItsTurnEmitsNothing() {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 200) { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [])
    }

    func testATypeThatOnlySubscribesIsAnObservableThroughCreate() {
        struct Countdown: ObservableType {
            typealias Element = Int
            func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
                observer.on(.next(2))
                observer.on(.next(1))
                observer.on(.completed)
                return Disposables.create()
            }
        }
        let scheduler = TestScheduler()
        let observer = scheduler.start { Countdown().asObservable().map { $0 * 10 } }
        XCTAssertEqual(observer.events, [.next(200, 20), .next(200, 10), .completed(200)])
    }
}

/// Holds the observer a `create` closure received, so that a test can drive it.
private final class ObserverBox<Element>: @unchecked Sendable {
    var observer: AnyObserver<Element>?
}

/// Records deliveries from any thread and notices if two ever overlap.
private final class DeliveryProbe: @unchecked Sendable {
    private let inside = Atomic<Int>(0)
    private let overlap = Atomic<Bool>(false)
    private let state = Mutex<(values: [Int], completions: Int, completionWasLast: Bool)>(([], 0, true))

    func enter() {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlap.store(true, ordering: .relaxed)
        }
    }

    func leave() { inside.subtract(1, ordering: .acquiringAndReleasing) }

    func record(_ value: Int) {
        state.withLock {
            if $0.completions > 0 { $0.completionWasLast = false }
            $0.values.append(value)
        }
    }

    func recordCompletion() {
        enter()
        state.withLock { $0.completions += 1 }
        leave()
    }

    var overlapped: Bool { overlap.load(ordering: .relaxed) }
    var values: [Int] { state.withLock { $0.values } }
    var completions: Int { state.withLock { $0.completions } }
    var completionWasLast: Bool { state.withLock { $0.completionWasLast } }
}
