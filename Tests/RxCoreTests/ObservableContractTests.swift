import XCTest
import Dispatch
import RxCore
import RxTesting

/// The contracts every subscription keeps (design brief, contracts 1 and 2):
/// - grammar `next* (error | completed)?`, nothing after a terminal event, whatever
///   the producer does;
/// - `dispose()` is idempotent, thread-safe and callable from inside a callback, and
///   once it returns no further callback starts;
/// - `onDisposed` runs exactly once, after the terminal event or the disposal.
final class ObservableContractTests: RxTestCase {
    private let boom = TestError("boom")
    private let late = TestError("late")

    // MARK: grammar, for every kind of source

    func testCreateDropsEverythingAfterCompletion() {
        let events = record(Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(self.late)
            observer.onCompleted()
            return Disposables.create()
        })
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testCreateDropsEverythingAfterAnError() {
        let events = record(Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(self.boom)
            observer.onNext(2)
            observer.onCompleted()
            observer.onError(self.late)
            return Disposables.create()
        })
        XCTAssertEqual(events, [.next(1), .error(boom)])
    }

    func testSubjectsDeliverNothingAfterTheirTerminalEvent() {
        let publish = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let replay = ReplaySubject<Int>.createUnbounded()
        let async = AsyncSubject<Int>()
        var received: [String: [Event<Int>]] = [:]
        let subscriptions = [
            publish.subscribe { received["publish", default: []].append($0) },
            behavior.subscribe { received["behavior", default: []].append($0) },
            replay.subscribe { received["replay", default: []].append($0) },
            async.subscribe { received["async", default: []].append($0) },
        ]
        let subjects: [AnyObserver<Int>] = [publish.asObserver(), behavior.asObserver(), replay.asObserver(), async.asObserver()]
        for subject in subjects {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            subject.onNext(3)
            subject.onError(late)
            subject.onCompleted()
        }
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(received["publish"], [.next(1), .next(2), .completed])
        XCTAssertEqual(received["behavior"], [.next(0), .next(1), .next(2), .completed])
        XCTAssertEqual(received["replay"], [.next(1), .next(2), .completed])
        XCTAssertEqual(received["async"], [.next(2), .completed])
    }

    func testSubjectsFailedOnceStayFailedForLateSubscribers() {
        let publish = PublishSubject<Int>()
        publish.onNext(1)
        publish.onError(boom)
        publish.onNext(2)
        XCTAssertEqual(record(publish), [.error(boom)])

        let replay = ReplaySubject<Int>.create(bufferSize: 1)
        replay.onNext(1)
        replay.onCompleted()
        replay.onNext(2)
        XCTAssertEqual(record(replay), [.next(1), .completed])
    }

    func testTraitCreatesKeepOnlyTheFirstOutcome() {
        let single = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(self.late))
            return Disposables.create()
        }
        XCTAssertEqual(record(single.asObservable()), [.next(1), .completed])

        let maybe = Maybe<Int>.create { observer in
            observer(.success(1))
            observer(.completed)
            observer(.error(self.late))
            return Disposables.create()
        }
        XCTAssertEqual(record(maybe.asObservable()), [.next(1), .completed])

        let completable = Completable.create { observer in
            observer(.completed)
            observer(.error(self.late))
            observer(.completed)
            return Disposables.create()
        }
        XCTAssertEqual(record(completable.asObservable()), [.completed])
    }

    func testBasicAndSynchronousSourcesFollowTheGrammar() {
        XCTAssertEqual(record(Observable.just(1)), [.next(1), .completed])
        XCTAssertEqual(record(Observable<Int>.empty()), [.completed])
        XCTAssertEqual(record(Observable<Int>.error(boom)), [.error(boom)])
        XCTAssertEqual(record(Observable.of(1, 2, 3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(record(Observable.from([4, 5])), [.next(4), .next(5), .completed])
        XCTAssertEqual(record(Observable.range(start: 1, count: 3)), [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(record(Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })),
                       [.next(1), .next(3), .next(9), .completed])
        XCTAssertEqual(record(Observable.repeatElement(7).take(2)), [.next(7), .next(7), .completed])
        XCTAssertEqual(record(Observable<Int>.deferred { .just(8) }), [.next(8), .completed])
        XCTAssertEqual(record(Observable<Int>.deferred { throw self.boom }), [.error(boom)])
    }

    func testSynchronousSourceStopsAtAThrowingGenerator() {
        let events = record(Observable.generate(initialState: 1, condition: { _ in true }, iterate: { state in
            if state == 2 { throw self.boom }
            return state + 1
        }))
        XCTAssertEqual(events, [.next(1), .next(2), .error(boom)])
    }

    func testTestObservablesEventsAfterTheTerminalOneAreNotDelivered() {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotObservable([
            .next(210, 1), .completed(220), .next(230, 2), .error(240, late),
        ])
        let hotObserver = scheduler.start { hot.asObservable() }
        XCTAssertEqual(hotObserver.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 220)])

        let coldScheduler = TestScheduler()
        let coldSource = coldScheduler.createColdObservable([
            .next(10, 1), .error(20, boom), .next(30, 2), .completed(40),
        ])
        let coldObserver = coldScheduler.start { coldSource.asObservable() }
        XCTAssertEqual(coldObserver.events, [.next(210, 1), .error(220, boom)])
        XCTAssertEqual(coldSource.subscriptions, [Subscription(200, 220)])
    }

    func testAsyncSourcesFollowTheGrammar() {
        let done = expectation(description: "terminal")
        let events = SharedValue<[Event<Int>]>([])
        let subscription = Observable<Int>.fromAsync { 3 }.subscribe { event in
            events.withLock { $0.append(event) }
            if event.isStopEvent { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        subscription.dispose()
        XCTAssertEqual(events.value, [.next(3), .completed])
    }

    // MARK: dispose is idempotent and thread-safe

    func testDisposeIsIdempotent() {
        let resourceDisposals = SharedCounter()
        let onDisposedCalls = SharedCounter()
        let subscription = Observable<Int>.create { _ in
            Disposables.create { resourceDisposals.increment() }
        }.subscribe(onDisposed: { onDisposedCalls.increment() })
        subscription.dispose()
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(resourceDisposals.value, 1)
        XCTAssertEqual(onDisposedCalls.value, 1)
    }

    func testDisposeFromManyThreadsAtOnceDisposesOnce() {
        for _ in 0..<100 {
            let resourceDisposals = SharedCounter()
            let onDisposedCalls = SharedCounter()
            let subscription = Observable<Int>.create { _ in
                Disposables.create { resourceDisposals.increment() }
            }.subscribe(onDisposed: { onDisposedCalls.increment() })
            DispatchQueue.concurrentPerform(iterations: 8) { _ in subscription.dispose() }
            XCTAssertEqual(resourceDisposals.value, 1)
            XCTAssertEqual(onDisposedCalls.value, 1)
        }
    }

    // MARK: dispose from inside a callback

    func testDisposeInsideOnNextStopsFurtherElements() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var disposedCount = 0
        var subscription: Disposable?
        subscription = subject.subscribe(
            onNext: { element in
                received.append(element)
                subscription?.dispose()
            },
            onDisposed: { disposedCount += 1 }
        )
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(received, [1])
        XCTAssertEqual(disposedCount, 1)
        XCTAssertFalse(subject.hasObservers)
        subscription = nil
    }

    func testDisposeInsideOnErrorAndOnCompletedIsHarmless() {
        let failing = PublishSubject<Int>()
        var log: [String] = []
        var failingSubscription: Disposable?
        failingSubscription = failing.subscribe(
            onError: { _ in
                log.append("error")
                failingSubscription?.dispose()
                log.append("disposed inside onError")
            },
            onDisposed: { log.append("onDisposed") }
        )
        failing.onError(boom)
        failingSubscription?.dispose()
        XCTAssertEqual(log, ["error", "onDisposed", "disposed inside onError"])
        failingSubscription = nil

        let completing = PublishSubject<Int>()
        log = []
        var completingSubscription: Disposable?
        completingSubscription = completing.subscribe(
            onCompleted: {
                log.append("completed")
                completingSubscription?.dispose()
            },
            onDisposed: { log.append("onDisposed") }
        )
        completing.onCompleted()
        XCTAssertEqual(log, ["completed", "onDisposed"])
        completingSubscription = nil
    }

    func testDisposeInsideACallbackOfASynchronousSourceStopsTheRest() {
        var received: [Int] = []
        var disposedCount = 0
        var subscription: Disposable?
        // Subscribing from scheduled work keeps the trampoline busy, so the elements
        // flow only after `subscribe` has returned and `subscription` is set.
        _ = CurrentThreadScheduler.instance.schedule {
            subscription = Observable.of(1, 2, 3, 4).subscribe(
                onNext: { element in
                    received.append(element)
                    if element == 2 { subscription?.dispose() }
                },
                onDisposed: { disposedCount += 1 }
            )
        }
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(disposedCount, 1)
        subscription = nil
    }

    // MARK: onDisposed

    func testOnDisposedRunsOnceAfterCompletionAndAfterUpstreamIsDisposed() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable<Int>.create { observer in
            let inner = subject.subscribe(observer)
            return Disposables.create {
                log.append("upstream disposed")
                inner.dispose()
            }
        }.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("onDisposed") }
        )
        subject.onNext(1)
        subject.onCompleted()
        subscription.dispose()
        XCTAssertEqual(log, ["next 1", "completed", "upstream disposed", "onDisposed"])
    }

    func testOnDisposedRunsOnceWhenASynchronousSourceCompletesDuringSubscribe() {
        var log: [String] = []
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { log.append("upstream disposed") }
        }.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("onDisposed") }
        )
        subscription.dispose()
        // The producer's disposable does not exist yet when it completes, so it is
        // disposed as soon as it is returned: after onDisposed, as in RxSwift.
        XCTAssertEqual(log, ["next 1", "completed", "onDisposed", "upstream disposed"])
    }

    func testOnDisposedRunsOnceAfterAnError() {
        var log: [String] = []
        let subscription = Observable<Int>.error(boom).subscribe(
            onError: { _ in log.append("error") },
            onDisposed: { log.append("onDisposed") }
        )
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log, ["error", "onDisposed"])
    }

    func testOnDisposedRunsOnceWhenDisposedBeforeAnyEvent() {
        var log: [String] = []
        let subscription = Observable<Int>.never().subscribe(
            onNext: { _ in log.append("next") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("onDisposed") }
        )
        XCTAssertEqual(log, [])
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log, ["onDisposed"])
    }

    func testOnDisposedRunsOnceOnVirtualTimeAtTheTerminalEvent() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        var disposedAt: [TestTime] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = source.asObservable().subscribe(onDisposed: { disposedAt.append(scheduler.clock) })
        }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(disposedAt, [250])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    // MARK: no callback starts after dispose returns

    func testNoCallbackStartsAfterDisposeReturnsWhileAnotherThreadSendsThroughASubject() {
        for _ in 0..<30 {
            let subject = PublishSubject<Int>()
            checkNoCallbackAfterDispose(source: subject.asObservable(), send: { subject.onNext($0) })
        }
    }

    func testNoCallbackStartsAfterDisposeReturnsWhileAnotherThreadSendsThroughCreate() {
        for _ in 0..<30 {
            let observer = SharedValue<AnyObserver<Int>?>(nil)
            let source = Observable<Int>.create { created in
                observer.value = created
                return Disposables.create()
            }
            checkNoCallbackAfterDispose(source: source, send: { observer.value?.onNext($0) })
            observer.value = nil
        }
    }

    // MARK: regression: disposables released without being disposed

    /// A disposable container that is freed without ever being disposed must release
    /// what it holds. `Locked`'s own `deinit` used to keep its value from being
    /// destroyed, so every such container leaked its contents.
    func testDisposableContainersFreedUndisposedReleaseWhatTheyHold() {
        let before = Resources.total
        do {
            let held = BooleanDisposable()
            _ = Disposables.create(with: { held.dispose() })
        }
        XCTAssertEqual(Resources.total, before, "AnonymousDisposable")
        do {
            let composite = CompositeDisposable()
            composite.insert(BooleanDisposable())
        }
        XCTAssertEqual(Resources.total, before, "CompositeDisposable")
        do {
            let serial = SerialDisposable()
            serial.disposable = BooleanDisposable()
        }
        XCTAssertEqual(Resources.total, before, "SerialDisposable")
        do {
            let single = SingleAssignmentDisposable()
            single.setDisposable(BooleanDisposable())
        }
        XCTAssertEqual(Resources.total, before, "SingleAssignmentDisposable")
    }

    // MARK: helpers

    /// Subscribes, records every event synchronously delivered, and disposes.
    private func record<Source: ObservableConvertibleType>(_ source: Source) -> [Event<Source.Element>] {
        var events: [Event<Source.Element>] = []
        let subscription = source.asObservable().subscribe { events.append($0) }
        subscription.dispose()
        assertGrammar(events)
        return events
    }

    private func assertGrammar<Element>(_ events: [Event<Element>], file: StaticString = #filePath, line: UInt = #line) {
        if let terminal = events.firstIndex(where: { $0.isStopEvent }) {
            XCTAssertEqual(terminal, events.count - 1, "events after a terminal event: \(events)", file: file, line: line)
        }
    }

    /// A producer thread sends without pause; the test thread disposes once at least
    /// one element arrived, then says so. A callback that starts after that is a
    /// broken promise. The producer goes on sending for a while, then stops (bounded).
    private func checkNoCallbackAfterDispose(source: Observable<Int>, send: @escaping @Sendable (Int) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let disposeReturned = SharedFlag()
        let lateCallbacks = SharedCounter()
        let firstElement = DispatchSemaphore(value: 0)
        let received = SharedCounter()
        let producerDone = DispatchSemaphore(value: 0)
        let subscription = source.subscribe(onNext: { _ in
            if disposeReturned.isSet { lateCallbacks.increment() }
            if received.increment() == 1 { firstElement.signal() }
        })
        DispatchQueue.global().async {
            var element = 0
            var sentAfterDispose = 0
            while sentAfterDispose < 2_000 && element < 5_000_000 {
                send(element)
                element += 1
                if disposeReturned.isSet { sentAfterDispose += 1 }
            }
            producerDone.signal()
        }
        XCTAssertEqual(firstElement.wait(timeout: .now() + 10), .success, file: file, line: line)
        subscription.dispose()
        disposeReturned.set()
        XCTAssertEqual(producerDone.wait(timeout: .now() + 30), .success, "producer did not stop", file: file, line: line)
        XCTAssertEqual(lateCallbacks.value, 0, "callbacks started after dispose() returned", file: file, line: line)
    }
}
