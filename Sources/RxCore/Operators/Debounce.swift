import Dispatch
import FoundationEssentials

extension ObservableType {
    /// Emits an element only after `dueTime` passes without another one; a pending
    /// element is emitted before completion.
    @inlinable
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            DebounceSink(downstream: observer, dueTime: dueTime, scheduler: scheduler).run(source)
        }
    }

    /// Emits the first element, then at most one element per `dueTime`: with
    /// `latest`, the last element of each window is emitted when the window closes.
    @inlinable
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            ThrottleSink(downstream: observer, dueTime: dueTime, latest: latest, scheduler: scheduler).run(source)
        }
    }
}

@usableFromInline
internal final class DebounceSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let dueTime: RxTimeInterval
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let timer = SerialDisposable()
    @exclusivity(unchecked) @usableFromInline internal var pending: Element?
    @exclusivity(unchecked) @usableFromInline internal var pendingID: UInt64 = 0
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
        timer.dispose()
        upstream.dispose()
    }

    @inlinable
    internal func process(_ command: TimedCommand<Element>) {
        guard !stopped else { return }
        switch command {
        case .source(.next(let element)):
            pending = element
            pendingID += 1
            let id = pendingID
            // The sink and id travel as the action's state, so the action captures
            // nothing and scheduling allocates no context for it.
            timer.disposable = scheduler.scheduleRelative((self, id), dueTime: dueTime) { state in
                state.0.submit(.timer(id: state.1), to: state.0) { $0.process($1) }
                return NopDisposable()
            }
        case .timer(let id):
            guard id == pendingID, let element = pending else { return }
            pending = nil
            downstream.on(.next(element))
        case .source(.completed):
            stopped = true
            timer.dispose()
            if let element = pending { downstream.on(.next(element)) }
            downstream.on(.completed)
        case .source(.error(let error)):
            stopped = true
            timer.dispose()
            downstream.on(.error(error))
        }
    }
}

@usableFromInline
internal final class ThrottleSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let dueTime: RxTimeInterval
    @usableFromInline internal let latest: Bool
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let timer = SerialDisposable()
    @exclusivity(unchecked) @usableFromInline internal var lastSent: Date?
    @exclusivity(unchecked) @usableFromInline internal var unsent: Element?
    @exclusivity(unchecked) @usableFromInline internal var timerScheduled = false
    @exclusivity(unchecked) @usableFromInline internal var completePending = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.dueTime = dueTime
        self.latest = latest
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
        timer.dispose()
        upstream.dispose()
    }

    @inlinable
    internal func process(_ command: TimedCommand<Element>) {
        guard !stopped else { return }
        switch command {
        case .source(.next(let element)):
            let now = scheduler.now
            let elapsed = lastSent.map { now.timeIntervalSince($0) } ?? .infinity
            if elapsed >= dueTime.rxSeconds {
                lastSent = now
                unsent = nil
                downstream.on(.next(element))
            } else if latest {
                unsent = element
                if !timerScheduled {
                    timerScheduled = true
                    let remaining = max(0, dueTime.rxSeconds - elapsed)
                    timer.disposable = scheduler.scheduleRelative(self, dueTime: .nanoseconds(Int(remaining * 1_000_000_000))) { sink in
                        sink.submit(.timer(id: 0), to: sink) { $0.process($1) }
                        return NopDisposable()
                    }
                }
            }
        case .timer:
            timerScheduled = false
            if let element = unsent {
                unsent = nil
                lastSent = scheduler.now
                downstream.on(.next(element))
            }
            if completePending {
                stopped = true
                downstream.on(.completed)
            }
        case .source(.completed):
            if unsent != nil && timerScheduled {
                completePending = true
            } else {
                stopped = true
                timer.dispose()
                downstream.on(.completed)
            }
        case .source(.error(let error)):
            stopped = true
            timer.dispose()
            downstream.on(.error(error))
        }
    }
}
