/// A `PublishSubject` that only carries elements: it never fails nor completes.
/// Thread-safe.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let storage: RelayStorage<Element>

    @inlinable
    public init() {
        storage = RelayStorage(SubjectCore(flavor: .publish))
    }

    deinit { storage.core.perform(Unmanaged.passUnretained(storage.core), .abandon) }

    /// Sends an element to the current subscribers.
    @inlinable
    public func accept(_ element: Element) { storage.accept(element) }

    public var hasObservers: Bool { storage.hasObservers }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        storage.observable.subscribe(observer)
    }

    /// As `ObservableType`'s, through the relay's own observable (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        storage.subscribe(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { storage.observable }
}

/// A `BehaviorSubject` that only carries elements: it never fails nor completes,
/// so its `value` can always be read. Thread-safe.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let storage: RelayStorage<Element>

    @inlinable
    public init(value: Element) {
        storage = RelayStorage(SubjectCore(flavor: .behavior, initialValue: value))
    }

    deinit { storage.core.perform(Unmanaged.passUnretained(storage.core), .abandon) }

    /// The current value.
    public var value: Element {
        // A relay's core never fails and is never disposed, so this cannot throw.
        try! storage.core.currentValue()
    }

    /// Sets the current value and sends it to the subscribers.
    @inlinable
    public func accept(_ element: Element) { storage.accept(element) }

    public var hasObservers: Bool { storage.hasObservers }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        storage.observable.subscribe(observer)
    }

    /// As `ObservableType`'s, through the relay's own observable (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        storage.subscribe(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { storage.observable }
}

/// A `ReplaySubject` that only carries elements. Thread-safe.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline internal let storage: RelayStorage<Element>

    @inlinable
    internal init(bufferSize: Int?) {
        storage = RelayStorage(SubjectCore(flavor: .replay(bufferSize)))
    }

    /// Replays at most `bufferSize` of the latest elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        precondition(bufferSize >= 0, "ReplayRelay: bufferSize must not be negative")
        return ReplayRelay(bufferSize: bufferSize)
    }

    /// Replays every element ever accepted (RxSwift's spelling).
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(bufferSize: nil)
    }

    deinit { storage.core.perform(Unmanaged.passUnretained(storage.core), .abandon) }

    /// Keeps the element for later subscribers (up to the buffer's size) and sends it
    /// to the current ones.
    @inlinable
    public func accept(_ element: Element) { storage.accept(element) }

    public var hasObservers: Bool { storage.hasObservers }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        storage.observable.subscribe(observer)
    }

    /// As `ObservableType`'s, through the relay's own observable (see `SubjectBase`'s).
    @inlinable
    public func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        storage.subscribe(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { storage.observable }
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
