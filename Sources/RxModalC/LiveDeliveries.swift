import Foundation
import Synchronization

/// Every `CallbackDelivery` not yet stopped, so that `rxm_stop_callbacks` and
/// the exit handler can reach the subscriptions a host never disposed. A
/// delivery is listed from its creation until its `stop()` (which every
/// `rxm_subscription_free` calls), held strongly: a weak reference would give
/// every delivery a side table, and each retain and release of it the slow path.
///
/// Thread safety: any thread; `entries` is guarded by its mutex, never held
/// while a callback or a delivery's `stop` runs.
final class LiveDeliveries: Sendable {
    static let shared: LiveDeliveries = {
        let deliveries = LiveDeliveries()
        // A C host that calls exit() with subscriptions live would otherwise
        // get callbacks on library threads while its own state is torn down.
        atexit { LiveDeliveries.shared.silenceAll() }
        return deliveries
    }()

    private let entries = Mutex<[ObjectIdentifier: CallbackDelivery]>([:])

    func insert(_ delivery: CallbackDelivery) {
        entries.withLock { $0[ObjectIdentifier(delivery)] = delivery }
    }

    /// Called by the delivery's own `stop`, whose caller still holds it.
    func remove(_ delivery: CallbackDelivery) {
        entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(delivery)) }
    }

    private var all: [CallbackDelivery] {
        entries.withLock { Array($0.values) }
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
