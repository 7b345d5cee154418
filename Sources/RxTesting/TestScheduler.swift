import RxCore
import FoundationEssentials

/// A scheduler whose clock only moves when the test moves it, so that tests can
/// assert exact timelines (what RxTest's `TestScheduler` gives RxSwift users).
///
/// Use from one thread: the test's.
///
/// Conventions, as in RxTest: `start()` creates the observable under test at 100,
/// subscribes at 200 and disposes at 1000; one tick is `resolution` seconds (1 by
/// default), so `.seconds(5)` is 5 ticks. Work that an operator schedules for now
/// (or the past) runs one tick later, as if processing it took time
/// (`simulateProcessingDelay`, on by default as in RxTest): a timeline then shows
/// where an operator hopped through the scheduler, and recursive scheduling moves the
/// clock on instead of looping at one instant. `scheduleAt`, `scheduleAbsolute` and
/// the test observables keep their exact times.
public final class TestScheduler: SchedulerType, @unchecked Sendable {
    public struct Defaults {
        public static let created: TestTime = 100
        public static let subscribed: TestTime = 200
        public static let disposed: TestTime = 1000
    }

    // The scheduler is used from one thread, so its state is not checked for
    // exclusivity at run time.

    /// The current virtual time.
    @exclusivity(unchecked) public private(set) var clock: TestTime
    /// Seconds per tick.
    public let resolution: Double
    @exclusivity(unchecked) private var queue = VirtualTimeWorkQueue(ordering: ComparableTimeOrdering<TestTime>())
    @exclusivity(unchecked) private var isRunning = false
    private let simulateProcessingDelay: Bool

    /// - Parameter simulateProcessingDelay: when true, work scheduled through
    ///   `schedule` or `scheduleRelative` for now or earlier runs at `clock + 1`;
    ///   when false, at `clock`.
    public init(initialClock: TestTime = 0, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        clock = initialClock
        self.resolution = resolution
        self.simulateProcessingDelay = simulateProcessingDelay
    }

    // MARK: SchedulerType

    public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

    /// Converts an interval to ticks, rounding to the nearest tick.
    public func ticks(_ interval: RxTimeInterval) -> TestTime {
        let seconds = interval.rxSeconds
        guard seconds.isFinite else { return .max }
        return TestTime((seconds / resolution).rounded())
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsolute(state, time: adjustedTime(clock), action: action)
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let delay = ticks(dueTime)
        let time = delay == .max ? TestTime.max : clock + delay
        return scheduleAbsolute(state, time: adjustedTime(time), action: action)
    }

    /// When work that was asked for at `time` runs: one tick from now for now or the
    /// past, when processing delay is simulated.
    public func adjustedTime(_ time: TestTime) -> TestTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Schedules `action` at virtual time `time`. A time in the past runs before
    /// anything due now, without moving the clock back.
    @discardableResult
    public func scheduleAbsolute<StateType>(_ state: StateType, time: TestTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        queue.schedule(state, at: time, action: action)
    }

    /// Runs `action` at virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        scheduleAbsolute((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    // MARK: Running

    /// Runs everything scheduled, in time order, until nothing is left or `stop()`.
    public func start() {
        isRunning = true
        while isRunning, let (due, item) = queue.pop() {
            // Disposed work moves no clock, as in RxSwift's RxTest.
            _ = item.run { if due > clock { clock = due } }
        }
        isRunning = false
    }

    /// Stops `start()` after the current item.
    public func stop() { isRunning = false }

    /// Runs everything due up to and including `time`, then sets the clock to `time`.
    public func advanceTo(_ time: TestTime) {
        precondition(time >= clock, "advanceTo: cannot go back in time")
        isRunning = true
        while isRunning, let due = queue.firstTime, due <= time {
            let item = queue.pop()!.item
            _ = item.run { if due > clock { clock = due } }
        }
        isRunning = false
        clock = time
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ ticks: TestTime) { clock += ticks }

    // MARK: Test observables and observers

    /// An observable that emits `events` at their absolute times, whoever listens.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(scheduler: self, events: events)
    }

    /// An observable that emits `events` at times relative to each subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(scheduler: self, events: events)
    }

    /// An observer that records what it receives, with the virtual time.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates the observable at `created`, subscribes at `subscribed`, disposes at
    /// `disposed`, runs the clock, and returns what was received.
    public func start<Element, Sequence: ObservableConvertibleType>(
        created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> Sequence
    ) -> TestableObserver<Element> where Sequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source!.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// Like `start(created:subscribed:disposed:create:)` with the default times and
    /// disposal at `disposed`.
    public func start<Element, Sequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> Sequence
    ) -> TestableObserver<Element> where Sequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// Like `start(created:subscribed:disposed:create:)` with the default times.
    public func start<Element, Sequence: ObservableConvertibleType>(
        _ create: @escaping () -> Sequence
    ) -> TestableObserver<Element> where Sequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
