/// Sends only the last element, and only when the sequence completes; an error is
/// sent as is. Thread-safe.
public final class AsyncSubject<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core = AsyncSubjectCore<Element>()

    public init() {}

    public var hasObservers: Bool { core.observerCount.load(ordering: .relaxed) > 0 }
    public var isDisposed: Bool { core.disposedFlag.load(ordering: .acquiring) }

    @inlinable
    public func on(_ event: Event<Element>) { core.send(event) }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    @inlinable
    public func asObservable() -> Observable<Element> {
        let core = self.core
        return Observable { observer in core.add(observer) }
    }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

    public func dispose() { core.disposeSubject() }
}

/// Holds back `next` events and sends the last one just before `completed`.
@usableFromInline
internal final class AsyncSubjectCore<Element>: SubjectBase<Element>, @unchecked Sendable {
    @usableFromInline internal var last: Element?

    @usableFromInline
    override init() { super.init() }

    @usableFromInline
    override internal func forward(_ event: Event<Element>, to observers: ObserverList<Element>) {
        switch event {
        case .next: break
        case .completed:
            if let last { observers.send(.next(last)) }
            observers.send(.completed)
        case .error:
            observers.send(event)
        }
    }

    @usableFromInline
    override internal func record(_ event: Event<Element>) {
        if case .next(let value) = event { last = value }
    }

    @usableFromInline
    override internal func replay(to observer: AnyObserver<Element>) {
        // Only a completed subject replays its last element (before `completed`).
        if case .completed? = stopEvent, let last { observer.on(.next(last)) }
    }
}
