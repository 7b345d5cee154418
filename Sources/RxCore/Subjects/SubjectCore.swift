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

/// The state a subject keeps. Everything but the `current…` fields is touched
/// only while draining its commands; those are also read by `value()` from any
/// thread, so both sides take the core's `currentLock` for them.
@usableFromInline
internal struct SubjectState<Element> {
    @usableFromInline var observers = ObserverList<Element>()
    @usableFromInline var stopEvent: Event<Element>?
    @usableFromInline var isDisposed = false
    /// Set once the subject's public object is gone: subscribers still hear what
    /// the subject replays, but nothing can be sent any more, so none is kept.
    @usableFromInline var isAbandoned = false
    /// Replay buffer (replay subjects).
    @usableFromInline var buffer = ElementQueue<Element>()
    /// Last element (async subjects).
    @usableFromInline var last: Element?
    /// A behavior subject's current value, its error, and whether it was disposed.
    @usableFromInline var currentValue: Element?
    @usableFromInline var currentError: Swift.Error?
    @usableFromInline var currentIsDisposed = false
    /// The last key handed to a subscriber that subscribed holding the drain; even
    /// (see ``SubjectCore/add(_:)``).
    @usableFromInline var lastDrainKey: UInt64 = 0

    @inlinable init(currentValue: Element?) {
        self.currentValue = currentValue
    }
}

/// The engine of every subject: serialized commands, the observer list, the
/// terminal state, and what each flavor records and replays. One final class
/// with a flavor switch, rather than subclasses, so that the event path is
/// specialized in the caller's module instead of dispatched through a vtable.
///
/// Its initializer is inlinable, so that a subject made where its element type is
/// known carries ``perform`` compiled for that type: the paths that reach the
/// core without knowing the type (disposing a subscription, freeing the core)
/// then run as fast as the ones that do, without looking up generic metadata.
/// For the same reason its stored properties are of types whose layout does not
/// depend on `Element`: the state sits behind a pointer that `perform` destroys.
///
/// Thread-safety: `send`, `add`, `perform` may be called from any thread,
/// including re-entrantly from inside an observer. Events from several threads
/// are serialized without blocking: a thread that finds another delivering hands
/// its event over and returns, and the delivering thread sends it next. A
/// subscription made while another thread is delivering takes effect right after
/// the event in progress; so does one made re-entrantly from inside an element's
/// delivery. One made re-entrantly from inside the terminal event's delivery
/// hears the replay and the end at once.
@usableFromInline
internal final class SubjectCore<Element>: SerialDrain<SubjectCommand<Element>>, @unchecked Sendable {
    @usableFromInline internal let flavor: SubjectFlavor
    @usableFromInline internal let state: UnsafeMutablePointer<SubjectState<Element>>
    /// Guards the state's `current…` fields.
    @usableFromInline internal let currentLock = SpinLock()
    /// Runs a ``SubjectControl``; compiled where the core was made. It takes the
    /// core unmanaged: its callers hold it, and from a `deinit` a strong argument
    /// is retained around the call and released after it (two locked
    /// instructions).
    @usableFromInline internal let perform: (Unmanaged<SubjectCore<Element>>, SubjectControl) -> Void
    /// The last key handed to a subscriber whose subscription was queued behind
    /// another thread's delivery; odd (see ``add(_:)``).
    @usableFromInline internal let lastQueuedKey = Atomic<UInt64>(1)
    /// How many observers the list holds, for `hasObservers` on any thread. Only the
    /// draining thread writes it, so it is stored, not incremented (no locked
    /// instruction).
    @usableFromInline internal let observerCount = Atomic<Int>(0)
    @usableFromInline internal let disposedFlag = Atomic<Bool>(false)
    /// The thread delivering the terminal event, while it does; zero otherwise.
    @usableFromInline internal let stoppingThread = Atomic<UInt>(0)
    /// Set once the observer list is emptied for good (the subject stopped, was
    /// disposed or abandoned): nobody joins it after that, so leaving it is
    /// nothing to do. A subscriber whose sink disposes its subscription on the
    /// terminal event (every one) would otherwise queue a command behind the
    /// delivery in progress.
    @usableFromInline internal let listClosed = Atomic<Bool>(false)

    @inlinable
    internal init(flavor: SubjectFlavor, initialValue: Element? = nil) {
        Resources.incrementTotal()
        self.flavor = flavor
        state = allocateHeapBlock(of: SubjectState<Element>.self)
        state.initialize(to: SubjectState(currentValue: initialValue))
        perform = { core, control in core._withUnsafeGuaranteedRef { $0.run(control) } }
        super.init()
    }

    deinit {
        perform(Unmanaged.passUnretained(self), .destroy)
        Resources.decrementTotal()
    }

    @inlinable
    internal func send(_ event: Event<Element>) {
        submit(.event(event), to: self) { $0.process($1) }
    }

    /// Keys come from two counters, so that the common subscription takes no locked
    /// instruction for its key: one that holds the drain takes the next even key
    /// from the state, which only the drainer touches; one queued behind another
    /// thread's delivery cannot touch the state, and takes the next odd key from an
    /// atomic counter. Keys stay unique; the odd ones may be listed out of order,
    /// which ``ObserverList/index(of:)`` allows for.
    @inlinable
    internal func add(_ observer: __owned AnyObserver<Element>) -> Disposable {
        // Moved, not copied: the handler's context is the subscriber's sink.
        let subscriber = (consume observer).eventHandler
        let key: UInt64
        if stoppingThread.load(ordering: .acquiring) == currentThreadIdentity() {
            // Subscribed from inside this subject's own terminal event, on the thread
            // delivering it (an observer's `onCompleted` subscribing again): the
            // subject has ended, so the newcomer only hears the replay and the end,
            // and hears them now, before the subscribers still to be told, as in
            // RxSwift. This thread is the drainer, so the state is its to read.
            key = takeDrainKey()
            subscribe(key, consume subscriber)
        } else if tryEnter() {
            key = takeDrainKey()
            subscribe(key, consume subscriber)
            leave(self, control: true) { $0.process($1) }
        } else {
            key = lastQueuedKey.wrappingAdd(2, ordering: .relaxed).newValue
            submitQueued(.subscribe(key: key, observer: consume subscriber), to: self, control: true) { $0.process($1) }
        }
        return SubjectSubscription(key: key, core: self)
    }

    /// The next even key; only the draining thread may call it.
    @inlinable @inline(__always)
    internal func takeDrainKey() -> UInt64 {
        state.pointee.lastDrainKey &+= 2
        return state.pointee.lastDrainKey
    }

    @inlinable
    internal func run(_ control: SubjectControl) {
        switch control {
        case .unsubscribe(let key):
            guard !listClosed.load(ordering: .acquiring) else { return }
            submit(.unsubscribe(key: key), to: self, control: true) { $0.process($1) }
        case .dispose:
            disposedFlag.store(true, ordering: .releasing)
            currentLock.lock()
            state.pointee.currentIsDisposed = true
            currentLock.unlock()
            submit(.dispose, to: self, control: true) { $0.process($1) }
        case .abandon:
            submit(.abandon, to: self, control: true) { $0.process($1) }
        case .destroy:
            // Empty by now unless an operator dropped its subscription undisposed:
            // freeing the public object abandoned the core, which emptied the list.
            state.pointee.observers.removeAll()
            state.deinitialize(count: 1)
            deallocateHeapBlock(state)
        }
    }

    @inlinable
    internal func process(_ command: SubjectCommand<Element>) {
        let state = self.state
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
        case .subscribe(let key, let observer):
            subscribe(key, observer)
        case .unsubscribe(let key):
            if state.pointee.observers.remove(key) { observerCount.store(state.pointee.observers.count, ordering: .relaxed) }
        case .dispose:
            state.pointee.observers.removeAll()
            state.pointee.buffer = ElementQueue()
            state.pointee.last = nil
            state.pointee.isDisposed = true
            observerCount.store(0, ordering: .relaxed)
            listClosed.store(true, ordering: .releasing)
        case .abandon:
            state.pointee.observers.removeAll()
            state.pointee.isAbandoned = true
            observerCount.store(0, ordering: .relaxed)
            listClosed.store(true, ordering: .releasing)
        }
    }

    /// Replays to a new subscriber and, unless the subject has ended, lists it.
    /// Runs on the draining thread.
    @inlinable @inline(__always)
    internal func subscribe(_ key: UInt64, _ observer: consuming @escaping SubjectObserver<Element>) {
        let state = self.state
        if state.pointee.isDisposed {
            observer(.error(RxError.disposed(object: "subject")))
            return
        }
        replay(to: observer)
        if let stopEvent = state.pointee.stopEvent {
            observer(stopEvent)
        } else if !state.pointee.isAbandoned {
            state.pointee.observers.insert(key, consume observer)
            observerCount.store(state.pointee.observers.count, ordering: .relaxed)
        }
    }

    @inlinable
    internal func stop(with event: Event<Element>) {
        let state = self.state
        state.pointee.stopEvent = event
        if case .behavior = flavor { recordBehavior(event) }
        var observers = state.pointee.observers
        state.pointee.observers = ObserverList()
        observerCount.store(0, ordering: .relaxed)
        listClosed.store(true, ordering: .releasing)
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
        currentLock.lock()
        defer { currentLock.unlock() }
        switch event {
        case .next(let value): state.pointee.currentValue = value
        case .error(let error): state.pointee.currentError = error
        case .completed: break
        }
    }

    @inlinable
    internal func recordReplay(_ element: Element, limit: Int?) {
        let state = self.state
        guard let limit else {
            state.pointee.buffer.append(element)
            return
        }
        guard limit > 0 else { return }
        state.pointee.buffer.append(element)
        if state.pointee.buffer.count > limit { _ = state.pointee.buffer.removeFirst() }
    }

    /// Sends a new subscriber what its flavor replays.
    @inlinable
    internal func replay(to observer: SubjectObserver<Element>) {
        let state = self.state
        switch flavor {
        case .publish:
            break
        case .behavior:
            // A stopped behavior subject sends only the terminal event.
            guard state.pointee.stopEvent == nil else { return }
            currentLock.lock()
            let value = state.pointee.currentValue
            currentLock.unlock()
            if let value { observer(.next(value)) }
        case .replay:
            let buffer = state.pointee.buffer
            for index in buffer.head..<buffer.storage.count { observer(.next(buffer.storage[index])) }
        case .async:
            if case .completed? = state.pointee.stopEvent, let last = state.pointee.last { observer(.next(last)) }
        }
    }

    /// The behavior subject's value, or its error.
    @inlinable
    internal func currentValue() throws -> Element {
        currentLock.lock()
        let value = state.pointee.currentValue, error = state.pointee.currentError
        let isDisposed = state.pointee.currentIsDisposed
        currentLock.unlock()
        if isDisposed { throw RxError.disposed(object: "BehaviorSubject") }
        if let error { throw error }
        return value!
    }
}

/// The public face every subject shares: a `SubjectCore` of some flavor.
///
/// When this object is freed, nobody can send the core anything any more: its
/// subscribers are released then, even those that never disposed, although the
/// core lives on for as long as an observable made from it.
public class SubjectBase<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core: SubjectCore<Element>
    /// Made once, so that subscribing allocates nothing for it.
    @usableFromInline internal let observable: Observable<Element>

    @inlinable
    internal init(core: SubjectCore<Element>) {
        self.core = core
        observable = Observable { observer in core.add(observer) }
    }

    deinit { core.perform(Unmanaged.passUnretained(core), .abandon) }

    /// True while someone is subscribed.
    public final var hasObservers: Bool { core.observerCount.load(ordering: .relaxed) > 0 }

    /// True once `dispose()` was called.
    public final var isDisposed: Bool { core.disposedFlag.load(ordering: .acquiring) }

    /// Sends an event to the subscribers. Thread-safe; see the type's documentation.
    @inlinable
    public final func on(_ event: Event<Element>) { core.send(event) }

    @inlinable
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        observable.subscribe(observer)
    }

    /// As `ObservableType`'s, but subscribing through the subject's own observable
    /// rather than a copy of it (which costs a retain and a release).
    @inlinable
    public final func subscribe(
        onNext: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        observable.subscribeSink(.subscriber(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed))
    }

    @inlinable
    public final func asObservable() -> Observable<Element> { observable }

    @inlinable
    public final func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

    /// Releases the subscribers; later subscribers receive `RxError.disposed`.
    @inlinable
    public final func dispose() { core.perform(Unmanaged.passUnretained(core), .dispose) }
}
