extension ObservableType {
    /// Passes events on for `duration` after subscription, then completes.
    @inlinable
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            TimeSpanSink(downstream: observer, completesAtTheEnd: true).run(source, duration: duration, scheduler: scheduler)
        }
    }

    /// The earlier spelling of `take(for:scheduler:)`.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    @inlinable
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }

    /// Drops the elements that arrive within `duration` of subscription; terminal
    /// events pass whenever they come.
    @inlinable
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            TimeSpanSink(downstream: observer, completesAtTheEnd: false).run(source, duration: duration, scheduler: scheduler)
        }
    }
}

/// The window of `take(for:)` and `skip(_:scheduler:)`: one timer, started before
/// the source is subscribed, that ends the result (take) or opens the gate (skip).
@usableFromInline
internal final class TimeSpanSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let completesAtTheEnd: Bool
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let timer = SingleAssignmentDisposable()
    @exclusivity(unchecked) @usableFromInline internal var windowEnded = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<Element>, completesAtTheEnd: Bool) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.completesAtTheEnd = completesAtTheEnd
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    func run(_ source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        timer.setDisposable(scheduler.scheduleRelative((), dueTime: duration) { _ in
            self.submit(.timer(id: 0), to: self) { $0.process($1) }
            return NopDisposable()
        })
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
        case .timer:
            windowEnded = true
            if completesAtTheEnd { stop(.completed) }
        case .source(.next(let element)):
            // take passes elements until the window ends; skip from then on.
            if windowEnded != completesAtTheEnd { downstream.on(.next(element)) }
        case .source(let event):
            stop(event)
        }
    }

    @inlinable
    internal func stop(_ event: Event<Element>) {
        stopped = true
        downstream.on(event)
        dispose()
    }
}
