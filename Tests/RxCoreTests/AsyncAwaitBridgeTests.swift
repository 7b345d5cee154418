import XCTest
import Dispatch
import RxCore
import RxTesting
import RxBlocking

/// The bridges between observables and Swift concurrency, both ways. Every wait
/// is bounded; a test that would hang fails instead.
final class AsyncAwaitBridgeTests: RxTestCase {
    private let boom = TestError("boom")

    // MARK: awaiting traits

    func testAwaitingASingleReturnsItsElement() async throws {
        let value = try await Single.just(42).value
        XCTAssertEqual(value, 42)
    }

    func testAwaitingAFailingSingleThrowsItsError() async {
        do {
            _ = try await Single<Int>.error(boom).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, boom)
        }
    }

    func testAwaitingASingleWithoutElementThrowsNoElements() async {
        do {
            _ = try await Observable<Int>.empty().asSingle().value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? RxError, .noElements)
        }
    }

    func testAwaitingASingleThatSucceedsOnAnotherThreadReturnsItsElement() async throws {
        let single = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                observer.onNext(7)
                observer.onCompleted()
            }
            return Disposables.create()
        }.asSingle()
        let value = try await single.value
        XCTAssertEqual(value, 7)
    }

    func testAwaitingAMaybeReturnsItsElementOrNil() async throws {
        let element = try await Maybe.just("a").value
        XCTAssertEqual(element, "a")
        let nothing = try await Maybe<String>.empty().value
        XCTAssertNil(nothing)
    }

    func testAwaitingAFailingMaybeThrowsItsError() async {
        do {
            _ = try await Maybe<Int>.error(boom).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, boom)
        }
    }

    func testAwaitingACompletableReturnsOnCompletionAndThrowsOnError() async throws {
        try await Completable.empty().value
        do {
            try await Completable.error(boom).value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, boom)
        }
    }

    func testCancellingTheAwaitingTaskDisposesTheSubscriptionAndThrowsCancellation() async {
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = SharedCounter()
        let single = Single<Int>.never().do(onSubscribed: { subscribed.signal() }, onDispose: { disposed.increment() })
        let task = Task { try await single.value }
        let didSubscribe = await waitOffTheCooperativePool(subscribed)
        XCTAssertTrue(didSubscribe)
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        XCTAssertEqual(disposed.value, 1)
    }

    func testAwaitingInAnAlreadyCancelledTaskThrowsCancellation() async {
        let subscriptions = SharedCounter()
        let disposals = SharedCounter()
        let single = Single<Int>.never().do(onSubscribe: { subscriptions.increment() }, onDispose: { disposals.increment() })
        let task = Task {
            // Cancelled before the await starts.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await single.value
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        // Subscribed, as in RxSwift, so that an outcome delivered at once would win;
        // with none, disposed again straight away.
        XCTAssertEqual(subscriptions.value, 1)
        XCTAssertEqual(disposals.value, 1)
    }

    // MARK: observable.values

    func testValuesYieldsEveryElementThenEnds() async throws {
        var received: [Int] = []
        for try await element in Observable.of(1, 2, 3).values {
            received.append(element)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValuesThrowsTheErrorAfterTheElementsBeforeIt() async {
        var received: [Int] = []
        do {
            for try await element in Observable.of(1, 2).concat(Observable.error(boom)).values {
                received.append(element)
            }
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, boom)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testBreakingOutOfValuesDisposesTheSubscription() async throws {
        let subject = BehaviorSubject(value: 1)
        let disposed = SharedCounter()
        var received: [Int] = []
        for try await element in subject.do(onDispose: { disposed.increment() }).values {
            received.append(element)
            break
        }
        XCTAssertEqual(received, [1])
        XCTAssertEqual(disposed.value, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    func testValuesReceivesElementsSentFromAnotherThread() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        DispatchQueue.global().async {
            for element in 0..<100 { subject.onNext(element) }
            subject.onCompleted()
        }
        var received: [Int] = []
        for try await element in stream { received.append(element) }
        XCTAssertEqual(received, Array(0..<100))
    }

    func testCancellingTheTaskIteratingValuesDisposesTheSubscription() async {
        let subject = PublishSubject<Int>()
        let firstElement = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let source = subject.do(onDispose: { disposed.signal() })
        let task = Task {
            var count = 0
            for try await _ in source.values {
                count += 1
                if count == 1 { firstElement.signal() }
            }
            return count
        }
        // Keep sending until the loop has seen one element (bounded).
        var sawFirst = false
        for element in 0..<1_000 where !sawFirst {
            subject.onNext(element)
            sawFirst = await waitOffTheCooperativePool(firstElement, timeout: .milliseconds(10))
        }
        XCTAssertTrue(sawFirst)
        task.cancel()
        let disposedInTime = await waitOffTheCooperativePool(disposed)
        XCTAssertTrue(disposedInTime)
        _ = await task.result
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: fromAsync and from(AsyncSequence)

    func testSingleFromAsyncEmitsTheResultOfTheWork() async throws {
        let single = Single<Int>.fromAsync { 6 * 7 }
        let value = try await single.value
        XCTAssertEqual(value, 42)
    }

    func testObservableFromAsyncEmitsTheResultThenCompletes() {
        let boom = self.boom
        let recorder = Recorder<Int>(terminal: expectation(description: "terminal"))
        let subscription = Observable<Int>.fromAsync { 5 }.subscribe(recorder)
        wait(for: [recorder.terminal], timeout: 10)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(5), .completed])

        let failing = Recorder<Int>(terminal: expectation(description: "error"))
        let failingSubscription = Observable<Int>.fromAsync { throw boom }.subscribe(failing)
        wait(for: [failing.terminal], timeout: 10)
        failingSubscription.dispose()
        XCTAssertEqual(failing.events, [.error(boom)])
    }

    func testDisposingFromAsyncCancelsTheTask() {
        let started = DispatchSemaphore(value: 0)
        let observedCancellation = DispatchSemaphore(value: 0)
        let events = SharedValue<[Event<Int>]>([])
        let subscription = Observable<Int>.fromAsync {
            started.signal()
            // Bounded: gives up after about ten seconds if cancellation never comes.
            for _ in 0..<10_000 where !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            if Task.isCancelled { observedCancellation.signal() }
            return 1
        }.subscribe { event in events.withLock { $0.append(event) } }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        subscription.dispose()
        XCTAssertEqual(observedCancellation.wait(timeout: .now() + 10), .success, "the task saw its cancellation")
        XCTAssertEqual(events.value, [], "nothing is delivered after dispose")
    }

    func testFromAsyncSequenceEmitsEveryElementThenCompletes() {
        let stream = AsyncStream<Int> { continuation in
            for element in 1...5 { continuation.yield(element) }
            continuation.finish()
        }
        let recorder = Recorder<Int>(terminal: expectation(description: "terminal"))
        let subscription = Observable.from(stream).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: 10)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
    }

    func testFromAsyncSequenceForwardsTheSequenceError() {
        let boom = self.boom
        let stream = AsyncThrowingStream<Int, Swift.Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: boom)
        }
        let recorder = Recorder<Int>(terminal: expectation(description: "terminal"))
        let subscription = Observable.from(stream).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: 10)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .error(boom)])
    }

    func testDisposingFromAsyncSequenceCancelsTheIteration() {
        let terminated = DispatchSemaphore(value: 0)
        let iterating = DispatchSemaphore(value: 0)
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { _ in terminated.signal() }
        let subscription = Observable.from(stream).subscribe(onNext: { _ in iterating.signal() })
        continuation.yield(1)
        XCTAssertEqual(iterating.wait(timeout: .now() + 10), .success)
        subscription.dispose()
        XCTAssertEqual(terminated.wait(timeout: .now() + 10), .success, "the stream saw its consumer go away")
    }

    // MARK: helpers

    /// Waits for a semaphore on a Dispatch thread, so the cooperative pool stays free.
    private func waitOffTheCooperativePool(_ semaphore: DispatchSemaphore, timeout: DispatchTimeInterval = .seconds(10)) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: semaphore.wait(timeout: .now() + timeout) == .success)
            }
        }
    }
}

/// Records events from any thread and fulfills `terminal` on the terminal event.
private final class Recorder<Element>: ObserverType, @unchecked Sendable {
    let terminal: XCTestExpectation
    private let recorded = SharedValue<[Event<Element>]>([])

    init(terminal: XCTestExpectation) { self.terminal = terminal }

    func on(_ event: Event<Element>) {
        recorded.withLock { $0.append(event) }
        if event.isStopEvent { terminal.fulfill() }
    }

    var events: [Event<Element>] { recorded.value }
}

extension AsyncAwaitBridgeTests {
    // MARK: async work as a Single, async sequences as observables

    func testASingleCreatedFromAsyncWorkSucceedsOrFailsWithIt() async throws {
        let value = try await Single.create { () async throws -> Int in 41 + 1 }.value
        XCTAssertEqual(value, 42)
        let boom = TestError("boom")
        do {
            _ = try await Single.create(detached: true) { () async throws -> Int in throw boom }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TestError, boom)
        }
    }

    func testDisposingASingleOfAsyncWorkCancelsItsTask() async {
        let cancelled = expectation(description: "the task saw its cancellation")
        let started = expectation(description: "the task started")
        let sendable = UncheckedSendable((started, cancelled))
        let single = Single.create { () async throws -> Int in
            sendable.value.0.fulfill()
            do {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            } catch {
                sendable.value.1.fulfill()
                throw error
            }
            return 0
        }
        let subscription = single.subscribe(onSuccess: { _ in XCTFail("no value after cancellation") }, onFailure: { _ in XCTFail("no error after disposal") })
        await fulfillment(of: [started], timeout: 10)
        subscription.dispose()
        await fulfillment(of: [cancelled], timeout: 10)
    }

    func testAnAsyncSequenceAsAnObservableEmitsItsElementsThenItsEnd() throws {
        let stream = AsyncStream<Int> { continuation in
            (1...3).forEach { continuation.yield($0) }
            continuation.finish()
        }
        XCTAssertEqual(try stream.asObservable().toBlocking(timeout: 10).toArray(), [1, 2, 3])
        let boom = TestError("boom")
        let failing = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: boom)
        }
        guard case .failed(let elements, let error) = failing.asObservable(priority: .high).toBlocking(timeout: 10).materialize() else {
            return XCTFail("expected the stream's error")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertEqual(error as? TestError, boom)
    }

    func testDisposingAnAsyncSequencesObservableEndsTheIterationWithoutEvents() async {
        let terminated = expectation(description: "the stream saw its iteration end")
        let sendable = UncheckedSendable(terminated)
        let endless = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in sendable.value.fulfill() }
        }
        let subscription = endless.asObservable().subscribe(
            onNext: { _ in XCTFail("no element") }, onError: { _ in XCTFail("no error") }, onCompleted: { XCTFail("no completion after disposal") })
        subscription.dispose()
        await fulfillment(of: [terminated], timeout: 10)
    }
}

extension AsyncAwaitBridgeTests {
    // MARK: awaiting in a task that is already cancelled

    func testAnOutcomeThatComesAtSubscriptionWinsOverAnEarlierCancellation() async throws {
        let outcomes = Task { () -> (Int?, Int, Bool) in
            withUnsafeCurrentTask { $0?.cancel() }
            let empty = try await Maybe<Int>.empty().value
            let single = try await Single.just(5).value
            try await Completable.empty().value
            return (empty, single, Task.isCancelled)
        }
        let (empty, single, cancelled) = try await outcomes.value
        XCTAssertNil(empty)
        XCTAssertEqual(single, 5)
        XCTAssertTrue(cancelled)
    }

    func testWithoutAnOutcomeAnEarlierCancellationThrows() async {
        let waiting = Task { () -> Error? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await Maybe<Int>.never().value
                return nil
            } catch {
                return error
            }
        }
        let error = await waiting.value
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }

    func testIteratingValuesInACancelledTaskThrowsCancellationUnlessTheSequenceEnded() async {
        let never = Task { () -> Error? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                for try await _ in Observable<Int>.never().values {}
                return nil
            } catch {
                return error
            }
        }
        let neverError = await never.value
        XCTAssertTrue(neverError is CancellationError, "got \(String(describing: neverError))")

        let ended = Task { () -> [Int] in
            var seen: [Int] = []
            do {
                for try await value in Observable.from([1, 2, 3]).values {
                    seen.append(value)
                    if value == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                XCTFail("a sequence that ended throws nothing: \(error)")
            }
            return seen
        }
        let seen = await ended.value
        XCTAssertEqual(seen, [1, 2, 3])
    }
}
