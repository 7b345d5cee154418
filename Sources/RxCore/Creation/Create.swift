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
///
/// The closure's disposable is handed over through `flags`, without a lock:
/// `setResource` moves it into `resource` and then raises `resourceStoredBit`;
/// `dispose()` raises `disposedBit` and takes the resource out only if the flags
/// it replaced had the other bit. Whichever of the two operations on the flags
/// comes second disposes it, so disposing costs one locked instruction.
@usableFromInline
internal final class CreateSink<Element>: SerialDrain<Event<Element>>, Cancelable, @unchecked Sendable {
    @usableFromInline static var disposedBit: UInt8 { 1 }
    @usableFromInline static var resourceStoredBit: UInt8 { 2 }

    @usableFromInline internal let downstream: AnyObserver<Element>
    /// Written once by `setResource` before it raises `resourceStoredBit`, taken
    /// once by whoever disposes after that (a `NopDisposable` otherwise).
    @exclusivity(unchecked) @usableFromInline internal var resource: Disposable = NopDisposable()
    @usableFromInline internal let flags = Atomic<UInt8>(0)
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
        guard !isStopped, flags.load(ordering: .relaxed) & Self.disposedBit == 0 else { return }
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
        // Ended during the closure (its terminal event, most often): no locked
        // instruction needed, nobody will look for the resource.
        if flags.load(ordering: .acquiring) & Self.disposedBit != 0 {
            disposable.dispose()
            return
        }
        resource = consume disposable
        let previous = flags.bitwiseOr(Self.resourceStoredBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 { takeDisposable(from: &resource).dispose() }
    }

    @usableFromInline
    internal var isDisposed: Bool { flags.load(ordering: .acquiring) & Self.disposedBit != 0 }

    @usableFromInline
    internal func dispose() {
        // Disposed twice in the common case (at its terminal event, then by the
        // subscriber): the second time a load tells, without a locked instruction.
        guard flags.load(ordering: .relaxed) & Self.disposedBit == 0 else { return }
        let previous = flags.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.disposedBit == 0 else { return }
        if previous & Self.resourceStoredBit != 0 { takeDisposable(from: &resource).dispose() }
    }
}
