/// A sequence with a narrower grammar than `Observable`, checked by its type:
/// `Single` (exactly one element or an error), `Maybe` (at most one element) and
/// `Completable` (no elements). The same shape as RxSwift's `PrimitiveSequence`.
/// Immutable, like `Observable`: share and subscribe from any thread.
@frozen
public struct PrimitiveSequence<Trait, Element> {
    @usableFromInline
    internal let source: Observable<Element>

    @inlinable
    internal init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as a plain `Observable`.
    @inlinable
    public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequence: @unchecked Sendable {}

/// Marks `Single`: one element, or an error.
public enum SingleTrait {}
/// Marks `Maybe`: one element, nothing, or an error.
public enum MaybeTrait {}
/// Marks `Completable`: completion or an error, never an element.
public enum CompletableTrait {}

/// One element, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>
/// One element, nothing, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>
/// Completion or an error.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// The outcome of a `Single`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

/// The outcome of a `Maybe`. (A value type; no thread rules of its own.)
@frozen
public enum MaybeEvent<Element> {
    case success(Element)
    case error(Swift.Error)
    case completed
}

/// The outcome of a `Completable`. (A value type; no thread rules of its own.)
@frozen
public enum CompletableEvent {
    case error(Swift.Error)
    case completed
}

extension PrimitiveSequence {
    /// Shared plumbing: lifts an `Observable` operator to the trait, keeping the trait.
    @inlinable
    internal func lift<Result>(_ transform: (Observable<Element>) -> Observable<Result>) -> PrimitiveSequence<Trait, Result> {
        PrimitiveSequence<Trait, Result>(raw: transform(source))
    }

    /// Calls `factory` on each subscription.
    @inlinable
    public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: .deferred { try factory().source })
    }

    /// Fails with `error`.
    @inlinable
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: .error(error))
    }

    /// Never emits.
    @inlinable
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: .never())
    }

    /// Recovers from an error with another sequence of the same trait.
    @inlinable
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        lift { $0.catch { try handler($0).source } }
    }

    /// Resubscribes after an error when `notificationHandler`'s sequence emits; ends
    /// when it completes or fails.
    public func retry<Trigger: ObservableConvertibleType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes after an error of type `Failure` when `notificationHandler`'s
    /// sequence emits; other errors go downstream at once.
    public func retry<Trigger: ObservableConvertibleType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry(when: notificationHandler) }
    }

    /// Resubscribes after an error, at most `maxAttemptCount` subscriptions in all.
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        lift { $0.retry(maxAttemptCount) }
    }

    /// Fails with `RxError.timeout` if no event arrives within `dueTime`.
    @inlinable
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.timeout(dueTime, scheduler: scheduler) }
    }

    /// Switches to `other` if no event arrives within `dueTime`.
    @inlinable
    public func timeout(_ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.timeout(dueTime, other: other.source, scheduler: scheduler) }
    }

    /// Delays the events by `dueTime`.
    @inlinable
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.delay(dueTime, scheduler: scheduler) }
    }

    /// Delays the subscription by `dueTime`.
    @inlinable
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.delaySubscription(dueTime, scheduler: scheduler) }
    }

    /// Creates a resource for the subscription's lifetime, and the trait from it;
    /// the resource is disposed when the subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.using(resourceFactory) { try primitiveSequenceFactory($0).source })
    }

    /// Prints every event, subscription and disposal, prefixed with `identifier`.
    public func debug(_ identifier: String = "debug", trimOutput: Bool = false) -> PrimitiveSequence<Trait, Element> {
        lift { $0.debug(identifier, trimOutput: trimOutput) }
    }

    /// Delivers events on `scheduler`.
    @inlinable
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.observe(on: scheduler) }
    }

    /// Subscribes (and disposes) on `scheduler`.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        lift { $0.subscribe(on: scheduler) }
    }

    /// Ends when `other` emits or completes.
    @inlinable
    public func take<Other: ObservableType>(until other: Other) -> Maybe<Element> {
        Maybe(raw: source.take(until: other))
    }
}

extension PrimitiveSequence where Element: FixedWidthInteger {
    /// Succeeds with 0 after `dueTime`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
