/// The state of a place that holds one disposable which may arrive after it was
/// asked to dispose: the core subscribes and stores the result, but events may
/// flow (and the subscription end) before the store happens.
///
/// Only the state transitions live here; each owner keeps the state in a field
/// next to a ``SpinLock`` and calls these under it, so that the slot costs no
/// allocation of its own. The disposable itself is always disposed *outside*
/// the lock, by the caller.
@usableFromInline
internal enum DisposableSlot {
    case empty
    case holding(Disposable)
    case disposed

    /// What a store did.
    @usableFromInline
    internal enum StoreOutcome {
        case stored
        /// The slot was disposed already: the caller must dispose the newcomer.
        case rejected
        /// The slot already held one (a programming error upstream).
        case occupied
    }

    @inlinable
    internal mutating func store(_ disposable: Disposable) -> StoreOutcome {
        switch self {
        case .empty:
            self = .holding(disposable)
            return .stored
        case .disposed:
            return .rejected
        case .holding:
            return .occupied
        }
    }

    /// Marks the slot disposed; returns what it held, for the caller to dispose.
    @inlinable
    internal mutating func takeForDisposal() -> Disposable? {
        defer { self = .disposed }
        if case .holding(let disposable) = self { return disposable }
        return nil
    }

    @inlinable
    internal var isDisposed: Bool {
        if case .disposed = self { return true }
        return false
    }
}
