import Synchronization

extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes and waits for the element. Cancelling the awaiting task disposes
    /// the subscription and throws `CancellationError`, unless the outcome came first
    /// (also when it comes during the subscription of an already cancelled task).
    public var value: Element {
        get async throws {
            try await awaitSingleOutcome(source, requireElement: true)!
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Subscribes and waits for the element, or nil when the `Maybe` completes empty.
    public var value: Element? {
        get async throws {
            try await awaitSingleOutcome(source, requireElement: false)
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Subscribes and waits for completion.
    public var value: Void {
        get async throws {
            _ = try await awaitSingleOutcome(source, requireElement: false)
        }
    }
}

/// Bridges one subscription to one continuation, disposing on task cancellation.
private func awaitSingleOutcome<Element>(_ source: Observable<Element>, requireElement: Bool) async throws -> Element? {
    let bridge = ContinuationBridge<Element>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedSendable<Element?>, Swift.Error>) in
            bridge.start(continuation: continuation) {
                var element: Element?
                return source.subscribe { event in
                    switch event {
                    case .next(let value): element = value
                    case .error(let error): bridge.finish(.failure(error))
                    case .completed:
                        if element == nil && requireElement {
                            bridge.finish(.failure(RxError.noElements))
                        } else {
                            bridge.finish(.success(UncheckedSendable(element)))
                        }
                    }
                }
            }
        }.value
    } onCancel: {
        bridge.cancel()
    }
}

/// Resumes a continuation exactly once, from whichever comes first: the outcome
/// or the task's cancellation. Thread-safe.
private final class ContinuationBridge<Element>: @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<UncheckedSendable<Element?>, Swift.Error>?
        var subscription: Disposable?
        var cancelled = false
        var finished = false
    }

    private let state = Locked(State())

    /// Subscribes even when the task is already cancelled, as RxSwift does: an
    /// outcome the subscription delivers at once wins; otherwise cancellation throws.
    func start(continuation: CheckedContinuation<UncheckedSendable<Element?>, Swift.Error>, subscribe: () -> Disposable) {
        state.withLock { $0.continuation = continuation }
        let subscription = subscribe()
        let (disposeNow, cancelNow) = state.withLock { state -> (Bool, Bool) in
            if state.finished { return (true, false) }
            if state.cancelled { return (true, true) }
            state.subscription = subscription
            return (false, false)
        }
        if disposeNow { subscription.dispose() }
        if cancelNow { finish(.failure(CancellationError())) }
    }

    func finish(_ result: Result<UncheckedSendable<Element?>, Swift.Error>) {
        let taken = state.withLock { state -> (CheckedContinuation<UncheckedSendable<Element?>, Swift.Error>?, Disposable?) in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            defer { state.continuation = nil; state.subscription = nil }
            return (state.continuation, state.subscription)
        }
        taken.1?.dispose()
        taken.0?.resume(with: result)
    }

    /// Before the subscription is in place, `start` sees the flag and ends the wait.
    func cancel() {
        let subscribed = state.withLock { state -> Bool in
            state.cancelled = true
            return state.subscription != nil
        }
        if subscribed { finish(.failure(CancellationError())) }
    }
}

extension ObservableType {
    /// The elements as an asynchronous sequence: `for try await x in observable.values`.
    ///
    /// Each iteration subscribes anew. Elements are buffered without bound while the
    /// loop body runs. Ending the loop early, or cancelling its task, disposes the
    /// subscription; a cancelled loop throws `CancellationError` unless the sequence
    /// had already ended.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream { continuation in
            let boxed = UncheckedSendable(continuation)
            let subscription = source.subscribe { event in
                switch event {
                case .next(let element): _ = boxed.value.yield(with: .success(UncheckedSendable(element).value))
                case .error(let error): boxed.value.finish(throwing: error)
                case .completed: boxed.value.finish()
                }
            }
            continuation.onTermination = { termination in
                subscription.dispose()
                // A loop whose task is cancelled before the sequence ended throws
                // CancellationError, as in RxSwift, instead of ending as if complete.
                if case .cancelled = termination { boxed.value.finish(throwing: CancellationError()) }
            }
        }
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` that runs `work` in a new task on subscription; disposing cancels the task.
    public static func fromAsync(priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element) -> Single<Element> {
        Single(raw: Observable.fromAsync(priority: priority, work))
    }
}

extension Observable {
    /// An observable that runs `work` in a new task on subscription and emits its
    /// result; disposing cancels the task.
    public static func fromAsync(priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element) -> Observable<Element> {
        inTask(priority: priority) { observer in observer.on(.next(UncheckedSendable(try await work()).value)) }
    }

    /// An observable of the elements of an asynchronous sequence, iterated in a new
    /// task on subscription; disposing cancels the task.
    public static func from<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence, priority: TaskPriority? = nil) -> Observable<Element> where Sequence.Element == Element {
        inTask(priority: priority) { observer in
            for try await element in sequence { observer.on(.next(UncheckedSendable(element).value)) }
        }
    }

    /// Runs `produce` in a new task at each subscription (a detached one with
    /// `detached`), then completes, or fails with what it threw (completes instead on
    /// `CancellationError` with `completingOnCancellation`); disposing cancels the task.
    internal static func inTask(
        detached: Bool = false, priority: TaskPriority?, completingOnCancellation: Bool = false,
        _ produce: @escaping @Sendable (AnyObserver<Element>) async throws -> Void
    ) -> Observable<Element> {
        create { observer in
            let operation: @Sendable () async -> Void = {
                do {
                    try await produce(observer)
                    observer.on(.completed)
                } catch is CancellationError where completingOnCancellation {
                    observer.on(.completed)
                } catch {
                    observer.on(.error(error))
                }
            }
            let task = detached ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
            return AnonymousDisposable { task.cancel() }
        }
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` of what `work` returns or throws, run in a new task at each
    /// subscription (a detached one with `detached`); disposing cancels the task.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        Single(raw: .inTask(detached: detached, priority: priority) { observer in
            observer.on(.next(UncheckedSendable(try await work()).value))
        })
    }
}

extension AsyncSequence where Self: Sendable {
    /// The elements of this asynchronous sequence, iterated in a detached task (off
    /// the caller's actor) at each subscription. Disposing cancels the task; a
    /// sequence that then ends by throwing `CancellationError` completes, as in RxSwift.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        .inTask(detached: true, priority: priority, completingOnCancellation: true) { observer in
            for try await element in self { observer.on(.next(UncheckedSendable(element).value)) }
        }
    }
}
