import Synchronization

extension Observable {
    /// An observable whose subscription runs `subscribe` with an observer to emit to.
    ///
    /// The observer given to `subscribe` may be called from any thread: events are
    /// serialized, anything after a terminal event is dropped, and nothing is
    /// forwarded once the subscription is disposed. The returned disposable is
    /// disposed when the subscription ends (terminal event or disposal).
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        Observable { downstream in
            let sink = CreateSink(downstream: downstream)
            let disposable = subscribe(AnyObserver(eventHandler: sink.on))
            sink.setResource(disposable)
            return sink
        }
    }
}

/// Serializes and polices the events a `create` closure sends.
@usableFromInline
internal final class CreateSink<Element>: SerialDrain<Event<Element>>, Cancelable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let resourceLock = SpinLock()
    @exclusivity(unchecked) @usableFromInline internal var resource = DisposableSlot.empty
    @usableFromInline internal let disposed = Atomic<Bool>(false)
    /// Only the draining thread reads or writes it.
    @exclusivity(unchecked) @usableFromInline internal var isStopped = false

    @inlinable
    internal init(downstream: AnyObserver<Element>) {
        Resources.incrementTotal()
        self.downstream = downstream
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func on(_ event: Event<Element>) {
        submit(event, to: self) { $0.forward($1) }
    }

    @inlinable
    internal func forward(_ event: Event<Element>) {
        guard !isStopped, !disposed.load(ordering: .relaxed) else { return }
        guard event.isStopEvent else { return downstream.on(event) }
        isStopped = true
        downstream.on(event)
        // The closure's resources go with its terminal event, as in RxSwift: from
        // inside the closure itself, the disposable it is about to return is
        // disposed the moment it is handed over.
        dispose()
    }

    /// Stores the disposable the `create` closure returned, or disposes it if the
    /// subscription already ended.
    @inlinable
    internal func setResource(_ disposable: consuming Disposable) {
        resourceLock.lock()
        if resource.state == .empty {
            resource.store(disposable)
            resourceLock.unlock()
        } else {
            let ended = resource.isDisposed
            resourceLock.unlock()
            if ended { disposable.dispose() }
        }
    }

    @usableFromInline
    internal var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @usableFromInline
    internal func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        resourceLock.lock()
        let held = resource.takeForDisposal()
        resourceLock.unlock()
        held.dispose()
    }
}
