/// Holds a disposable that is set exactly once, possibly after disposal was asked.
///
/// If it is disposed before the disposable is set, the disposable is disposed as
/// soon as it is set. Setting it twice is a programming error and traps with a
/// message, as in RxSwift. Thread-safe.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline internal let lock = SpinLock()
    @exclusivity(unchecked) @usableFromInline internal var slot = DisposableSlot.empty

    public init() { Resources.incrementTotal() }
    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { lock.withLock { slot.isDisposed } }

    /// Sets the disposable. Traps if one was already set.
    public func setDisposable(_ disposable: consuming Disposable) {
        lock.lock()
        switch slot.state {
        case .empty:
            slot.store(disposable)
            lock.unlock()
        case .disposed:
            lock.unlock()
            disposable.dispose()
        case .holding:
            lock.unlock()
            preconditionFailure("SingleAssignmentDisposable: a disposable was already assigned")
        }
    }

    public func dispose() {
        lock.lock()
        let held = slot.takeForDisposal()
        lock.unlock()
        held.dispose()
    }
}
