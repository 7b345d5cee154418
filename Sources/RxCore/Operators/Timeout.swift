extension ObservableType {
    /// Fails with `RxError.timeout` if `dueTime` passes without an event, counting
    /// from subscription and then from each element.
    @inlinable
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` if `dueTime` passes without an event.
    @inlinable
    public func timeout<Other: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType) -> Observable<Element> where Other.Element == Element {
        let source = asObservable(), other = other.asObservable()
        return Observable { observer in
            TimeoutSink(downstream: observer, dueTime: dueTime, other: other, scheduler: scheduler).run(source)
        }
    }
}

@usableFromInline
internal final class TimeoutSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let dueTime: RxTimeInterval
    @usableFromInline internal let other: Observable<Element>
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SerialDisposable()
    @usableFromInline internal let timer = SerialDisposable()
    @exclusivity(unchecked) @usableFromInline internal var timerID: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline internal var switched = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    func run(_ source: Observable<Element>) -> Disposable {
        submit(.timer(id: UInt64.max), to: self) { $0.process($1) }   // arms the first timer, serialized
        let slot = SingleAssignmentDisposable()
        upstream.disposable = slot
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: slot)
        return self
    }

    @inlinable
    func dispose() {
        timer.dispose()
        upstream.dispose()
    }

    @inlinable
    internal func arm() {
        timerID += 1
        let id = timerID
        timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.submit(.timer(id: id), to: self) { $0.process($1) }
            return NopDisposable()
        }
    }

    @inlinable
    internal func process(_ command: TimedCommand<Element>) {
        guard !stopped, !switched else { return }
        switch command {
        case .timer(id: UInt64.max):
            arm()
        case .timer(let id):
            guard id == timerID else { return }
            switched = true
            let slot = SingleAssignmentDisposable()
            upstream.disposable = slot
            other.run(downstream, into: slot)
        case .source(let event):
            if event.isStopEvent {
                stopped = true
                timer.dispose()
                downstream.on(event)
            } else {
                downstream.on(event)
                arm()
            }
        }
    }
}
