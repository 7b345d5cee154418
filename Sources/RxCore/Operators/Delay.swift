@usableFromInline
internal enum TimedCommand<Element> {
    case source(Event<Element>)
    case timer(id: UInt64)
    case deliver(Event<Element>)
}

extension ObservableType {
    /// Shifts elements and completion later by `dueTime`; errors are not delayed
    /// (elements still waiting are dropped), as in RxSwift.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            DelaySink(downstream: observer, dueTime: dueTime, scheduler: scheduler).run(source)
        }
    }

    /// Subscribes to the source only after `dueTime`.
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

private final class DelaySink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    private let downstream: AnyObserver<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let subscriptions = CompositeDisposable()
    private var stopped = false

    init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    deinit { Resources.decrementTotal() }

    func run(_ source: Observable<Element>) -> Disposable {
        let upstream = SingleAssignmentDisposable()
        subscriptions.insert(upstream)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: upstream)
        return self
    }

    func dispose() { subscriptions.dispose() }

    private func process(_ command: TimedCommand<Element>) {
        guard !stopped else { return }
        switch command {
        case .source(.error(let error)):
            stopped = true
            downstream.on(.error(error))
            subscriptions.dispose()
        case .source(let event):
            // One timer per event; the scheduler runs equal delays in order.
            let slot = SingleAssignmentDisposable()
            guard let key = subscriptions.insert(slot) else { return }
            slot.setDisposable(scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                self.subscriptions.remove(for: key)
                self.submit(.deliver(event), to: self) { $0.process($1) }
                return NopDisposable()
            })
        case .deliver(let event):
            if event.isStopEvent {
                stopped = true
                downstream.on(event)
                subscriptions.dispose()
            } else {
                downstream.on(event)
            }
        case .timer:
            break
        }
    }
}
