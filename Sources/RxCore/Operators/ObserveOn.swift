import Synchronization

extension ObservableType {
    /// Delivers events on `scheduler`, in order, one at a time.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            ObserveOnSink(downstream: observer, scheduler: scheduler).run(source)
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

/// Queues events and delivers them one per scheduled action, as RxSwift does: each
/// event is its own turn of the scheduler, so other work queued there runs between
/// two events, and a virtual clock shows one tick per event.
private final class ObserveOnSink<Element>: Disposable, @unchecked Sendable {
    private struct State {
        var queue = ElementQueue<Event<Element>>()
        var isDraining = false
        var isDisposed = false
    }

    private let downstream: AnyObserver<Element>
    private let scheduler: ImmediateSchedulerType
    private let state = Locked(State())
    private let upstream = SingleAssignmentDisposable()
    private let drainWork = SerialDisposable()

    init(downstream: AnyObserver<Element>, scheduler: ImmediateSchedulerType) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.scheduler = scheduler
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
        drainWork.disposable = scheduler.schedule(()) { _ in
            self.deliverOne()
            return NopDisposable()
        }
    }

    /// Delivers the oldest queued event, then asks for another turn if more wait.
    private func deliverOne() {
        let next = state.withLock { state -> UncheckedSendable<Event<Element>>? in
            guard !state.isDisposed, !state.queue.isEmpty else {
                state.isDraining = false
                return nil
            }
            return UncheckedSendable(state.queue.removeFirst())
        }
        guard let event = next?.value else { return }
        downstream.on(event)
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
        state.withLock { state in
            state.isDisposed = true
            state.queue.removeAll()
        }
        drainWork.dispose()
        upstream.dispose()
    }
}
