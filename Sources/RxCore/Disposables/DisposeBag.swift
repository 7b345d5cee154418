import Synchronization

/// Disposes what it holds when it is released, like RxSwift's `DisposeBag`.
///
/// Inserting into a bag is thread-safe. To dispose everything early, replace the
/// bag with a new one (`bag = DisposeBag()`).
public final class DisposeBag: @unchecked Sendable {
    // Under the lock; kept in the object rather than behind a `Locked`, which
    // would allocate its state separately.
    @usableFromInline internal let lock = SpinLock()
    @exclusivity(unchecked) @usableFromInline internal var disposables: [Disposable] = []
    @exclusivity(unchecked) @usableFromInline internal var isDisposed = false

    public init() { Resources.incrementTotal() }

    /// Adds a disposable; if the bag is being torn down, disposes it at once.
    /// Inlinable, so that the disposable moves in: a call across the module
    /// boundary would copy the existential it is given.
    @inlinable
    public func insert(_ disposable: consuming Disposable) {
        // Taken, not borrowed: the bag keeps the caller's disposable without copying
        // it (a copy of an existential goes through the run time's witnesses).
        lock.lock()
        guard !isDisposed else {
            lock.unlock()
            disposable.dispose()
            return
        }
        // Room for a few at once: most bags hold a handful.
        if disposables.capacity == 0 { disposables.reserveCapacity(4) }
        disposables.append(consume disposable)
        lock.unlock()
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
        // No other reference is left, so nothing else can be inserting.
        isDisposed = true
        let disposables = self.disposables
        self.disposables = []
        // Each called where it lies, rather than copied out first.
        disposables.withUnsafeBufferPointer { held in
            for index in held.indices { held[index].dispose() }
        }
        Resources.decrementTotal()
    }
}
