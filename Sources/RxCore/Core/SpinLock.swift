import Synchronization

/// A lock for critical sections of a few instructions that never call out:
/// one compare-and-swap to take it, one store to release it, no allocation.
/// A waiting thread spins briefly, then yields, then sleeps (see ``Backoff``),
/// so a holder that is preempted costs the waiter little.
///
/// Store it in a `let` of a class; it is not copyable.
///
/// Visible to the package's other modules (`package`), not to its users: the
/// modal runtime guards its per-subscription state with it, where an `NSLock`
/// (three allocations and two system objects on Linux) cost more than the rest.
@usableFromInline
@frozen
package struct SpinLock: ~Copyable {
    @usableFromInline internal let held = Atomic<Bool>(false)

    @inlinable
    package init() {}

    @inlinable @inline(__always)
    package borrowing func lock() {
        if held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
        lockSlowly()
    }

    @usableFromInline
    internal borrowing func lockSlowly() {
        var backoff = Backoff()
        while true {
            if !held.load(ordering: .relaxed),
               held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return
            }
            backoff.pause()
        }
    }

    /// Ends the critical section. A reference copied inside it has been retained
    /// by then: the fence keeps the optimizer from sinking that retain past the
    /// store, as it does past a plain releasing store, reasoning that the slot
    /// still holds the object. Past the store, another thread may take the lock,
    /// replace the reference and free the object before a late retain. On x86
    /// the fence costs no instruction (the store already orders); on ARM it is
    /// a `dmb ish`.
    @inlinable @inline(__always)
    package borrowing func unlock() {
        atomicMemoryFence(ordering: .releasing)
        held.store(false, ordering: .releasing)
    }

    @inlinable @inline(__always)
    package borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
