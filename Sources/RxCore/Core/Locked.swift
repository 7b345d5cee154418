#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a ``SpinLock``, for short critical sections that never call out.
///
/// Why not `Synchronization.Mutex`: it is a priority-inheritance futex, whose
/// waiters enter the kernel at once, where these sections last a few dozen
/// instructions and a spin with backoff waits them out. Why not storage inside the
/// owner through `_Cell`: a generic class's deinit runs unspecialized, and
/// destroying a `_Cell` there looks its type metadata up at run time, which cost
/// more than the rest of a subscription. One small heap block is cheaper.
///
/// Store it in a `let` of a class; it is not copyable.
@usableFromInline
@frozen
internal struct Locked<Value>: ~Copyable {
    @usableFromInline internal let spin = SpinLock()
    @usableFromInline internal let value: UnsafeMutablePointer<Value>

    @inlinable
    internal init(_ initialValue: consuming Value) {
        value = allocateHeapBlock(of: Value.self)
        value.initialize(to: initialValue)
    }

    @inlinable
    deinit {
        value.deinitialize(count: 1)
        deallocateHeapBlock(value)
    }

    /// Runs `body` with the lock held and the value open for change.
    @inlinable @inline(__always)
    internal borrowing func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        spin.lock()
        defer { spin.unlock() }
        return try body(&value.pointee)
    }
}
