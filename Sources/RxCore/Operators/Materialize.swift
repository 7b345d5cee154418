extension ObservableType {
    /// Turns every event into an element; completes after the source's terminal event.
    @inlinable
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return Observable { observer in
            source.subscribeHandler(AnyObserver { event in
                observer.on(.next(event))
                if event.isStopEvent { observer.on(.completed) }
            })
        }
    }
}

/// A type that is an event, so that `dematerialize` can be constrained to it.
/// (A value type; no thread rules of its own.)
public protocol EventConvertible<Element> {
    associatedtype Element
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into events.
    @inlinable
    public func dematerialize() -> Observable<Element.Element> {
        let source = asObservable()
        return Observable { observer in
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let inner):
                    if inner.event.isStopEvent { stopped.value = true }
                    observer.on(inner.event)
                case .error(let error):
                    stopped.value = true
                    observer.on(.error(error))
                case .completed:
                    stopped.value = true
                    observer.on(.completed)
                }
            })
        }
    }
}
