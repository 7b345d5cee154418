/// The state of a place that holds one disposable which may arrive after it was
/// asked to dispose: the core subscribes and stores the result, but events may
/// flow (and the subscription end) before the store happens.
///
/// Only the state transitions live here; each owner keeps the slot in a field
/// next to a ``SpinLock`` and calls these under it, so that the slot costs no
/// allocation of its own. The disposable itself is always disposed *outside*
/// the lock, by the caller.
///
/// A plain existential beside a one-byte state, rather than an enum with the
/// disposable as a payload or an optional one: copying and destroying those goes
/// through the run time's generic value witnesses, several hundred instructions
/// per subscription. The existential holds a `NopDisposable` when the slot holds
/// nothing, and disposables move in and out of it without being copied.
@usableFromInline
internal struct DisposableSlot {
    @usableFromInline
    internal enum State: UInt8 {
        case empty
        case holding
        case disposed
    }

    @usableFromInline internal var state: State
    @usableFromInline internal var held: Disposable

    @inlinable
    internal static var empty: DisposableSlot { DisposableSlot(state: .empty, held: NopDisposable()) }

    @inlinable
    internal init(state: State, held: Disposable) {
        self.state = state
        self.held = held
    }

    /// Moves `disposable` into the slot, which must be empty: the owner checks
    /// `state` under its lock first, and disposes a newcomer that a disposed slot
    /// turns away outside it.
    ///
    /// A move, not a copy: copying an existential goes through the value
    /// witnesses of the type inside it and retains what that holds (and so does
    /// handing one back in an optional).
    @inlinable
    internal mutating func store(_ disposable: consuming Disposable) {
        state = .holding
        held = consume disposable
    }

    /// Marks the slot disposed; returns what it held (a `NopDisposable` if
    /// nothing), for the caller to dispose.
    @inlinable
    internal mutating func takeForDisposal() -> Disposable {
        state = .disposed
        return takeDisposable(from: &held)
    }

    @inlinable
    internal var isDisposed: Bool { state == .disposed }
}

/// Moves the disposable out of `field`, leaving a `NopDisposable` there: a move,
/// not a copy (copying an existential retains what it holds, and releasing the
/// copy later costs as much again).
@inlinable @inline(__always)
internal func takeDisposable(from field: inout Disposable) -> Disposable {
    withUnsafeMutablePointer(to: &field) { slot in
        let taken = slot.move()
        slot.initialize(to: NopDisposable())
        return taken
    }
}
