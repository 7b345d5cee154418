import Synchronization

/// A group of disposables disposed together, in insertion order. Thread-safe.
///
/// Adding to a disposed group disposes the newcomer at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// Identifies an entry so that it can be removed.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct State {
        /// Removal by key is O(log n), so a group of n costs O(n log n) to empty in any order.
        var entries = KeyedSlots<Disposable>()
        var nextKey: UInt64 = 0
        var isDisposed = false
    }

    private let state: Locked<State>

    public init() {
        Resources.incrementTotal()
        state = Locked(State())
    }

    public init(disposables: [Disposable]) {
        Resources.incrementTotal()
        var initial = State()
        for disposable in disposables {
            initial.entries.append(disposable, for: initial.nextKey)
            initial.nextKey += 1
        }
        state = Locked(initial)
    }

    public convenience init(_ disposables: Disposable...) {
        self.init(disposables: disposables)
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The number of disposables held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Adds a disposable; returns nil (after disposing it) when the group is already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = state.withLock { state -> UInt64? in
            guard !state.isDisposed else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.entries.append(disposable, for: key)
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the entry and disposes it.
    public func remove(for key: DisposeKey) {
        let removed = state.withLock { state in state.entries.remove(key.value) }
        removed?.dispose()
    }

    public func dispose() {
        let entries = state.withLock { state -> [Disposable] in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            return state.entries.removeAll()
        }
        for entry in entries { entry.dispose() }
    }
}
