/// The ticks behind `SchedulerType`'s default `schedulePeriodic`: one object per
/// periodic schedule, which schedules itself as the state of each tick, so that a
/// tick allocates only what the scheduler needs for one relative schedule.
///
/// Ticks run one after another (each is scheduled by the one before), so `state` is
/// only ever touched by one of them at a time. The object is held by the tick
/// scheduled next and holds it through `current`: disposing `current` drops that
/// tick, which releases the object, its action and whatever the action captured.
internal final class PeriodicRescheduling<Scheduler: SchedulerType, State>: @unchecked Sendable {
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private let action: (State) -> State
    @exclusivity(unchecked) private var state: State
    private let current = SerialDisposable()

    init(scheduler: Scheduler, state: State, period: RxTimeInterval, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.state = state
        self.period = period
        self.action = action
    }

    /// Schedules the first tick; the result stops the ticks.
    func start(after delay: RxTimeInterval) -> Disposable {
        schedule(after: delay)
        return current
    }

    private func schedule(after delay: RxTimeInterval) {
        // The object is the action's state: the action captures nothing.
        current.disposable = scheduler.scheduleRelative(self, dueTime: delay) { ticks in
            ticks.tick()
            return NopDisposable()
        }
    }

    private func tick() {
        state = action(state)
        schedule(after: period)
    }
}
