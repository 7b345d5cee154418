/// Sends each event to the observers subscribed at the time.
///
/// A late subscriber receives only the terminal event, if there was one.
/// Thread-safe; see ``SubjectType`` for the delivery rules shared by all subjects.
public final class PublishSubject<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core = SubjectBase<Element>()

    public init() {}

    /// True while someone is subscribed.
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

    /// Releases the observers; later subscribers receive an error.
    public func dispose() { core.disposeSubject() }
}
