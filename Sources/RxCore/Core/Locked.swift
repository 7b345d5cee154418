import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex stored inline, in the same allocation as its owner.
///
/// Why not `Synchronization.Mutex`: on this platform its lock asks the kernel for the
/// thread id on every lock and unlock (measured at about 70 ns per pair, against
/// about 9 ns for an uncontended `pthread_mutex_t`), and the core takes locks on
/// its hot paths. Store it only in a `let` of a class, as `Mutex` must be: its
/// address must not change while it lives.
@usableFromInline
@frozen
internal struct Locked<Value>: ~Copyable {
    @usableFromInline internal let mutex: _Cell<pthread_mutex_t>
    @usableFromInline internal let value: _Cell<Value>

    @inlinable
    internal init(_ initialValue: consuming Value) {
        mutex = _Cell(pthread_mutex_t())
        value = _Cell(initialValue)
        pthread_mutex_init(mutex._address, nil)
    }

    @inlinable
    deinit {
        pthread_mutex_destroy(mutex._address)
    }

    /// Runs `body` with the lock held and the value open for change.
    @inlinable @inline(__always)
    internal borrowing func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex._address)
        defer { pthread_mutex_unlock(mutex._address) }
        return try body(&value._address.pointee)
    }

    /// Takes the lock; pair with ``unlock()``. For code that must hold it across a call out.
    @inlinable @inline(__always)
    internal borrowing func lock() {
        pthread_mutex_lock(mutex._address)
    }

    @inlinable @inline(__always)
    internal borrowing func unlock() {
        pthread_mutex_unlock(mutex._address)
    }

    /// The value without locking, for the thread that holds the lock.
    @inlinable @inline(__always)
    internal var unsafeAddress: UnsafeMutablePointer<Value> { value._address }
}
