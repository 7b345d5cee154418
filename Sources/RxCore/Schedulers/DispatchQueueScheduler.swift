import Dispatch
import FoundationEssentials

/// Schedules work on a Dispatch queue; shared by the serial and concurrent schedulers.
@usableFromInline
internal struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledWork(state: state, action: action)
        queue.async { work.run() }
        return work
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        // A timer source, not `asyncAfter`: cancelling it lets go of the action at
        // once, where a cancelled `asyncAfter` would hold it until the deadline.
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = ScheduledWork(state: state, action: action, timer: timer)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        timer.setEventHandler { work.run() }
        timer.resume()
        return work
    }

    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let periodic = PeriodicWork(state: state, action: action, timer: timer)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        timer.setEventHandler { periodic.tick() }
        timer.resume()
        return periodic
    }
}

/// One scheduled action; disposing it before it runs cancels it and lets go of the
/// action at once; disposing it after disposes what the action returned. Thread-safe.
private final class ScheduledWork<State>: Cancelable, @unchecked Sendable {
    private let lock = SpinLock()
    // Guarded by `lock`; taken once, by `run` or by `dispose`.
    private var payload: (state: State, action: (State) -> Disposable)?
    private let result = SingleAssignmentDisposable()
    /// For relative work: the one-shot timer whose handler holds this work until
    /// it is cancelled.
    private let timer: DispatchSourceTimer?

    init(state: State, action: @escaping (State) -> Disposable, timer: DispatchSourceTimer? = nil) {
        Resources.incrementTotal()
        payload = (state, action)
        self.timer = timer
    }

    deinit { Resources.decrementTotal() }

    var isDisposed: Bool { result.isDisposed }

    func run() {
        timer?.cancel()
        guard let payload = takePayload(), !result.isDisposed else { return }
        result.setDisposable(payload.action(payload.state))
    }

    func dispose() {
        result.dispose()
        timer?.cancel()
        // Released outside the lock: the captures' deinits may do anything.
        _ = takePayload()
    }

    private func takePayload() -> (state: State, action: (State) -> Disposable)? {
        lock.withLock {
            defer { payload = nil }
            return payload
        }
    }
}

/// A periodic timer; disposing it cancels the timer. Thread-safe.
private final class PeriodicWork<State>: Cancelable, @unchecked Sendable {
    // Touched only by the timer's queue, which runs one tick at a time.
    private var state: State
    private let action: (State) -> State
    private let timer: DispatchSourceTimer
    private let cancelled = BooleanDisposable()

    init(state: State, action: @escaping (State) -> State, timer: DispatchSourceTimer) {
        Resources.incrementTotal()
        self.state = state
        self.action = action
        self.timer = timer
    }

    deinit { Resources.decrementTotal() }

    var isDisposed: Bool { cancelled.isDisposed }

    func tick() {
        guard !cancelled.isDisposed else { return }
        state = action(state)
    }

    func dispose() {
        guard !cancelled.isDisposed else { return }
        cancelled.dispose()
        timer.setEventHandler(handler: nil)
        timer.cancel()
    }
}

/// Runs work in order, one item at a time, on a serial Dispatch queue.
/// Thread-safe: schedule from any thread.
public struct SerialDispatchQueueScheduler: SchedulerType, Sendable {
    @usableFromInline internal let configuration: DispatchQueueConfiguration

    /// The queue the work runs on.
    public var queue: DispatchQueue { configuration.queue }

    /// Uses `queue`, which must be serial for the scheduler's promise to hold.
    public init(serialQueue queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Creates a new serial queue with the given label.
    public init(internalSerialQueueName: String, qos: DispatchQoS = .default, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, qos: qos), leeway: leeway)
    }

    /// Creates a new serial queue with the given quality of service.
    public init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(internalSerialQueueName: "rx.serial.\(qos.qosClass)", qos: qos, leeway: leeway)
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

/// Runs work on a concurrent Dispatch queue: items may run at the same time on
/// different threads. Operators still deliver each subscription's events serially.
public struct ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
    @usableFromInline internal let configuration: DispatchQueueConfiguration

    public var queue: DispatchQueue { configuration.queue }

    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    public init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
