/// Holds a disposable that is set exactly once, possibly after disposal was asked.
///
/// If it is disposed before the disposable is set, the disposable is disposed as
/// soon as it is set. Setting it twice is a programming error and traps with a
/// message, as in RxSwift. Thread-safe.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline
    internal let slot = DisposableSlot()

    public init() { Resources.incrementTotal() }
    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { slot.isDisposed }

    /// Sets the disposable. Traps if one was already set.
    public func setDisposable(_ disposable: Disposable) {
        guard slot.set(disposable) else {
            preconditionFailure("SingleAssignmentDisposable: a disposable was already assigned")
        }
    }

    public func dispose() { slot.dispose() }
}
