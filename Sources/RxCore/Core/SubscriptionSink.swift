import Synchronization

/// The end of a subscription: where events meet the subscriber's callbacks.
///
/// It keeps the promises a subscriber relies on:
/// - callbacks never overlap, and nothing follows a terminal event;
/// - `dispose()` is idempotent, thread-safe and allowed from inside a callback;
/// - once `dispose()` returns, no further callback starts. A `dispose()` from another
///   thread therefore waits for a callback already running to return (so a callback
///   must not block on a thread that is disposing its own subscription);
/// - after a terminal event the whole chain upstream is disposed, then `onDisposed` runs.
@usableFromInline
internal final class SubscriptionSink<Element>: Cancelable, @unchecked Sendable {
    @usableFromInline static var disposedBit: UInt8 { 1 }
    @usableFromInline static var stoppedBit: UInt8 { 2 }
    @usableFromInline static var finishedBit: UInt8 { 4 }

    /// Held while a callback runs.
    @usableFromInline internal let deliveryLock = Mutex<Void>(())
    /// The thread inside a callback, or 0.
    @usableFromInline internal let deliveringThread = Atomic<UInt>(0)
    @usableFromInline internal let flags = Atomic<UInt8>(0)
    /// Events that arrived re-entrantly, from inside a callback on the delivering
    /// thread; only that thread touches it, while it holds `deliveryLock`.
    @usableFromInline internal var reentrantEvents: [Event<Element>] = []
    @usableFromInline internal let handler: (Event<Element>) -> Void
    @usableFromInline internal let upstream = DisposableSlot()
    // Written once at init, read once when finishing.
    @usableFromInline internal let onDisposed: (() -> Void)?

    @inlinable
    internal init(handler: @escaping (Event<Element>) -> Void, onDisposed: (() -> Void)?) {
        self.handler = handler
        self.onDisposed = onDisposed
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal var isDisposed: Bool { flags.load(ordering: .acquiring) & Self.disposedBit != 0 }

    @inlinable
    internal func on(_ event: Event<Element>) {
        let thread = currentThreadIdentity()
        if deliveringThread.load(ordering: .relaxed) == thread {
            reentrantEvents.append(event)
            return
        }
        deliveryLock._unsafeLock()
        deliveringThread.store(thread, ordering: .relaxed)
        deliver(event)
        if !reentrantEvents.isEmpty { deliverReentrantEvents() }
        deliveringThread.store(0, ordering: .relaxed)
        deliveryLock._unsafeUnlock()
    }

    @inlinable
    internal func deliver(_ event: Event<Element>) {
        guard flags.load(ordering: .relaxed) == 0 else { return }
        switch event {
        case .next:
            handler(event)
        case .error, .completed:
            flags.bitwiseOr(Self.stoppedBit, ordering: .relaxed)
            handler(event)
            finish()
        }
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
        let previous = flags.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.disposedBit == 0 else { return }
        if deliveringThread.load(ordering: .relaxed) != currentThreadIdentity() {
            // Wait for a callback in progress on another thread to return.
            deliveryLock._unsafeLock()
            reentrantEvents.removeAll()
            deliveryLock._unsafeUnlock()
        }
        finish()
    }

    /// Disposes upstream and runs `onDisposed`, once.
    @usableFromInline
    internal func finish() {
        let previous = flags.bitwiseOr(Self.finishedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.finishedBit == 0 else { return }
        upstream.dispose()
        onDisposed?()
    }
}
