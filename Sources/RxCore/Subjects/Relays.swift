/// A `PublishSubject` that only carries elements: it never fails nor completes.
/// Thread-safe.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let subject = PublishSubject<Element>()

    @inlinable
    public init() {}

    /// Sends an element to the current subscribers.
    @inlinable
    public func accept(_ element: Element) { subject.on(.next(element)) }

    public var hasObservers: Bool { subject.hasObservers }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// As `ObservableType`'s, through the subject (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subject.subscribe(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { subject.asObservable() }
}

/// A `BehaviorSubject` that only carries elements: it never fails nor completes,
/// so its `value` can always be read. Thread-safe.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let subject: BehaviorSubject<Element>

    @inlinable
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject never fails and is never disposed, so this cannot throw.
        try! subject.value()
    }

    /// Sets the current value and sends it to the subscribers.
    @inlinable
    public func accept(_ element: Element) { subject.on(.next(element)) }

    public var hasObservers: Bool { subject.hasObservers }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// As `ObservableType`'s, through the subject (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subject.subscribe(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { subject.asObservable() }
}

/// A `ReplaySubject` that only carries elements. Thread-safe.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let subject: ReplaySubject<Element>

    @inlinable
    internal init(subject: ReplaySubject<Element>) { self.subject = subject }

    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    @inlinable
    public func accept(_ element: Element) { subject.on(.next(element)) }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// As `ObservableType`'s, through the subject (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subject.subscribe(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { subject.asObservable() }
}

extension ObservableType {
    /// Sends every element to the relays (terminal events are dropped, as relays never end).
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to the relays.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to the relays.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to relays of optional elements.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to relays of optional elements.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to relays of optional elements.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every event to the observers.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Calls `binder` with this observable and returns its result.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }
}
