extension ObservableType {
    /// Collects elements into arrays, emitting one when `count` elements are in it
    /// or `timeSpan` has passed since the last one went out, whichever comes first
    /// (an empty array when nothing came). Completion flushes what is left.
    @inlinable
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        precondition(count > 0, "buffer: count must be positive")
        let source = asObservable()
        return Observable { observer in
            BufferSink(downstream: observer, timeSpan: timeSpan, count: count, scheduler: scheduler).run(source)
        }
    }
}

/// One buffer and one timer per window; a window ends by count or by its timer,
/// and each window's timer knows its window so that a late one does nothing.
@usableFromInline
internal final class BufferSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<[Element]>
    @usableFromInline internal let timeSpan: RxTimeInterval
    @usableFromInline internal let count: Int
    @usableFromInline internal let scheduler: SchedulerType
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let timer = SerialDisposable()
    @exclusivity(unchecked) @usableFromInline internal var buffer: [Element] = []
    @exclusivity(unchecked) @usableFromInline internal var window: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    init(downstream: AnyObserver<[Element]>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init()
        buffer.reserveCapacity(Self.reservation(for: count))
    }

    deinit { Resources.decrementTotal() }

    /// Room made in each new buffer up front, so that filling a window by count does
    /// not grow the array step by step (seven reallocations and copies for 100); capped
    /// because a window that a timer ends may hold far fewer than a large count.
    @inlinable
    internal static func reservation(for count: Int) -> Int { Swift.min(count, 256) }

    /// The window's elements, leaving an empty buffer. A window that ended short of its
    /// reservation is copied into an array of its size, so that a subscriber keeping the
    /// arrays holds no more than twice what is in them, as plain appending would.
    @inlinable
    internal func takeBuffer() -> [Element] {
        let taken = buffer
        buffer = []
        if taken.count >= taken.capacity / 2 { return taken }
        // Array(taken) would share the storage; a fresh one is made to fit.
        var fitted: [Element] = []
        fitted.reserveCapacity(taken.count)
        fitted.append(contentsOf: taken)
        return fitted
    }

    @inlinable
    func run(_ source: Observable<Element>) -> Disposable {
        startTimer(for: 0)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: upstream)
        return self
    }

    @inlinable
    func dispose() {
        timer.dispose()
        upstream.dispose()
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
            if id == window { sendAndStartNewWindow() }
        case .source(.next(let element)):
            buffer.append(element)
            if buffer.count == count { sendAndStartNewWindow() }
        case .source(.error(let error)):
            stopped = true
            buffer = []
            downstream.on(.error(error))
            dispose()
        case .source(.completed):
            stopped = true
            downstream.on(.next(takeBuffer()))
            downstream.on(.completed)
            dispose()
        }
    }

    @inlinable
    internal func sendAndStartNewWindow() {
        window &+= 1
        let full = takeBuffer()
        buffer.reserveCapacity(Self.reservation(for: count))
        downstream.on(.next(full))
        if !stopped { startTimer(for: window) }
    }
}
