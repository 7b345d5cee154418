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
        var entries: [(key: UInt64, disposable: Disposable)] = []
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
            initial.entries.append((initial.nextKey, disposable))
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
            state.entries.append((key, disposable))
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
        let removed = state.withLock { state -> Disposable? in
            // Recent entries are the likeliest to be removed: search from the end.
            guard let index = state.entries.lastIndex(where: { $0.key == key.value }) else { return nil }
            return state.entries.remove(at: index).disposable
        }
        removed?.dispose()
    }

    public func dispose() {
        let entries = state.withLock { state -> [(key: UInt64, disposable: Disposable)] in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            defer { state.entries = [] }
            return state.entries
        }
        for entry in entries { entry.disposable.dispose() }
    }
}
