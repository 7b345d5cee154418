import Dispatch
import FoundationEssentials

@usableFromInline
internal enum TimedCommand<Element> {
    case source(Event<Element>)
    case timer(id: UInt64)
}

extension ObservableType {
    /// Shifts elements and completion later by `dueTime`; errors are not delayed
    /// (elements still waiting are dropped), as in RxSwift.
    @inlinable
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            DelaySink(downstream: observer, dueTime: dueTime, scheduler: scheduler).run(source)
        }
    }

    /// Subscribes to the source only after `dueTime`.
    @inlinable
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let subscription = SerialDisposable()
            subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                let upstream = SingleAssignmentDisposable()
                subscription.disposable = upstream
                source.run(observer, into: upstream)
                return NopDisposable()
            }
            return subscription
        }
    }
}

/// Delays events through one queue and one scheduled drain at a time, as RxSwift
/// does: each drain delivers the oldest event, then waits what is left of the next
/// one's delay. The source is released as soon as it ends.
@usableFromInline
internal final class DelaySink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let dueTime: RxTimeInterval
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let drainWork = SerialDisposable()
    /// Events waiting, with when each arrived.
    @exclusivity(unchecked) @usableFromInline internal var waiting = ElementQueue<(arrived: RxTime, event: Event<Element>)>()
    /// A drain is scheduled.
    @exclusivity(unchecked) @usableFromInline internal var active = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    func run(_ source: Observable<Element>) -> Disposable {
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: upstream)
        return self
    }

    @inlinable
    func dispose() {
        upstream.dispose()
        drainWork.dispose()
    }

    @inlinable
    internal func process(_ command: TimedCommand<Element>) {
        guard !stopped else { return }
        switch command {
        case .source(let event):
            if event.isStopEvent { upstream.dispose() }
            if case .error(let error) = event {
                // Errors are not delayed; the events still waiting are dropped.
                stop(.error(error))
                return
            }
            waiting.append((scheduler.now, event))
            if !active {
                active = true
                scheduleDrain(after: dueTime)
            }
        case .timer:
            deliverOldest()
        }
    }

    @inlinable
    internal func scheduleDrain(after delay: RxTimeInterval) {
        // The sink travels as the action's state: the action captures nothing.
        drainWork.disposable = scheduler.scheduleRelative(self, dueTime: delay) { sink in
            sink.submit(.timer(id: 0), to: sink) { $0.process($1) }
            return NopDisposable()
        }
    }

    @inlinable
    internal func deliverOldest() {
        guard !waiting.isEmpty else {
            active = false
            return
        }
        let event = waiting.removeFirst().event
        if event.isStopEvent { return stop(event) }
        downstream.on(event)
        guard !stopped else { return }
        guard let next = waiting.first else {
            active = false
            return
        }
        // What is left of the next event's delay; a turn of the scheduler if none.
        let elapsed = scheduler.now.timeIntervalSince(next.arrived)
        let remaining = max(0, dueTime.rxSeconds - elapsed)
        scheduleDrain(after: .nanoseconds(Int((remaining * 1e9).rounded())))
    }

    @inlinable
    internal func stop(_ event: Event<Element>) {
        stopped = true
        waiting.removeAll()
        downstream.on(event)
        dispose()
    }
}
