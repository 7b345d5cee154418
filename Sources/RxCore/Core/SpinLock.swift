import Synchronization

/// A lock for critical sections of a few instructions that never call out:
/// one compare-and-swap to take it, one store to release it, no allocation.
/// A waiting thread spins briefly, then yields, then sleeps (see ``Backoff``),
/// so a holder that is preempted costs the waiter little.
///
/// Store it in a `let` of a class; it is not copyable.
@usableFromInline
@frozen
internal struct SpinLock: ~Copyable {
    @usableFromInline internal let held = Atomic<Bool>(false)

    @inlinable
    internal init() {}

    @inlinable @inline(__always)
    internal borrowing func lock() {
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

    @inlinable @inline(__always)
    internal borrowing func unlock() {
        held.store(false, ordering: .releasing)
    }

    @inlinable @inline(__always)
    internal borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
