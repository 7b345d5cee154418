import Synchronization

/// Disposes what it holds when it is released, like RxSwift's `DisposeBag`.
///
/// Inserting into a bag is thread-safe. To dispose everything early, replace the
/// bag with a new one (`bag = DisposeBag()`).
public final class DisposeBag: @unchecked Sendable {
    private struct State {
        var disposables: [Disposable] = []
        var isDisposed = false
    }

    private let state = Locked(State())

    public init() { Resources.incrementTotal() }

    /// Adds a disposable; if the bag is being torn down, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isDisposed else { return false }
            state.disposables.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    deinit {
        let disposables = state.withLock { state -> [Disposable] in
            state.isDisposed = true
            defer { state.disposables = [] }
            return state.disposables
        }
        for disposable in disposables { disposable.dispose() }
        Resources.decrementTotal()
    }
}
