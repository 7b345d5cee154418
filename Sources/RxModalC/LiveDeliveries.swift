import Foundation
import Synchronization

/// Every `CallbackDelivery` alive in the process, so that `rxm_stop_callbacks`
/// and the exit handler can reach the subscriptions a host never disposed.
/// Weak references: a delivery being deinitialized is never brought back.
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

    private final class WeakDelivery: @unchecked Sendable {
        weak var delivery: CallbackDelivery?
        init(_ delivery: CallbackDelivery) { self.delivery = delivery }
    }
    private let entries = Mutex<[ObjectIdentifier: WeakDelivery]>([:])

    func insert(_ delivery: CallbackDelivery) {
        entries.withLock { $0[ObjectIdentifier(delivery)] = WeakDelivery(delivery) }
    }

    func remove(_ delivery: CallbackDelivery) {
        entries.withLock { $0[ObjectIdentifier(delivery)] = nil }
    }

    private var all: [CallbackDelivery] {
        entries.withLock { $0.values.compactMap(\.delivery) }
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
