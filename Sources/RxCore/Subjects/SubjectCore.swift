import Synchronization

/// Which kind of subject a `SubjectCore` behaves as.
@usableFromInline
internal enum SubjectFlavor: Sendable {
    case publish
    case behavior
    /// Replays up to this many elements; nil for unbounded.
    case replay(Int?)
    case async
}

/// The state a subject keeps; touched only while draining its commands.
@usableFromInline
internal struct SubjectState<Element> {
    @usableFromInline var observers = ObserverList<Element>()
    @usableFromInline var stopEvent: Event<Element>?
    @usableFromInline var isDisposed = false
    /// Replay buffer (replay subjects).
    @usableFromInline var buffer = ElementQueue<Element>()
    /// Last element (async subjects).
    @usableFromInline var last: Element?

    @inlinable init() {}
}

/// The engine of every subject: serialized commands, the observer list, the
/// terminal state, and what each flavor records and replays. One final class
/// with a flavor switch, rather than subclasses, so that the event path is
/// specialized in the caller's module instead of dispatched through a vtable.
///
/// Thread-safety: `send`, `add`, `remove` and `disposeSubject` may be called from
/// any thread, including re-entrantly from inside an observer. Events from
/// several threads are serialized without blocking: a thread that finds another
/// delivering hands its event over and returns, and the delivering thread sends
/// it next. A subscription made while another thread is delivering takes effect
/// right after the event in progress; so does one made re-entrantly from inside an
/// element's delivery. One made re-entrantly from inside the terminal event's
/// delivery hears the replay and the end at once.
@usableFromInline
internal final class SubjectCore<Element>: SerialDrain<SubjectCommand<Element>>, @unchecked Sendable {
    @usableFromInline internal let flavor: SubjectFlavor
    @usableFromInline internal let state = UnsafeCell(SubjectState<Element>())
    /// A behavior subject's current value, readable from any thread.
    @usableFromInline internal let current: Locked<(value: Element?, error: Swift.Error?, isDisposed: Bool)>
    @usableFromInline internal let nextKey = Atomic<UInt64>(0)
    @usableFromInline internal let observerCount = Atomic<Int>(0)
    @usableFromInline internal let disposedFlag = Atomic<Bool>(false)
    /// The thread delivering the terminal event, while it does; zero otherwise.
    @usableFromInline internal let stoppingThread = Atomic<UInt>(0)

    @usableFromInline
    internal init(flavor: SubjectFlavor, initialValue: Element? = nil) {
        Resources.incrementTotal()
        self.flavor = flavor
        current = Locked((UncheckedSendable(initialValue).value, nil, false))
        super.init()
    }

    deinit {
        state.pointer.pointee.observers.removeAll()
        Resources.decrementTotal()
    }

    @inlinable
    internal func send(_ event: Event<Element>) {
        submit(.event(event), to: self) { $0.process($1) }
    }

    @inlinable
    internal func add(_ observer: AnyObserver<Element>, lifetime: SubjectLifetime<Element>) -> Disposable {
        let key = nextKey.add(1, ordering: .relaxed).newValue
        if stoppingThread.load(ordering: .acquiring) == currentThreadIdentity() {
            // Subscribed from inside this subject's own terminal event, on the thread
            // delivering it (an observer's `onCompleted` subscribing again): the
            // subject has ended, so the newcomer only hears the replay and the end,
            // and hears them now, before the subscribers still to be told, as in
            // RxSwift. This thread is the drainer, so the state is its to read.
            process(.subscribe(key: key, observer: SubjectObserver(observer)))
        } else {
            submit(.subscribe(key: key, observer: SubjectObserver(observer)), to: self, control: true) { $0.process($1) }
        }
        return SubjectSubscription(key: key, subject: lifetime)
    }

    @inlinable
    internal func remove(_ key: UInt64) {
        submit(.unsubscribe(key: key), to: self, control: true) { $0.process($1) }
    }

    @usableFromInline
    internal func disposeSubject() {
        disposedFlag.store(true, ordering: .releasing)
        current.withLock { $0.isDisposed = true }
        submit(.dispose, to: self, control: true) { $0.process($1) }
    }

    @inlinable
    internal func process(_ command: SubjectCommand<Element>) {
        let state = self.state.pointer
        switch command {
        case .event(let event):
            guard state.pointee.stopEvent == nil, !state.pointee.isDisposed else { return }
            if case .next(let element) = event {
                switch flavor {
                case .publish: break
                case .behavior: recordBehavior(.next(element))
                case .replay(let limit): recordReplay(element, limit: limit)
                case .async:
                    state.pointee.last = element
                    return
                }
                ObserverList.send(event, through: &state.pointee.observers)
            } else {
                stop(with: event)
            }
        case .subscribe(let key, let subscriber):
            let observer = subscriber.observer
            if state.pointee.isDisposed {
                observer.on(.error(RxError.disposed(object: "subject")))
                return
            }
            replay(to: observer)
            if let stopEvent = state.pointee.stopEvent {
                observer.on(stopEvent)
            } else {
                state.pointee.observers.insert(key, subscriber)
                observerCount.wrappingAdd(1, ordering: .relaxed)
            }
        case .unsubscribe(let key):
            if state.pointee.observers.remove(key) { observerCount.wrappingSubtract(1, ordering: .relaxed) }
        case .dispose:
            state.pointee.observers.removeAll()
            state.pointee = SubjectState()
            state.pointee.isDisposed = true
            observerCount.store(0, ordering: .relaxed)
        }
    }

    @usableFromInline
    internal func stop(with event: Event<Element>) {
        let state = self.state.pointer
        state.pointee.stopEvent = event
        if case .behavior = flavor { recordBehavior(event) }
        var observers = state.pointee.observers
        state.pointee.observers = ObserverList()
        observerCount.store(0, ordering: .relaxed)
        stoppingThread.store(currentThreadIdentity(), ordering: .releasing)
        defer { stoppingThread.store(0, ordering: .releasing) }
        if case .async = flavor, case .completed = event, let last = state.pointee.last {
            ObserverList.send(.next(last), through: &observers)
        }
        ObserverList.send(event, through: &observers)
        observers.removeAll()
    }

    @inlinable
    internal func recordBehavior(_ event: Event<Element>) {
        let boxed = UncheckedSendable(event)
        current.withLock { current in
            switch boxed.value {
            case .next(let value): current.value = value
            case .error(let error): current.error = error
            case .completed: break
            }
        }
    }

    @inlinable
    internal func recordReplay(_ element: Element, limit: Int?) {
        let state = self.state.pointer
        guard let limit else {
            state.pointee.buffer.append(element)
            return
        }
        guard limit > 0 else { return }
        state.pointee.buffer.append(element)
        if state.pointee.buffer.count > limit { _ = state.pointee.buffer.removeFirst() }
    }

    /// Sends a new observer what its flavor replays.
    @usableFromInline
    internal func replay(to observer: AnyObserver<Element>) {
        let state = self.state.pointer
        switch flavor {
        case .publish:
            break
        case .behavior:
            // A stopped behavior subject sends only the terminal event.
            guard state.pointee.stopEvent == nil else { return }
            let value = current.withLock { UncheckedSendable($0.value) }.value
            if let value { observer.on(.next(value)) }
        case .replay:
            let buffer = state.pointee.buffer
            for index in buffer.head..<buffer.storage.count { observer.on(.next(buffer.storage[index])) }
        case .async:
            if case .completed? = state.pointee.stopEvent, let last = state.pointee.last { observer.on(.next(last)) }
        }
    }

    /// The behavior subject's value, or its error.
    @usableFromInline
    internal func currentValue() throws -> Element {
        let snapshot = current.withLock { UncheckedSendable($0) }.value
        if snapshot.isDisposed { throw RxError.disposed(object: "BehaviorSubject") }
        if let error = snapshot.error { throw error }
        return snapshot.value!
    }
}

/// The public face every subject shares: a `SubjectCore` of some flavor.
public class SubjectBase<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core: SubjectCore<Element>
    @usableFromInline internal let lifetime: SubjectLifetime<Element>

    @usableFromInline
    internal init(core: SubjectCore<Element>) {
        self.core = core
        lifetime = SubjectLifetime(core: core)
    }

    /// True while someone is subscribed.
    public final var hasObservers: Bool { core.observerCount.load(ordering: .relaxed) > 0 }

    /// True once `dispose()` was called.
    public final var isDisposed: Bool { core.disposedFlag.load(ordering: .acquiring) }

    /// Sends an event to the subscribers. Thread-safe; see the type's documentation.
    @inlinable
    public final func on(_ event: Event<Element>) { core.send(event) }

    @inlinable
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    @inlinable
    public final func asObservable() -> Observable<Element> {
        let core = self.core, lifetime = self.lifetime
        return Observable { observer in core.add(observer, lifetime: lifetime) }
    }

    public final func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

    /// Releases the subscribers; later subscribers receive `RxError.disposed`.
    public final func dispose() { core.disposeSubject() }
}
