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
        insert(disposables)
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds the disposables the builder lists: `bag.insert { a; b }`.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// A bag that already holds `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag that already holds `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// A bag that holds the disposables the builder lists: `DisposeBag { a; b }`.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Lists disposables one a line, for `DisposeBag { … }` and `insert { … }`.
    @resultBuilder
    public enum DisposableBuilder {
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
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
