#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Uninitialized memory for one value, from `malloc`, for the core's small
/// per-subscription boxes (``UnsafeCell``, ``Locked``, a subject's state).
///
/// `UnsafeMutablePointer.allocate` asks the Swift run time for default alignment,
/// which on Linux it serves through `posix_memalign` even for an 8-byte aligned
/// type: a few dozen instructions more than `malloc`, whose blocks are already
/// aligned to 16. Release with ``deallocateHeapBlock(_:)``.
@inlinable @inline(__always)
internal func allocateHeapBlock<Value>(of type: Value.Type) -> UnsafeMutablePointer<Value> {
    guard MemoryLayout<Value>.alignment <= 16 else { return .allocate(capacity: 1) }
    guard let raw = malloc(MemoryLayout<Value>.stride) else { fatalError("RxCore: out of memory") }
    return raw.bindMemory(to: Value.self, capacity: 1)
}

/// Releases a block from ``allocateHeapBlock(of:)``; its value must be deinitialized.
@inlinable @inline(__always)
internal func deallocateHeapBlock<Value>(_ pointer: UnsafeMutablePointer<Value>) {
    guard MemoryLayout<Value>.alignment <= 16 else { return pointer.deallocate() }
    free(pointer)
}
