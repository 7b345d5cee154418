import Synchronization

/// A group of disposables disposed together, in insertion order. Thread-safe.
///
/// Adding to a disposed group disposes the newcomer at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// Identifies an entry so that it can be removed.
    public struct DisposeKey: Hashable, Sendable {
        @usableFromInline internal let value: UInt64
        @inlinable internal init(value: UInt64) { self.value = value }
    }

    // Under the lock; kept in the object rather than behind a `Locked`, whose
    // closures could only copy a disposable in (a copy of an existential goes
    // through the run time's witnesses and retains what it holds).
    @usableFromInline internal let lock = SpinLock()
    /// Removal by key is O(log n), so a group of n costs O(n log n) to empty in any order.
    @exclusivity(unchecked) @usableFromInline internal var entries = KeyedSlots<Disposable>()
    @exclusivity(unchecked) @usableFromInline internal var nextKey: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline internal var disposed = false

    public init() {
        Resources.incrementTotal()
    }

    public init(disposables: [Disposable]) {
        Resources.incrementTotal()
        for disposable in disposables {
            entries.append(disposable, for: nextKey)
            nextKey += 1
        }
    }

    public convenience init(_ disposables: Disposable...) {
        self.init(disposables: disposables)
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return disposed
    }

    /// The number of disposables held.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// Adds a disposable; returns nil (after disposing it) when the group is already disposed.
    @inlinable @discardableResult
    public func insert(_ disposable: consuming Disposable) -> DisposeKey? {
        lock.lock()
        guard !disposed else {
            lock.unlock()
            disposable.dispose()
            return nil
        }
        let key = nextKey
        nextKey += 1
        entries.append(consume disposable, for: key)
        lock.unlock()
        return DisposeKey(value: key)
    }

    /// Removes the entry and disposes it.
    public func remove(for key: DisposeKey) {
        lock.lock()
        guard let removed = entries.remove(key.value) else {
            lock.unlock()
            return
        }
        lock.unlock()
        removed.dispose()
    }

    public func dispose() {
        lock.lock()
        guard !disposed else {
            lock.unlock()
            return
        }
        disposed = true
        let taken = entries.removeAll()
        lock.unlock()
        for entry in taken { entry.dispose() }
    }
}
