import RxCore

/// A subject for a reactor's actions: it forwards elements and ignores `error` and
/// `completed`, so that no view binding can end a reactor's action stream.
///
/// Thread-safe, like `PublishSubject`: send from any thread; events are
/// delivered one at a time.
public final class ActionSubject<Element>: ObservableType, ObserverType, @unchecked Sendable {
    private let subject = PublishSubject<Element>()

    public init() {}

    /// Forwards `next`; drops `error` and `completed`.
    public func on(_ event: Event<Element>) {
        if case .next = event { subject.on(event) }
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { subject.hasObservers }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { subject.asObservable() }

    /// This subject as an observer.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { [self] event in on(event) }
    }
}
