extension ObservableType {
    /// Splits the elements into windows, each an `Observable` of its own: a window
    /// closes when `count` elements went into it or `timeSpan` has passed since it
    /// opened, whichever comes first, and the next one opens at once. The first window
    /// opens at subscription. The source stays subscribed while the result or any
    /// window is, as in RxSwift; its end ends the open window and the result.
    @inlinable
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        precondition(count > 0, "window: count must be positive")
        let source = asObservable()
        return Observable { observer in
            WindowSink(downstream: observer, timeSpan: timeSpan, count: count, scheduler: scheduler).run(source)
        }
    }
}

/// One subject and one timer per window; each window's timer knows its window so
/// that a late one does nothing.
@usableFromInline
internal final class WindowSink<Element>: SerialDrain<TimedCommand<Element>>, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Observable<Element>>
    @usableFromInline internal let timeSpan: RxTimeInterval
    @usableFromInline internal let count: Int
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let timer = SerialDisposable()
    // Disposed once the result and every window subscriber are.
    @usableFromInline internal let refCount: RefCountDisposable
    @exclusivity(unchecked) @usableFromInline internal var current = PublishSubject<Element>()
    @exclusivity(unchecked) @usableFromInline internal var countInWindow = 0
    @exclusivity(unchecked) @usableFromInline internal var window: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<Observable<Element>>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        refCount = RefCountDisposable(disposable: BinaryDisposable(upstream, timer))
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    func run(_ source: Observable<Element>) -> Disposable {
        downstream.on(.next(observable(of: current)))
        startTimer(for: 0)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: upstream)
        return refCount
    }

    /// A window's subscribers keep the source subscribed.
    @inlinable
    internal func observable(of subject: PublishSubject<Element>) -> Observable<Element> {
        let refCount = refCount
        return Observable { member in
            BinaryDisposable(refCount.retain(), subject.asObservable().subscribeHandler(member))
        }
    }

    @inlinable
    internal func startTimer(for window: UInt64) {
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
            self.submit(.timer(id: window), to: self) { $0.process($1) }
            return NopDisposable()
        }
    }

    @inlinable
    internal func process(_ command: TimedCommand<Element>) {
        guard !stopped else { return }
        switch command {
        case .timer(let id):
            if id == window { closeWindowAndOpenNext() }
        case .source(.next(let element)):
            current.on(.next(element))
            countInWindow += 1
            if countInWindow == count { closeWindowAndOpenNext() }
        case .source(.error(let error)):
            end(window: .error(error), result: .error(error))
        case .source(.completed):
            end(window: .completed, result: .completed)
        }
    }

    @inlinable
    internal func end(window: Event<Element>, result: Event<Observable<Element>>) {
        stopped = true
        current.on(window)
        downstream.on(result)
        upstream.dispose()
        timer.dispose()
    }

    @inlinable
    internal func closeWindowAndOpenNext() {
        window &+= 1
        countInWindow = 0
        current.on(.completed)
        current = PublishSubject()
        downstream.on(.next(observable(of: current)))
        startTimer(for: window)
    }
}
