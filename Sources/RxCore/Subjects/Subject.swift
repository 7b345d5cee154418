import Synchronization

/// The machinery every subject shares: serialized commands, the observer list and
/// the terminal state. Each subject kind decides what a new observer is sent first
/// and what an event does to its buffer.
///
/// Thread-safety: `on`, `subscribe` and `dispose` may be called from any thread,
/// including re-entrantly from inside an observer. Events from several threads are
/// serialized without blocking: a thread that finds another delivering hands its
/// event over and returns, and the delivering thread sends it next. A subscription
/// made while another thread is delivering takes effect right after that event.
@usableFromInline
internal class SubjectBase<Element>: SerialDrain<SubjectCommand<Element>>, @unchecked Sendable {
    // Touched only while draining.
    @usableFromInline internal var observers = ObserverList<Element>()
    @usableFromInline internal var stopEvent: Event<Element>?
    @usableFromInline internal var isDisposedState = false
    @usableFromInline internal let nextKey = Atomic<UInt64>(0)
    @usableFromInline internal let observerCount = Atomic<Int>(0)
    @usableFromInline internal let disposedFlag = Atomic<Bool>(false)

    @usableFromInline
    override internal init() {
        super.init()
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal final func send(_ event: Event<Element>) {
        submit(.event(event)) { self.process($0) }
    }

    @inlinable
    internal final func add(_ observer: AnyObserver<Element>) -> Disposable {
        let key = nextKey.add(1, ordering: .relaxed).newValue
        submit(.subscribe(key: key, observer: observer)) { self.process($0) }
        return SubjectSubscription<Element>(key: key) { [weak self] key in
            guard let self else { return }
            self.submit(.unsubscribe(key: key)) { self.process($0) }
        }
    }

    @inlinable
    internal final func disposeSubject() {
        disposedFlag.store(true, ordering: .releasing)
        submit(.dispose) { self.process($0) }
    }

    @inlinable
    internal final func process(_ command: SubjectCommand<Element>) {
        switch command {
        case .event(let event):
            guard stopEvent == nil, !isDisposedState else { return }
            if event.isStopEvent {
                stopEvent = event
                let observers = self.observers
                self.observers = ObserverList()
                observerCount.store(0, ordering: .relaxed)
                record(event)
                forward(event, to: observers)
            } else {
                record(event)
                forward(event, to: observers)
            }
        case .subscribe(let key, let observer):
            if isDisposedState {
                observer.on(.error(RxError.disposed(object: "\(type(of: self))")))
            } else if let stopEvent {
                replay(to: observer)
                observer.on(stopEvent)
            } else {
                observers.insert(key, observer)
                observerCount.wrappingAdd(1, ordering: .relaxed)
                replay(to: observer)
            }
        case .unsubscribe(let key):
            let before = observers.entries.count
            observers.remove(key)
            if observers.entries.count != before { observerCount.wrappingSubtract(1, ordering: .relaxed) }
        case .dispose:
            isDisposedState = true
            observers = ObserverList()
            observerCount.store(0, ordering: .relaxed)
            clearBuffer()
        }
    }

    /// Remembers an event for later subscribers (behavior, replay, async subjects).
    @inlinable
    internal func record(_ event: Event<Element>) {}

    /// Sends a live event to the current observers.
    @inlinable
    internal func forward(_ event: Event<Element>, to observers: ObserverList<Element>) {
        observers.send(event)
    }

    /// Sends a new observer what it should see before live events.
    @inlinable
    internal func replay(to observer: AnyObserver<Element>) {}

    /// Drops buffered state on disposal.
    @inlinable
    internal func clearBuffer() {}
}
