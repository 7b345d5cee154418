import Synchronization

/// Mutable storage inside a class that the core's own protocols keep race-free
/// (state touched only by the thread draining a `SerialDrain`, or only by serial
/// event delivery), and that therefore needs no dynamic exclusivity check.
///
/// Swift checks every access to a class's `var` at run time unless it can prove
/// the access safe; on an event path that check costs more than the work. Store
/// it only in a `let` of a class.
@usableFromInline
@frozen
internal struct UnsafeCell<Value>: ~Copyable {
    @usableFromInline internal let cell: _Cell<Value>

    @inlinable
    internal init(_ value: consuming Value) {
        cell = _Cell(value)
    }

    /// The stored value; reading and writing it is the caller's responsibility.
    @inlinable
    internal var value: Value {
        @inline(__always) get { cell._address.pointee }
        @inline(__always) nonmutating set { cell._address.pointee = newValue }
    }

    /// The address of the value, for in-place mutation.
    @inlinable
    internal var pointer: UnsafeMutablePointer<Value> {
        @inline(__always) get { cell._address }
    }
}

/// A small heap box of operator state for single-upstream operators whose events
/// arrive serially (`take`, `scan`, `map`'s stop flag, …).
@usableFromInline
internal final class OperatorState<State>: @unchecked Sendable {
    @usableFromInline internal let storage: UnsafeCell<State>

    @inlinable
    internal init(_ initial: State) {
        storage = UnsafeCell(initial)
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal var value: State {
        @inline(__always) get { storage.value }
        @inline(__always) set { storage.value = newValue }
    }
}
