/// Which threads are waiting, inside `SubscriptionSink.dispose()`, for a callback
/// running on which other thread — so that two callbacks on two threads that
/// dispose each other's subscriptions do not wait for each other forever.
///
/// The deadlock it breaks: thread 1, inside a callback of subscription A,
/// disposes B, whose callback is running on thread 2, and so waits for it; while
/// thread 2, inside that callback of B, disposes A and waits for thread 1 (a flow
/// whose value arrives on a surface's thread while the subscriber is still
/// setting it up is enough). When a waiter finds that the thread it waits for
/// waits, directly or through others, for the waiter itself, it stops waiting:
/// the subscription is already marked disposed, so no further callback of it
/// starts, and the rest of its disposal (its upstream, `onDisposed`) is handed to
/// the thread running its callback, which does it as soon as its own wait ends —
/// still inside that callback, which is the same as disposing from inside it.
///
/// Only the slow path of `dispose()` (a callback running on another thread) comes
/// here; one lock guards the table, and a cycle is found and broken under it, so
/// exactly one thread of a cycle stops waiting.
@usableFromInline
internal final class DisposeWaits: @unchecked Sendable {
    @usableFromInline static let shared = DisposeWaits()

    private struct Waiter {
        /// The thread whose callback it waits for.
        var holder: UInt
        /// Disposals handed to this thread by waiters that stopped waiting for it.
        var handedOver: [() -> Void] = []
    }

    private let lock = SpinLock()
    // Guarded by `lock`.
    private var waiters: [UInt: Waiter] = [:]

    /// Records that `waiter` starts waiting for a callback running on `holder`.
    @usableFromInline
    internal func begin(waiter: UInt, holder: UInt) {
        lock.lock()
        if waiters[waiter] != nil {
            waiters[waiter]!.holder = holder
        } else {
            waiters[waiter] = Waiter(holder: holder)
        }
        lock.unlock()
    }

    /// If `holder` waits, through a chain of waiting threads, for `waiter`, hands
    /// `rest` to `holder` (to run when its own wait ends) and stops `waiter`'s wait:
    /// returns true. Otherwise returns false and `waiter` goes on waiting.
    @usableFromInline
    internal func handOverIfCycle(waiter: UInt, rest: @escaping () -> Void) -> Bool {
        lock.lock()
        guard let holder = waiters[waiter]?.holder, leadsBack(from: holder, to: waiter) else {
            lock.unlock()
            return false
        }
        waiters[holder]!.handedOver.append(rest)
        lock.unlock()
        return true
    }

    /// Records that `waiter` stopped waiting; returns what was handed to it, for it
    /// to run now.
    @usableFromInline
    internal func end(waiter: UInt) -> [() -> Void] {
        lock.lock()
        let handed = waiters.removeValue(forKey: waiter)?.handedOver ?? []
        lock.unlock()
        return handed
    }

    /// Whether following the waits from `start` reaches `target`. Called with the lock held.
    private func leadsBack(from start: UInt, to target: UInt) -> Bool {
        var current = start
        // A chain can visit each waiting thread once; more steps mean another cycle.
        for _ in 0...waiters.count {
            if current == target { return true }
            guard let next = waiters[current]?.holder else { return false }
            current = next
        }
        return false
    }
}
