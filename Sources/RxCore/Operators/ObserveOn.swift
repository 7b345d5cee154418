import Dispatch
import Synchronization

extension ObservableType {
    /// Delivers events on `scheduler`, in order, one at a time.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            let queue = serial.queue
            return Observable { observer in
                ObserveOnSerialQueueSink(downstream: observer, queue: queue).run(source)
            }
        }
        // A concurrent dispatch queue keeps no order between blocks, so a turn there
        // is not a moment other work could take place in: such turns deliver every
        // event queued by then, where others (a virtual clock's) deliver one each.
        let batches = scheduler is ConcurrentDispatchQueueScheduler
        return Observable { observer in
            ObserveOnSink(downstream: observer, scheduler: scheduler, deliversQueuedEventsTogether: batches).run(source)
        }
    }

    /// Subscribes to the source, and disposes that subscription, on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // This very sequence is subscribed, as in RxSwift, not its `asObservable()`:
        // for a test observable, that decides whether its subscription ends at its own
        // completion or at the scheduled disposal.
        let source = UncheckedSendable(self)
        return Observable { observer in
            let subscription = SerialDisposable()
            let scheduled = SingleAssignmentDisposable()
            subscription.disposable = scheduled
            scheduled.setDisposable(scheduler.schedule(()) { _ in
                let upstream = SingleAssignmentDisposable()
                upstream.setDisposable(source.value.subscribe(observer))
                subscription.disposable = AnonymousDisposable {
                    _ = scheduler.schedule(()) { _ in
                        upstream.dispose()
                        return NopDisposable()
                    }
                }
                return NopDisposable()
            })
            return subscription
        }
    }
}

/// Delivers events on a serial dispatch queue: each event is queued there as it
/// arrives, and the queue, first in first out and one block at a time, keeps
/// their order. A scheduled turn that asks for the next one, as below, would wait
/// for a whole hop of the queue per event; queued at once, the events stream
/// through it as fast as the queue takes blocks (RxSwift does the same for a
/// serial dispatch queue scheduler).
private final class ObserveOnSerialQueueSink<Element>: Disposable, @unchecked Sendable {
    private let downstream: AnyObserver<Element>
    private let queue: DispatchQueue
    private let disposed = Atomic<Bool>(false)
    private let upstream = SingleAssignmentDisposable()

    init(downstream: AnyObserver<Element>, queue: DispatchQueue) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.queue = queue
    }

    deinit { Resources.decrementTotal() }

    func run(_ source: Observable<Element>) -> Disposable {
        source.run(AnyObserver(eventHandler: on), into: upstream)
        return self
    }

    private func on(_ event: Event<Element>) {
        guard !disposed.load(ordering: .relaxed) else { return }
        let boxed = UncheckedSendable(event)
        queue.async { self.deliver(boxed.value) }
    }

    /// On the queue: events queued before a disposal are dropped, not delivered.
    private func deliver(_ event: Event<Element>) {
        guard !disposed.load(ordering: .acquiring) else { return }
        downstream.on(event)
        if event.isStopEvent { dispose() }
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        upstream.dispose()
    }
}

/// Queues events and delivers them one per scheduled action, as RxSwift does: each
/// event is its own turn of the scheduler, so other work queued there runs between
/// two events, and a virtual clock shows one tick per event.
///
/// Each turn schedules the next, so only the newest turn needs cancelling on
/// dispose, and a turn's disposable is kept only if no later turn has been
/// scheduled meanwhile. (Storing each into one serial slot let the thread that
/// scheduled a turn store it after that turn had already run and scheduled the
/// next: the late store cancelled the next turn, and with it every event after,
/// for good — on a concurrent scheduler within seconds.)
private final class ObserveOnSink<Element>: Disposable, @unchecked Sendable {
    private struct State {
        var queue = ElementQueue<Event<Element>>()
        var isDraining = false
        var isDisposed = false
        /// How many turns were scheduled, and the newest one's disposable.
        var turns: UInt64 = 0
        var newestTurn: Disposable?
    }

    private let downstream: AnyObserver<Element>
    private let scheduler: ImmediateSchedulerType
    private let state = Locked(State())
    private let upstream = SingleAssignmentDisposable()
    /// Whether a turn delivers everything queued, or one event.
    private let deliversQueuedEventsTogether: Bool

    init(downstream: AnyObserver<Element>, scheduler: ImmediateSchedulerType, deliversQueuedEventsTogether: Bool) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.scheduler = scheduler
        self.deliversQueuedEventsTogether = deliversQueuedEventsTogether
    }

    deinit { Resources.decrementTotal() }

    func run(_ source: Observable<Element>) -> Disposable {
        source.run(AnyObserver(eventHandler: on), into: upstream)
        return self
    }

    private func on(_ event: Event<Element>) {
        let boxed = UncheckedSendable(event)
        let startDrain = state.withLock { state -> Bool in
            guard !state.isDisposed else { return false }
            state.queue.append(boxed.value)
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startDrain { scheduleTurn() }
    }

    private func scheduleTurn() {
        let number = state.withLock { state -> UInt64 in
            state.turns += 1
            return state.turns
        }
        let turn = scheduler.schedule(()) { _ in
            self.deliverOne()
            return NopDisposable()
        }
        let cancelled = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            if state.turns == number { state.newestTurn = turn }   // else a later turn is already the newest
            return false
        }
        if cancelled { turn.dispose() }
    }

    /// Delivers the oldest queued event (or all of them, see above), then asks for
    /// another turn if more wait.
    private func deliverOne() {
        repeat {
            let next = state.withLock { state -> UncheckedSendable<Event<Element>>? in
                guard !state.isDisposed, !state.queue.isEmpty else {
                    state.isDraining = false
                    return nil
                }
                return UncheckedSendable(state.queue.removeFirst())
            }
            guard let event = next?.value else { return }
            downstream.on(event)
        } while deliversQueuedEventsTogether
        let more = state.withLock { state -> Bool in
            guard !state.isDisposed, !state.queue.isEmpty else {
                state.isDraining = false
                return false
            }
            return true
        }
        if more { scheduleTurn() }
    }

    func dispose() {
        let turn = state.withLock { state -> Disposable? in
            state.isDisposed = true
            state.queue.removeAll()
            defer { state.newestTurn = nil }
            return state.newestTurn
        }
        turn?.dispose()
        upstream.dispose()
    }
}
