/// Runs work on the calling thread, after the work already running there.
///
/// Inside a subscription or another scheduled action, work is queued on the
/// thread's trampoline and runs when the outer work returns; otherwise it runs at
/// once. This is how RxSwift's `CurrentThreadScheduler` behaves, and what
/// synchronous producers such as `of` and `range` use by default.
public struct CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The scheduler (it has no state of its own).
    public static let instance = CurrentThreadScheduler()

    /// True when work scheduled now would run at once rather than be queued.
    public static var isScheduleRequired: Bool { !Trampoline.current.isActive }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Trampoline.current
        if trampoline.isActive {
            let item = ScheduledTrampolineItem(state: state, action: action)
            trampoline.enqueue(item)
            return item
        }
        let result = SingleAssignmentDisposable()
        Trampoline.run { result.setDisposable(action(state)) }
        return result
    }
}

/// Work queued on a trampoline; disposing it before it runs cancels it.
private final class ScheduledTrampolineItem<State>: TrampolineTask, Cancelable, @unchecked Sendable {
    private var state: State?
    private var action: ((State) -> Disposable)?
    private let result = SingleAssignmentDisposable()

    init(state: State, action: @escaping (State) -> Disposable) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool { result.isDisposed }

    func runTrampolined() {
        guard !result.isDisposed, let state, let action else { return }
        self.state = nil
        self.action = nil
        result.setDisposable(action(state))
    }

    func dispose() { result.dispose() }
}

/// Runs work at once, on the calling thread.
public struct ImmediateScheduler: ImmediateSchedulerType, Sendable {
    public static let instance = ImmediateScheduler()

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }
}
