import Synchronization

/// The end of a subscription: where events meet the subscriber's callbacks.
///
/// It keeps the promises a subscriber relies on:
/// - callbacks never overlap, and nothing follows a terminal event;
/// - `dispose()` is idempotent, thread-safe and allowed from inside a callback;
/// - once `dispose()` returns, no further callback starts. A `dispose()` from another
///   thread therefore waits for a callback already running to return — except when
///   that callback's thread is itself waiting, in a `dispose()`, for the disposing
///   thread (two callbacks on two threads disposing each other's subscriptions):
///   then the disposer returns at once and the callback's thread completes the
///   disposal when its own wait ends (see ``DisposeWaits``). A callback must still
///   not block by other means on a thread that is disposing its own subscription;
/// - after a terminal event the whole chain upstream is disposed, then `onDisposed` runs,
///   once: on the thread of the terminal event, or on that of a `dispose()` from
///   another thread that came first (before it returns, in both cases).
///
/// Delivery claims the sink with one compare-and-swap of `deliveringThread`, and
/// `dispose()` sets its flag and then waits until the claim it saw has ended
/// (Dekker's handshake: both sides use sequentially consistent operations, so at
/// least one sees the other). One atomic operation per event, no lock.
///
/// A claim is the thread's identity with a generation in its lowest bit (thread
/// identities are aligned addresses, so that bit is free), flipped on every claim:
/// a disposer waits for the claim value to *change*, not to become zero, so a
/// producer that re-claims the sink in a tight loop cannot starve it. Any claim
/// made after the disposer looked sees the disposed flag and calls nothing.
///
/// The upstream subscription is handed over through the same flags, without a
/// lock: `setUpstream` moves it into its field and then raises `upstreamStoredBit`;
/// whoever raises `finishedBit` takes it out if the flags it replaced had that bit,
/// and otherwise leaves it to `setUpstream`, whose own operation on the flags then
/// finds the finished bit. The flags' total order decides which of the two
/// disposes it, so ending a subscription costs no locked instruction beyond the
/// one that marks it finished.
@usableFromInline
internal final class SubscriptionSink<Element>: Cancelable, @unchecked Sendable {
    @usableFromInline static var disposedBit: UInt8 { 1 }
    /// The upstream subscription is in `upstream`; see the type's documentation.
    @usableFromInline static var upstreamStoredBit: UInt8 { 2 }
    @usableFromInline static var finishedBit: UInt8 { 4 }

    /// The current delivery claim (thread identity | generation bit), or 0.
    @usableFromInline internal let deliveringThread = Atomic<UInt>(0)
    /// The generation bit the next claim uses (0 or 1).
    @usableFromInline internal let claimGeneration = Atomic<UInt>(0)
    @usableFromInline internal let flags = Atomic<UInt8>(0)
    /// Events that arrived re-entrantly, from inside a callback on the delivering
    /// thread; only the thread holding the delivery claim touches it.
    @exclusivity(unchecked) @usableFromInline internal var reentrantEvents: [Event<Element>] = []
    /// Work left for the end of the current delivery claim (`reentrantEventsBit`,
    /// `releaseHandlersBit`); only the thread holding the claim writes it, so one
    /// relaxed load per event tells whether there is any.
    @usableFromInline internal let afterDelivery = Atomic<UInt8>(0)
    @usableFromInline static var reentrantEventsBit: UInt8 { 1 }
    @usableFromInline static var releaseHandlersBit: UInt8 { 2 }
    // Either one handler for every event, or one per kind of event. Variables so
    // that `finish()` can release them: a subscriber's closures often capture the
    // object that holds the subscription (its DisposeBag, its owner), and that
    // cycle must end with the subscription.
    @exclusivity(unchecked) @usableFromInline internal var eventHandler: ((Event<Element>) -> Void)?
    @exclusivity(unchecked) @usableFromInline internal var onNext: ((Element) -> Void)?
    @exclusivity(unchecked) @usableFromInline internal var onError: ((Swift.Error) -> Void)?
    @exclusivity(unchecked) @usableFromInline internal var onCompleted: (() -> Void)?
    /// Written once by `setUpstream` before it raises `upstreamStoredBit`, and
    /// taken once by whoever finds that bit when finishing (a `NopDisposable` until
    /// then, and after).
    @exclusivity(unchecked) @usableFromInline internal var upstream: Disposable = NopDisposable()
    // Written once at init, read once when finishing.
    @exclusivity(unchecked) @usableFromInline internal var onDisposed: (() -> Void)?

    @inlinable
    internal init(eventHandler: @escaping (Event<Element>) -> Void, onDisposed: (() -> Void)?) {
        Resources.incrementTotal()
        self.eventHandler = eventHandler
        self.onNext = nil
        self.onError = nil
        self.onCompleted = nil
        self.onDisposed = onDisposed
    }

    /// Without an `onError`, errors go to `Hooks.defaultErrorHandler`.
    @inlinable
    internal init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        Resources.incrementTotal()
        self.eventHandler = nil
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal var isDisposed: Bool { flags.load(ordering: .acquiring) & Self.disposedBit != 0 }

    /// Takes the delivery claim for `thread` if nobody holds it.
    @inlinable @inline(__always)
    internal func tryClaim(_ thread: UInt) -> Bool {
        let generation = claimGeneration.load(ordering: .relaxed)
        guard deliveringThread.compareExchange(expected: 0, desired: thread | generation, ordering: .sequentiallyConsistent).exchanged else {
            return false
        }
        claimGeneration.store(generation ^ 1, ordering: .relaxed)
        return true
    }

    @inlinable
    internal func on(_ event: Event<Element>) {
        let thread = currentThreadIdentity()
        guard tryClaim(thread) else {
            onContended(event, thread: thread)
            return
        }
        deliver(event)
        if afterDelivery.load(ordering: .relaxed) != 0 { completeDelivery() }
        deliveringThread.store(0, ordering: .releasing)
    }

    /// The claim is taken: by this thread (a callback caused another event, which
    /// waits its turn) or by another (an upstream that broke serialization; wait).
    @usableFromInline
    internal func onContended(_ event: Event<Element>, thread: UInt) {
        if deliveringThread.load(ordering: .relaxed) & ~1 == thread {
            reentrantEvents.append(event)
            afterDelivery.store(afterDelivery.load(ordering: .relaxed) | Self.reentrantEventsBit, ordering: .relaxed)
            return
        }
        var backoff = Backoff()
        while !tryClaim(thread) {
            backoff.pause()
        }
        deliver(event)
        if afterDelivery.load(ordering: .relaxed) != 0 { completeDelivery() }
        deliveringThread.store(0, ordering: .releasing)
    }

    @inlinable
    internal func deliver(_ event: Event<Element>) {
        // A terminal event needs no mark of its own: `finish()` raises its bit
        // before this claim ends, and events re-entered from the callback wait
        // for the claim (see `completeDelivery`), so none gets through.
        guard flags.load(ordering: .sequentiallyConsistent) & (Self.disposedBit | Self.finishedBit) == 0 else { return }
        // The handlers are called where they are stored, not copied out: a copy
        // costs a retain and a release of the closure's context on every event.
        // That is safe because nothing releases them while this claim lasts (a
        // `dispose()` from inside the callback leaves that to `completeDelivery`).
        if eventHandler != nil {
            Self.call(&eventHandler, with: event)
        } else {
            switch event {
            case .next(let element): Self.call(&onNext, with: element)
            case .error(let error):
                // Only `subscribe(onNext:…)` makes sinks with one handler per
                // kind of event; without an `onError` its errors go to the hook.
                if onError != nil { Self.call(&onError, with: error) } else { Hooks.reportUnhandled(error) }
            case .completed: Self.call(&onCompleted)
            }
        }
        if event.isStopEvent { finish() }
    }

    /// Calls a stored handler in place. The `inout` access spans the call, which
    /// lets the compiler pass the closure without retaining its context.
    @inlinable @inline(__always)
    internal static func call<Argument>(_ handler: inout ((Argument) -> Void)?, with argument: Argument) {
        handler?(argument)
    }

    @inlinable @inline(__always)
    internal static func call(_ handler: inout (() -> Void)?) {
        handler?()
    }

    /// The end of a claim that left work behind: events that arrived from inside a
    /// callback, then the handlers of a subscription disposed from inside one.
    @inlinable
    internal func completeDelivery() {
        if afterDelivery.load(ordering: .relaxed) & Self.reentrantEventsBit != 0 {
            deliverReentrantEvents()
        }
        let work = afterDelivery.load(ordering: .relaxed)
        afterDelivery.store(0, ordering: .relaxed)
        if work & Self.releaseHandlersBit != 0 { releaseHandlers() }
    }

    @usableFromInline
    internal func deliverReentrantEvents() {
        while !reentrantEvents.isEmpty {
            let event = reentrantEvents.removeFirst()
            deliver(event)
        }
    }

    @usableFromInline
    internal func dispose() {
        let previous: UInt8
        let seenFlags = flags.load(ordering: .acquiring)
        if seenFlags & Self.finishedBit != 0 {
            // Already finished (its terminal event, most often): nothing can start
            // any more, and the only change left to the flags is this bit, which
            // disposers may race to set to the same value. A plain store does, not
            // a locked instruction; what follows still waits for a callback that
            // may be running elsewhere (the claim it holds was taken before the
            // finish this thread saw).
            // (The store may also lower `upstreamStoredBit`, raised meanwhile by a
            // `setUpstream` that then found the finished bit and disposed its
            // subscription itself: nobody reads that bit after the finish.)
            guard seenFlags & Self.disposedBit == 0 else { return }
            flags.store(seenFlags | Self.disposedBit, ordering: .releasing)
            previous = seenFlags
        } else {
            // Both bits in one locked instruction: the disposal finishes the
            // subscription itself (after any callback running elsewhere returns),
            // unless its terminal event already did. A terminal event delivered
            // meanwhile on another thread then finds the finish taken and leaves it.
            previous = flags.bitwiseOr(Self.disposedBit | Self.finishedBit, ordering: .sequentiallyConsistent).oldValue
            guard previous & Self.disposedBit == 0 else { return }
        }
        let finishes = previous & Self.finishedBit == 0
        // Wait for a callback in progress on another thread to return: for the
        // claim seen now to end. Later claims see the flag and call nothing.
        let seen = deliveringThread.load(ordering: .sequentiallyConsistent)
        let me = currentThreadIdentity()
        if seen != 0 && seen & ~1 != me {
            let waits = DisposeWaits.shared
            waits.begin(waiter: me, holder: seen & ~1)
            var backoff = Backoff()
            var handedOver = false
            while deliveringThread.load(ordering: .sequentiallyConsistent) == seen {
                // The callback's thread waits (perhaps through others) for this one:
                // leave the rest of the disposal to it rather than wait forever.
                if backoff.attempts >= 64, waits.handOverIfCycle(waiter: me, rest: { if finishes { self.completeFinish(replacing: previous) } }) {
                    handedOver = true
                    break
                }
                backoff.pause()
            }
            // Disposals handed to this thread belong to callbacks it is running.
            for rest in waits.end(waiter: me) { rest() }
            if handedOver { return }
        }
        if finishes { completeFinish(replacing: previous) }
    }

    /// Stores the upstream subscription, or disposes it if this subscription already ended.
    @inlinable @inline(__always)
    internal func setUpstream(_ disposable: consuming Disposable) {
        // Ended during its own subscription (`just`, `empty`, a stopped subject):
        // whoever finished it took the slot or will find it empty, so what
        // subscribing returned is disposed here, without the lock.
        if flags.load(ordering: .acquiring) & Self.finishedBit != 0 {
            disposable.dispose()
            return
        }
        upstream = consume disposable
        // Finished meanwhile: the finisher saw no subscription to take, so it is
        // this thread's to dispose.
        let previous = flags.bitwiseOr(Self.upstreamStoredBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.finishedBit != 0 { takeDisposable(from: &upstream).dispose() }
    }

    /// Disposes upstream and runs `onDisposed`, once.
    @usableFromInline
    internal func finish() {
        let previous = flags.bitwiseOr(Self.finishedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.finishedBit == 0 else { return }
        completeFinish(replacing: previous)
    }

    /// What ``finish()`` does, for whoever raised the finished bit; `previous` is
    /// the value of the flags that raising it replaced.
    @usableFromInline
    internal func completeFinish(replacing previous: UInt8) {
        // Without the bit, the subscription is not stored yet and `setUpstream`
        // disposes it (see the type's documentation).
        if previous & Self.upstreamStoredBit != 0 { takeDisposable(from: &upstream).dispose() }
        // Moved out: a copy would retain the closure's context only to release it
        // when the stored one is cleared.
        let onDisposed = self.onDisposed.take()
        // No callback can start any more (the flags say so). One may still be
        // running on this thread, the one that disposed its own subscription or
        // delivered its terminal event: its handler must outlive the call, so the
        // release waits for the end of the claim.
        let claim = deliveringThread.load(ordering: .relaxed)
        if claim != 0 && claim & ~1 == currentThreadIdentity() {
            afterDelivery.store(afterDelivery.load(ordering: .relaxed) | Self.releaseHandlersBit, ordering: .relaxed)
        } else {
            releaseHandlers()
        }
        if let onDisposed { onDisposed() }
    }

    /// Drops the subscriber's closures: they often capture the object that holds
    /// this subscription, and that cycle must end with the subscription.
    @inlinable
    internal func releaseHandlers() {
        eventHandler = nil
        onNext = nil
        onError = nil
        onCompleted = nil
    }
}
