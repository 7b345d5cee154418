/// A sequence that can be subscribed to: `Observable` and the traits.
/// Subscribing is allowed from any thread.
public protocol ObservableType<Element>: ObservableConvertibleType {
    associatedtype Element

    /// Subscribes an observer. The observer receives a serialized, grammar-respecting
    /// stream of events until the returned disposable is disposed.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element

    /// This sequence as a plain `Observable`.
    func asObservable() -> Observable<Element>
}

/// A cold, push-based sequence of events: `next* (error | completed)?`.
///
/// An `Observable` is a description; nothing happens until it is subscribed, and
/// each subscription runs the description anew. Values of this type are immutable
/// and may be shared between threads as long as the closures given to its
/// operators are safe to call from the threads events arrive on.
///
/// Operators are `@inlinable`: their per-event code is compiled in the caller's
/// module with concrete types, so it runs without generic metadata lookups.
@frozen
public struct Observable<Element>: ObservableType {
    /// Runs the description for one observer. Operators call it directly on their
    /// sources; it does not add the guarantees of ``subscribe(_:)``.
    ///
    /// It takes the observer owned: a source that keeps the observer (every
    /// operator's sink, a subject's list) then moves it in instead of copying it,
    /// which spares a retain and a release per subscription and per operator.
    @usableFromInline
    internal let subscribeHandler: (__owned AnyObserver<Element>) -> Disposable

    /// Set for `just`: the one element it emits before completing. Flattening
    /// operators handle such an inner sequence on the spot instead of subscribing
    /// to it (as RxJava's scalar sources do); everyone else subscribes as usual.
    ///
    /// Held unowned: the handler, `scalar.subscribe`, holds the same object for as
    /// long as this value lives, and a second strong reference to it would make
    /// every copy of a `just` (each event that carries one, each operator that
    /// passes one on) cost a second retain and release.
    @usableFromInline
    internal unowned(unsafe) let scalar: ScalarElement<Element>?

    @inlinable
    internal init(_ subscribeHandler: @escaping (__owned AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
        scalar = nil
    }

    @inlinable
    internal init(scalar: ScalarElement<Element>) {
        subscribeHandler = scalar.subscribe
        self.scalar = scalar
    }

    @inlinable
    public func asObservable() -> Observable<Element> { self }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeSink(SubscriptionSink(eventHandler: observer.on, onDisposed: nil))
    }

    /// Creates the subscriber's sink, runs the chain with the current thread's
    /// trampoline active, and stores the upstream disposable before any queued
    /// element is emitted.
    @inlinable
    internal func subscribeSink(_ sink: SubscriptionSink<Element>) -> Disposable {
        Trampoline.run {
            sink.setUpstream(subscribeHandler(AnyObserver(eventHandler: sink.on)))
        }
        return sink
    }

    /// Subscribes an operator's internal observer; the caller keeps the result.
    @inlinable
    internal func run(_ observer: AnyObserver<Element>, into slot: SingleAssignmentDisposable) {
        Trampoline.run { slot.setDisposable(subscribeHandler(observer)) }
    }
}

extension Observable: @unchecked Sendable {}

extension ObservableType {
    /// A type of one's own that only subscribes is an `Observable` through `create`,
    /// as in RxSwift: its subscription then ends at its own terminal event.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }

    /// Subscribes with closures for each kind of event; `onDisposed` runs once when
    /// the subscription ends, whether by a terminal event or by disposal.
    ///
    /// The closures are taken owned and moved into the subscription: borrowed, they
    /// would be copied there, a retain of each closure's context per subscription
    /// and a release when the caller's copy ends. Every overload that passes them on
    /// here (a subject's, a relay's, a trait's) does the same.
    @inlinable
    public func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        let source = asObservable()
        // A `just` cannot fail, so `onError` is never called.
        if let scalar = source.scalar {
            return scalar.subscribe(onNext: consume onNext, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
        }
        return source.subscribeSink(.subscriber(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed))
    }

    /// Subscribes with one closure for every event.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribeSink(SubscriptionSink(eventHandler: on, onDisposed: nil))
    }

    /// Like `subscribe(onNext:…)`, with an object passed to each closure (RxSwift 6's
    /// `subscribe(with:)`); the object is held weakly, and events stop reaching the
    /// closures once it is gone.
    @inlinable
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in if let object { onNext?(object, value) } },
            onError: { [weak object] error in if let object { onError?(object, error) } },
            onCompleted: { [weak object] in if let object { onCompleted?(object) } },
            onDisposed: { [weak object] in if let object { onDisposed?(object) } }
        )
    }
}

extension SubscriptionSink {
    /// The sink of `subscribe(onNext:onError:onCompleted:onDisposed:)`. An error
    /// nobody handles goes to `Hooks.defaultErrorHandler`, as in RxSwift.
    @inlinable
    internal static func subscriber(
        onNext: __owned ((Element) -> Void)?,
        onError: __owned ((Swift.Error) -> Void)?,
        onCompleted: __owned (() -> Void)?,
        onDisposed: __owned (() -> Void)?
    ) -> SubscriptionSink {
        SubscriptionSink(onNext: consume onNext, onError: (consume onError) ?? Hooks.callStackReporter(), onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }
}
