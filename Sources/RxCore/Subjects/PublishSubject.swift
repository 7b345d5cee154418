/// Sends each event to the observers subscribed at the time; a late subscriber
/// receives only the terminal event, if there was one.
///
/// Thread-safe: events, subscriptions and disposals may come from any thread.
/// Events sent from several threads at once are delivered one at a time, in the
/// order they were handed over, by whichever thread is delivering.
public final class PublishSubject<Element>: SubjectBase<Element>, @unchecked Sendable {
    @inlinable
    public init() {
        super.init(core: SubjectCore(flavor: .publish))
    }
}

/// Holds a current value: each new subscriber receives it first, then live events.
/// Thread-safe, like ``PublishSubject``.
public final class BehaviorSubject<Element>: SubjectBase<Element>, @unchecked Sendable {
    /// A subject whose current value starts as `value`.
    @inlinable
    public init(value: Element) {
        super.init(core: SubjectCore(flavor: .behavior, initialValue: value))
    }

    /// The current value; throws the error the subject failed with, or
    /// `RxError.disposed` once disposed.
    @inlinable
    public func value() throws -> Element {
        try core.currentValue()
    }
}

/// Replays past elements to each new subscriber, then sends live events.
/// Thread-safe, like ``PublishSubject``.
public final class ReplaySubject<Element>: SubjectBase<Element>, @unchecked Sendable {
    @inlinable
    internal init(bufferSize: Int?) {
        super.init(core: SubjectCore(flavor: .replay(bufferSize)))
    }

    /// Replays at most `bufferSize` of the latest elements.
    @inlinable
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
        return ReplaySubject(bufferSize: bufferSize)
    }

    /// Replays every element ever sent (RxSwift's spelling; its `ReplayRelay` says
    /// `createUnbound`).
    @inlinable
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    @available(*, deprecated, renamed: "createUnbounded()")
    public static func createUnbound() -> ReplaySubject<Element> {
        createUnbounded()
    }
}

/// Sends only the last element, and only when the sequence completes; an error
/// is sent as is. Thread-safe, like ``PublishSubject``.
public final class AsyncSubject<Element>: SubjectBase<Element>, @unchecked Sendable {
    @inlinable
    public init() {
        super.init(core: SubjectCore(flavor: .async))
    }
}
