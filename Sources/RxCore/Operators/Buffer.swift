extension ObservableType {
    /// Collects elements into arrays, emitting one when `count` elements are in it
    /// or `timeSpan` has passed since the last one went out, whichever comes first
    /// (an empty array when nothing came). Completion flushes what is left.
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
private final class BufferSink<Element>: SerialDrain<TimedCommand<Element>>, Disposable, @unchecked Sendable {
    private let downstream: AnyObserver<[Element]>
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let upstream = SingleAssignmentDisposable()
    private let timer = SerialDisposable()
    private var buffer: [Element] = []
    private var window: UInt64 = 0
    private var stopped = false

    init(downstream: AnyObserver<[Element]>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init()
    }

    deinit { Resources.decrementTotal() }

    func run(_ source: Observable<Element>) -> Disposable {
        startTimer(for: 0)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: upstream)
        return self
    }

    func dispose() {
        timer.dispose()
        upstream.dispose()
    }

    private func startTimer(for window: UInt64) {
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
            self.submit(.timer(id: window), to: self) { $0.process($1) }
            return NopDisposable()
        }
    }

    private func process(_ command: TimedCommand<Element>) {
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
            downstream.on(.next(buffer))
            downstream.on(.completed)
            dispose()
        }
    }

    private func sendAndStartNewWindow() {
        window &+= 1
        let full = buffer
        buffer = []
        downstream.on(.next(full))
        if !stopped { startTimer(for: window) }
    }
}
