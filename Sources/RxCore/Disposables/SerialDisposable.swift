import Synchronization

/// Holds one disposable at a time; replacing it disposes the previous one.
/// Once disposed, any new disposable is disposed immediately. Thread-safe.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var isDisposed = false
    }

    private let state = Locked(State())

    public init() { Resources.incrementTotal() }
    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The current disposable. Setting it disposes the previous one (outside the lock).
    public var disposable: Disposable {
        get { state.withLock { $0.current } ?? NopDisposable() }
        set {
            let (previous, rejected) = state.withLock { state -> (Disposable?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.current = newValue }
                return (state.current, false)
            }
            previous?.dispose()
            if rejected { newValue.dispose() }
        }
    }

    public func dispose() {
        let previous = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        previous?.dispose()
    }
}
