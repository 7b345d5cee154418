import Synchronization

/// Disposes what it holds once it has been disposed itself and every disposable
/// `retain()` handed out has been disposed too (RxSwift's `RefCountDisposable`).
/// Thread-safe.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var disposable: Disposable?
        var primaryDisposed = false
        var count = 0
    }

    private let state: Locked<State>

    public init(disposable: Disposable) {
        state = Locked(State(disposable: disposable))
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    /// Whether what it held has been disposed.
    public var isDisposed: Bool { state.withLock { $0.disposable == nil } }

    /// A disposable that holds the underlying one alive until it is disposed; once
    /// the underlying one is gone, one that does nothing.
    public func retain() -> Disposable {
        let retained = state.withLock { state -> Bool in
            guard state.disposable != nil else { return false }
            state.count += 1
            return true
        }
        guard retained else { return NopDisposable() }
        let released = Atomic<Bool>(false)
        return AnonymousDisposable { [self] in
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            release()
        }
    }

    public func dispose() {
        let held = state.withLock { state -> Disposable? in
            guard state.disposable != nil, !state.primaryDisposed else { return nil }
            state.primaryDisposed = true
            guard state.count == 0 else { return nil }
            defer { state.disposable = nil }
            return state.disposable
        }
        held?.dispose()
    }

    private func release() {
        let held = state.withLock { state -> Disposable? in
            guard state.disposable != nil else { return nil }
            state.count -= 1
            guard state.primaryDisposed, state.count == 0 else { return nil }
            defer { state.disposable = nil }
            return state.disposable
        }
        held?.dispose()
    }
}

/// Disposes what it holds on `scheduler` (RxSwift's `ScheduledDisposable`), for a
/// resource that must be released on a particular queue. Thread-safe.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    public let scheduler: ImmediateSchedulerType
    private let held: Locked<Disposable?>
    private let disposed = Atomic<Bool>(false)

    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        held = Locked(disposable)
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = scheduler.schedule(()) { [self] _ in
            let disposable = held.withLock { held -> Disposable? in
                defer { held = nil }
                return held
            }
            disposable?.dispose()
            return NopDisposable()
        }
    }
}
