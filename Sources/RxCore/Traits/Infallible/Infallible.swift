/// A sequence that cannot fail: elements, then perhaps completion, never an error,
/// as RxSwift's `Infallible`.
///
/// The guarantee is kept by construction: an `Infallible` comes from `create` (whose
/// observer takes no error), from `asInfallible(onErrorJustReturn:)` and its kin (which
/// replace an error), from a relay, or from an operator below, whose closures do not
/// throw and whose inner sequences are themselves infallible. (Where RxSwift's
/// operators accept any observable as an inner sequence, RxCore asks for an
/// `Infallible`, so a failure cannot slip in.)
///
/// Immutable, like `Observable`: share and subscribe from any thread.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

@frozen
public struct Infallible<Element>: InfallibleType {
    @usableFromInline
    internal let source: Observable<Element>

    /// Wraps a sequence the caller knows never fails.
    @inlinable
    internal init(_ source: Observable<Element>) {
        self.source = source
    }

    @inlinable
    public func asObservable() -> Observable<Element> { source }
}

extension Infallible: @unchecked Sendable {}

/// An event of an `Infallible`: an element, or completion.
@frozen
public enum InfallibleEvent<Element> {
    case next(Element)
    case completed

    /// The same event as an `Observable`'s.
    @inlinable
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension Infallible {
    /// Runs `subscribe` for each subscriber with a function that delivers its
    /// events; as with `Observable.create`, events after completion or after
    /// disposal are dropped, and the returned disposable runs at either.
    public static func create(subscribe: @escaping (@escaping (InfallibleEvent<Element>) -> Void) -> Disposable) -> Infallible<Element> {
        Infallible(Observable.create { observer in
            subscribe { observer.on($0.event) }
        })
    }
}

extension InfallibleType {
    /// This sequence, as an `Infallible`.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        if let infallible = self as? Infallible<Element> { return infallible }
        return Infallible(asObservable())
    }

    /// Subscribes with closures for elements and completion; `onDisposed` runs once
    /// when the subscription ends, by completion or by disposal.
    public func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: consume onNext, onError: { _ in }, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }

    /// Like `subscribe(onNext:onCompleted:onDisposed:)`, with an object passed to each
    /// closure; the object is held weakly, and events stop reaching the closures once
    /// it is gone.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onError: { _, _ in }, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with one closure for every event.
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        asObservable().subscribe { event in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error: break  // Not produced: see the type's guarantee.
            }
        }
    }

    /// The elements as an asynchronous sequence that ends at completion:
    /// `for await x in infallible.values`. Ending the loop early, or cancelling its
    /// task, disposes the subscription.
    public var values: AsyncStream<Element> {
        let source = asObservable()
        return AsyncStream { continuation in
            let boxed = UncheckedSendable(continuation)
            let subscription = source.subscribe { event in
                switch event {
                case .next(let element): _ = boxed.value.yield(with: .success(UncheckedSendable(element).value))
                case .error, .completed: boxed.value.finish()
                }
            }
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }
}

extension ObservableConvertibleType {
    /// This sequence with an error replaced by `element`, then completion.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence with an error replaced by the sequence `infallible`.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// This sequence with an error replaced by the sequence `onErrorRecover` makes of it.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}

extension PublishRelay {
    /// The relay as an `Infallible`: relays never end and never fail.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension BehaviorRelay {
    /// The relay as an `Infallible`: relays never end and never fail.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension ReplayRelay {
    /// The relay as an `Infallible`: relays never end and never fail.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
