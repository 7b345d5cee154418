import FoundationEssentials

/// How a virtual clock's time relates to real time, for `VirtualTimeScheduler`.
public protocol VirtualTimeConverterType {
    associatedtype VirtualTimeUnit
    associatedtype VirtualTimeIntervalUnit

    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
    case lessThan
    case equal
    case greaterThan
}

/// A scheduler whose clock moves only when it runs what is scheduled, on a time of
/// `Converter`'s choosing (RxSwift's `VirtualTimeScheduler`; `HistoricalScheduler` runs
/// on dates). Use it from one thread; subclasses may override `adjustScheduledTime`.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    public typealias VirtualTime = Converter.VirtualTimeUnit
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    internal let converter: Converter
    /// The current virtual time.
    // Touched only by the scheduler's own thread (see above), so never checked for
    // exclusivity at run time.
    @exclusivity(unchecked) public private(set) var clock: VirtualTime
    @exclusivity(unchecked) private var queue: VirtualTimeWorkQueue<ConverterTimeOrdering<Converter>>
    @exclusivity(unchecked) private var running = false

    public init(initialClock: VirtualTime, converter: Converter) {
        clock = initialClock
        self.converter = converter
        queue = VirtualTimeWorkQueue(ordering: ConverterTimeOrdering(converter: converter))
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: time(after: dueTime)) { action(state) }
    }

    /// Runs `action` `startAfter` from now and then every `period`, each time with
    /// the state the run before returned: one item queued again after each run.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        enqueuePeriodic(state, at: time(after: startAfter), period: period, action: action)
    }

    /// Schedules `action` `dueTime` after the clock, in virtual units.
    public func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: converter.offsetVirtualTime(clock, offset: dueTime)) { action(state) }
    }

    /// Schedules `action` at virtual time `time`; one in the past runs next, without
    /// moving the clock back.
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: time) { action(state) }
    }

    // The work of scheduling, generic only over the converter (the action's state
    // is captured before): a subclass with a concrete converter gets it compiled
    // for that converter (see `HistoricalScheduler`).

    /// The virtual time `dueTime` from now, as `adjustScheduledTime` adjusts it.
    internal final func time(after dueTime: RxTimeInterval) -> VirtualTime {
        adjustScheduledTime(converter.convertToVirtualTime(now.addingTimeInterval(dueTime.rxSeconds)))
    }

    /// Queues `tick` for `time` and every `period` after it, until disposed.
    internal final func enqueuePeriodic<StateType>(_ state: StateType, at time: VirtualTime, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        // The state lives in the tick's context: one object for all the ticks.
        var state = state
        return queue.schedulePeriodic(at: time, period: period) {
            state = action(state)
            return NopDisposable()
        }
    }

    /// Queues `work` for `time` and returns its disposable.
    internal final func enqueue(at time: VirtualTime, _ work: @escaping () -> Disposable) -> Disposable {
        queue.schedule(at: time, work)
    }

    /// When work asked for at `time` runs; `time` itself unless a subclass says otherwise.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs everything scheduled, in time order, until nothing is left or `stop()`.
    public func start() {
        guard !running else { return }
        running = true
        while running, let (time, item) = queue.pop() {
            run(item, dueAt: time)
        }
        running = false
    }

    /// Stops `start()` or `advanceTo(_:)` after the current item.
    public func stop() { running = false }

    /// Runs everything due up to and including `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        precondition(!running, "advanceTo: the scheduler is already running")
        running = true
        while running, let due = queue.firstTime, converter.compareVirtualTime(due, virtualTime) != .greaterThan {
            let (time, item) = queue.pop()!
            run(item, dueAt: time)
        }
        clock = virtualTime
        running = false
    }

    /// Runs an item taken from the queue. The clock moves to its time unless it was
    /// disposed (as in RxSwift, work cancelled moves no clock), and a periodic item
    /// goes back into the queue a period after.
    internal final func run(_ item: VirtualTimeWorkQueue<ConverterTimeOrdering<Converter>>.Item, dueAt time: VirtualTime) {
        let again = item.run {
            if converter.compareVirtualTime(time, clock) == .greaterThan { clock = time }
        }
        if again, let period = item.period { queue.requeue(item, at: self.time(after: period)) }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let later = converter.offsetVirtualTime(clock, offset: virtualInterval)
        precondition(converter.compareVirtualTime(later, clock) != .lessThan, "sleep: cannot go back in time")
        clock = later
    }
}

/// A converter's order of virtual times, for the scheduler's queue.
internal struct ConverterTimeOrdering<Converter: VirtualTimeConverterType>: VirtualTimeOrdering {
    let converter: Converter
    func isEarlier(_ lhs: Converter.VirtualTimeUnit, than rhs: Converter.VirtualTimeUnit) -> Bool {
        converter.compareVirtualTime(lhs, rhs) == .lessThan
    }
}

/// Virtual time as dates: `HistoricalScheduler`'s clock.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    public typealias VirtualTimeUnit = RxTime
    public typealias VirtualTimeIntervalUnit = TimeInterval

    public init() {}
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
    }
}

/// A virtual-time scheduler whose clock is a date, for replaying what happened at
/// given moments (RxSwift's `HistoricalScheduler`). Use it from one thread.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }

    // Each of these does what the generic class does, but here, with the
    // converter's type known, the work is compiled for it, where through
    // `SchedulerType` it would run unspecialized and look generic metadata up on
    // every call.

    public override var now: RxTime { converter.convertFromVirtualTime(clock) }

    public override func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: time(after: .nanoseconds(0))) { action(state) }
    }

    public override func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: time(after: dueTime)) { action(state) }
    }

    public override func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        enqueuePeriodic(state, at: time(after: startAfter), period: period, action: action)
    }

    public override func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: converter.offsetVirtualTime(clock, offset: dueTime)) { action(state) }
    }

    public override func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        enqueue(at: time) { action(state) }
    }

    public override func start() { super.start() }

    public override func advanceTo(_ virtualTime: VirtualTime) { super.advanceTo(virtualTime) }

    public override func sleep(_ virtualInterval: VirtualTimeInterval) { super.sleep(virtualInterval) }
}
