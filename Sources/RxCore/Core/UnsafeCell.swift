import Synchronization

/// Mutable storage inside a class that the core's own protocols keep race-free
/// (state touched only by the thread draining a `SerialDrain`, or only by serial
/// event delivery), and that therefore needs no dynamic exclusivity check.
///
/// Swift checks every access to a class's `var` at run time unless it can prove
/// the access safe; on an event path that check costs more than the work. Store
/// it only in a `let` of a class.
///
/// The value lives in its own small heap block rather than in a `_Cell`: see
/// ``Locked`` for why that is cheaper for generic owners.
@usableFromInline
@frozen
internal struct UnsafeCell<Value>: ~Copyable {
    /// The address of the value, for in-place mutation.
    @usableFromInline internal let pointer: UnsafeMutablePointer<Value>

    @inlinable
    internal init(_ value: consuming Value) {
        pointer = allocateHeapBlock(of: Value.self)
        pointer.initialize(to: value)
    }

    @inlinable
    deinit {
        pointer.deinitialize(count: 1)
        deallocateHeapBlock(pointer)
    }

    /// The stored value; reading and writing it is the caller's responsibility.
    @inlinable
    internal var value: Value {
        @inline(__always) get { pointer.pointee }
        @inline(__always) nonmutating set { pointer.pointee = newValue }
    }
}

/// A small heap box of operator state for single-upstream operators whose events
/// arrive serially (`take`, `scan`, `map`'s stop flag, …).
///
/// The state is a plain field: its type is the class's own parameter, so
/// destroying it needs no run-time metadata lookup, and serial delivery makes the
/// exclusivity check unnecessary.
@usableFromInline
internal final class OperatorState<State>: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline internal var value: State

    @inlinable
    internal init(_ initial: State) {
        Resources.incrementTotal()
        value = initial
    }

    deinit { Resources.decrementTotal() }
}
