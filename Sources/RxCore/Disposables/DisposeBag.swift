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
    @inlinable
    public func insert(_ disposable: consuming Disposable) {
        keep(disposable)
    }

    /// Adds a disposable; if the bag is being torn down, disposes it at once.
    ///
    /// What `Disposables.create { }` returns: opened and moved in, where converting
    /// it to a `Disposable` would copy it (a retain and a release through the run
    /// time's witnesses).
    @inlinable
    public func insert(_ disposable: consuming Cancelable) {
        keep(disposable)
    }

    /// Inlinable, so that the disposable moves in: a call across the module
    /// boundary would copy the existential it is given.
    @inlinable
    internal func keep<Held: Disposable>(_ disposable: consuming Held) {
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
        var disposables = self.disposables
        self.disposables = []
        // Each moved out and a do-nothing disposable left in its place: calling
        // through an existential in the array's storage copies it first (a retain
        // and a release through the run time's witnesses per disposable), while
        // one owned here is called where it is.
        disposables.withUnsafeMutableBufferPointer { held in
            guard let first = held.baseAddress else { return }
            for index in 0..<held.count {
                let disposable = (first + index).move()
                (first + index).initialize(to: NopDisposable())
                disposable.dispose()
            }
        }
        Resources.decrementTotal()
    }
}
