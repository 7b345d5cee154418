import Synchronization

/// A resource that can be released: a subscription, scheduled work, a presented modal.
///
/// `dispose()` is idempotent and thread-safe for every disposable the core makes,
/// and may be called from inside a callback of the subscription it disposes.
public protocol Disposable: Sendable {
    func dispose()
}

/// A disposable that can say whether it was disposed.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}

/// The factory namespace, as in RxSwift. Everything it makes is thread-safe.
public enum Disposables {
    /// A disposable that does nothing.
    @inlinable
    public static func create() -> Disposable { NopDisposable() }

    /// A disposable that runs `dispose` once, the first time it is disposed.
    @inlinable
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        // Inlinable so that the caller sees the concrete type: a `Cancelable` made
        // here and turned into a `Disposable` there (`bag.insert(...)`) would be
        // re-wrapped through the run time's existential witnesses.
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both.
    @inlinable
    public static func create(_ first: Disposable, _ second: Disposable) -> Cancelable {
        BinaryDisposable(first, second)
    }

    /// A disposable that disposes all of them, in order.
    public static func create(_ first: Disposable, _ second: Disposable, _ third: Disposable, _ rest: Disposable...) -> Cancelable {
        CompositeDisposable(disposables: [first, second, third] + rest)
    }

    /// A disposable that disposes all of them, in order.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: return BinaryDisposable(disposables[0], disposables[1])
        default: return CompositeDisposable(disposables: disposables)
        }
    }
}

/// Does nothing when disposed. Thread-safe (it has no state).
@frozen
public struct NopDisposable: Disposable {
    @inlinable public init() {}
    @inlinable public func dispose() {}
}

/// Runs a closure once, on first disposal. Thread-safe.
public final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    // Only the thread that wins the exchange of `disposed` touches the action after
    // init, and it takes the action out, so that it runs exactly once and its
    // captures are released as soon as it has run. No lock, and no allocation
    // besides this object.
    @exclusivity(unchecked) private var action: (() -> Void)?
    private let disposed = Atomic<Bool>(false)

    public init(_ action: @escaping () -> Void) {
        Resources.incrementTotal()
        self.action = action
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Moved out, not copied: a copy would retain the closure's context only
        // to release it again when `action` is cleared.
        if let taken = action.take() { taken() }
    }
}

/// Disposes two disposables, once. Thread-safe.
public final class BinaryDisposable: Cancelable, @unchecked Sendable {
    private let parts: Locked<(Disposable, Disposable)?>

    @usableFromInline
    init(_ first: Disposable, _ second: Disposable) {
        Resources.incrementTotal()
        parts = Locked((first, second))
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { parts.withLock { $0 == nil } }

    public func dispose() {
        let taken = parts.withLock { slot -> (Disposable, Disposable)? in
            defer { slot = nil }
            return slot
        }
        guard let (first, second) = taken else { return }
        first.dispose()
        second.dispose()
    }
}

/// Flips a flag when disposed. Thread-safe.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
    private let disposed: Atomic<Bool>

    /// A disposable that starts disposed or not.
    public init(isDisposed: Bool = false) {
        Resources.incrementTotal()
        disposed = Atomic(isDisposed)
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() { disposed.store(true, ordering: .releasing) }
}

extension Disposable {
    /// Adds the disposable to a bag, which disposes it when the bag is released.
    @inlinable
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
