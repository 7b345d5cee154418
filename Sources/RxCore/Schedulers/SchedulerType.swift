import Dispatch
import FoundationEssentials

/// A time span for schedulers, as in RxSwift 6.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time for schedulers.
public typealias RxTime = Date

/// Runs work, now or as soon as it can. Every scheduler of the core accepts work
/// from any thread, except `TestScheduler`, which belongs to the test's thread.
public protocol ImmediateSchedulerType {
    /// Schedules `action` with `state`; disposing the result cancels it if it has not run.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// Runs work at a time: the clock operators such as `delay` and `debounce` need.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of the current time.
    var now: RxTime { get }

    /// Schedules `action` after `dueTime`.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Schedules `action` periodically, threading its state from one run to the next.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable
}

extension ImmediateSchedulerType {
    /// Schedules a state-less action.
    @inlinable
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
        schedule(()) { _ in
            action()
            return NopDisposable()
        }
    }

    /// Schedules `action`, which may ask to run again with a new state by calling
    /// its second argument. Disposing the result stops the recursion.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let recursion = RecursiveScheduling(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

extension SchedulerType {
    /// Default periodic scheduling built from relative scheduling: each tick runs
    /// `action` and schedules the next one `period` after it.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        PeriodicRescheduling(scheduler: self, state: state, period: period, action: action).start(after: startAfter)
    }
}

/// The chain of work behind `scheduleRecursive`.
private final class RecursiveScheduling<State>: Disposable, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    /// Dropped on disposal: an action that refers to its own disposable would
    /// otherwise keep itself alive.
    private let action: Locked<((State, (State) -> Void) -> Void)?>
    private let current = SerialDisposable()

    init(scheduler: ImmediateSchedulerType, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = Locked(action)
    }

    func schedule(_ state: State) {
        guard !current.isDisposed else { return }
        current.disposable = scheduler.schedule(state) { [self] state in
            let action = self.action.withLock { UncheckedSendable($0) }.value
            if !current.isDisposed, let action { action(state, self.schedule) }
            return NopDisposable()
        }
    }

    func dispose() {
        current.dispose()
        action.withLock { $0 = nil }
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    public var rxSeconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in whole nanoseconds, saturated; `.never` is `Int.max`.
    public var rxNanoseconds: Int {
        switch self {
        case .seconds(let value): return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return .max
        @unknown default: return .max
        }
    }
}
