import Foundation

/// Every `CallbackDelivery` not yet stopped, so that `rxm_stop_callbacks` and
/// the exit handler can reach the subscriptions a host never disposed. A
/// delivery is listed from its creation until its `stop()` (which every
/// `rxm_subscription_free` calls), held strongly: a weak reference would give
/// every delivery a side table, and each retain and release of it the slow path.
///
/// Thread safety: any thread; `entries` is guarded by its lock, never held
/// while a callback or a delivery's `stop` runs.
final class LiveDeliveries: Sendable {
    static let shared: LiveDeliveries = {
        let deliveries = LiveDeliveries()
        // A C host that calls exit() with subscriptions live would otherwise
        // get callbacks on library threads while its own state is torn down.
        atexit { LiveDeliveries.shared.silenceAll() }
        return deliveries
    }()

    /// Each delivery's `liveIndex` is its place here: added at the end, removed by
    /// moving the last one into its place (no hashing, no search).
    // Spin-locked so that ThreadSanitizer sees `liveIndex` handed over (SpinGuarded says why).
    private let entries = SpinGuarded<[CallbackDelivery]>([])

    func insert(_ delivery: CallbackDelivery) {
        entries.withLock { entries in
            delivery.liveIndex = entries.count
            entries.append(delivery)
        }
    }

    /// Called by the delivery's own `stop`, whose caller still holds it (so the
    /// last reference is never released under the lock).
    func remove(_ delivery: CallbackDelivery) {
        entries.withLock { entries in
            let index = delivery.liveIndex
            guard index >= 0, index < entries.count, entries[index] === delivery else { return }
            let last = entries.removeLast()
            if index < entries.count {
                entries[index] = last
                last.liveIndex = index
            }
            delivery.liveIndex = -1
        }
    }

    private var all: [CallbackDelivery] {
        entries.withLock { $0 }
    }

    /// `stop` on every delivery: no callback starts after this returns, and
    /// every destroy function has been called.
    func stopAll() {
        for delivery in all { delivery.stop() }
    }

    /// `silence` on every delivery (at process exit).
    func silenceAll() {
        for delivery in all { delivery.silence() }
    }
}
