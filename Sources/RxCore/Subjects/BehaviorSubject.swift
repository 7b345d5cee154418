import Synchronization

/// Holds a current value: each new subscriber receives it first, then live events.
/// Thread-safe.
public final class BehaviorSubject<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core: BehaviorSubjectCore<Element>

    /// A subject whose current value starts as `value`.
    public init(value: Element) {
        core = BehaviorSubjectCore(value: value)
    }

    /// The current value; throws the error the subject failed with, or
    /// `RxError.disposed` once disposed.
    public func value() throws -> Element {
        try core.latest.withLock { state in
            if case .error(let error)? = state.stopEvent { throw error }
            if state.isDisposed { throw RxError.disposed(object: "BehaviorSubject") }
            return UncheckedSendable(state.value)
        }.value
    }

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

    public func dispose() {
        core.latest.withLock { $0.isDisposed = true }
        core.disposeSubject()
    }
}

@usableFromInline
internal final class BehaviorSubjectCore<Element>: SubjectBase<Element>, @unchecked Sendable {
    @usableFromInline
    internal struct Latest {
        var value: Element
        var stopEvent: Event<Element>?
        var isDisposed = false
    }

    /// The current value, readable from any thread through `value()`.
    @usableFromInline internal let latest: Mutex<Latest>

    @usableFromInline
    init(value: Element) {
        latest = Mutex(Latest(value: UncheckedSendable(value).value))
        super.init()
    }

    @usableFromInline
    override internal func record(_ event: Event<Element>) {
        let boxed = UncheckedSendable(event)
        latest.withLock { state in
            switch boxed.value {
            case .next(let value): state.value = value
            case .error, .completed: state.stopEvent = boxed.value
            }
        }
    }

    @usableFromInline
    override internal func replay(to observer: AnyObserver<Element>) {
        let current = latest.withLock { UncheckedSendable($0.stopEvent == nil ? $0.value : nil) }
        if let value = current.value { observer.on(.next(value)) }
    }
}
