import Synchronization

/// Holds one disposable that may arrive after it was asked to dispose.
///
/// The core subscribes and stores the result, but events may flow (and the
/// subscription end) before the store happens; the slot then disposes what
/// arrives at once. Thread-safe; embedded in sinks to save an allocation.
@usableFromInline
internal struct DisposableSlot: ~Copyable, @unchecked Sendable {
    @usableFromInline
    internal enum State {
        case empty
        case holding(Disposable)
        case disposed
    }

    @usableFromInline
    internal let state = Locked<State>(.empty)

    @inlinable
    internal init() {}

    /// Stores the disposable, or disposes it if the slot was already disposed.
    /// Returns false when the slot already held one (a programming error upstream).
    @inlinable @discardableResult
    internal func set(_ disposable: Disposable) -> Bool {
        let outcome = state.withLock { state -> Int in
            switch state {
            case .empty: state = .holding(disposable); return 0
            case .disposed: return 1
            case .holding: return 2
            }
        }
        if outcome == 1 { disposable.dispose() }
        return outcome != 2
    }

    @inlinable
    internal func dispose() {
        let previous = state.withLock { state -> State in
            defer { state = .disposed }
            return state
        }
        if case .holding(let disposable) = previous { disposable.dispose() }
    }

    @inlinable
    internal var isDisposed: Bool {
        state.withLock { if case .disposed = $0 { return true } else { return false } }
    }
}
