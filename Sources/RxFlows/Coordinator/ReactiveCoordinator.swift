import RxCore

/// A coordinator in the Coordinator pattern whose flow is an observable: it shows
/// its screens in ``start()`` and ends its flow by emitting a result.
///
/// Subclass it, override ``start()``, and run child flows with
/// ``coordinate(to:)``:
///
/// ```swift
/// final class ChooseCountryCoordinator: ReactiveCoordinator<ChooseCountryResult> {
///     override func start() -> Observable<ChooseCountryResult> { … }
/// }
/// let country = coordinate(to: ChooseCountryCoordinator(screens: screens))
/// ```
///
/// **A flow's life.** `coordinate(to:)` returns a cold description. The child's
/// `start()` runs when that observable is first subscribed (not when
/// `coordinate(to:)` is called), once per `coordinate(to:)` call: further
/// subscribers share the same run and receive its result, replayed if it came
/// already. The flow ends with the child's first element (its *result*, delivered
/// then followed by `completed`), or when `start()`'s observable completes or
/// fails, or when every subscriber has disposed its subscription. From start to
/// end the child is retained (by the parent, listed in ``childCoordinators``, and by
/// the flow); at the end it is released and its `start()` subscription disposed.
/// A subscription made after the subscribers cancelled the flow fails with
/// `RxError.disposed(object: "coordination")`; the flow does not start twice.
///
/// Differences from the ReactiveCoordinator library, deliberate: that library calls
/// `start()` eagerly inside `coordinate(to:)`, forwards elements after the first,
/// and only releases a child when it emits — a child that completes, fails or is
/// disposed without emitting stays retained forever. A `start()` that was not
/// overridden fails the flow with `RxError.unimplemented("start()")` instead of
/// crashing.
///
/// **Threads.** The bookkeeping (``childCoordinators``, the flow's state) is
/// thread-safe. `start()` runs on the thread that subscribes to the flow, so
/// subscribe on the thread your screens require (a UI's main thread).
open class ReactiveCoordinator<ResultType> {
    /// The type of this coordinator's result.
    public typealias CoordinationResult = ResultType

    /// A bag for the subscriptions this coordinator makes in `start()`: they end
    /// when the coordinator is released.
    public let disposeBag = DisposeBag()

    let registry = ChildRegistry()

    public init() {}

    /// Shows this coordinator's screens and returns its flow: an observable whose
    /// first element is the result. Override it; do not call `super`. The default
    /// fails with `RxError.unimplemented("start()")`.
    open func start() -> Observable<ResultType> {
        .error(RxError.unimplemented("start()"))
    }

    /// The flow of `coordinator`, run as a child of this one; see the type's
    /// documentation for when it starts and when the child is released.
    public final func coordinate<ChildResult>(to coordinator: ReactiveCoordinator<ChildResult>) -> Observable<ChildResult> {
        let coordination = Coordination(child: coordinator, registry: registry)
        return Observable.create { observer in coordination.subscribe(observer) }
    }

    /// The children whose flows are running, in the order they started.
    public var childCoordinators: [AnyObject] {
        registry.children
    }
}

/// The children a coordinator retains while their flows run. Flows refer to it
/// weakly, so that a running flow never keeps its parent alive.
final class ChildRegistry: @unchecked Sendable {
    private let entries = FlowLock<[(id: UInt64, child: AnyObject)]>([])

    var children: [AnyObject] { entries.withLock { $0.map(\.child) } }

    func add(_ child: AnyObject, id: UInt64) {
        entries.withLock { $0.append((id, child)) }
    }

    func remove(id: UInt64) {
        // Taken out under the lock, released outside it: a child's deinit is user code.
        let removed = entries.withLock { entries -> [(id: UInt64, child: AnyObject)] in
            let removed = entries.filter { $0.id == id }
            entries.removeAll { $0.id == id }
            return removed
        }
        _ = removed
    }
}

/// Hands out a distinct id per coordination.
private let coordinationIDs = FlowLock<UInt64>(0)

/// One run of a child's flow: started by the first subscriber, shared by all of
/// them, ended by the result, a terminal event, or the last subscriber leaving.
final class Coordination<Result>: @unchecked Sendable {
    private enum Phase {
        case idle
        case running
        case finished
        case cancelled
    }

    private struct State {
        var phase = Phase.idle
        var subscribers = 0
        /// Held from start to end of the flow only.
        var child: ReactiveCoordinator<Result>?
    }

    private let id: UInt64
    private let state: FlowLock<State>
    private weak var registry: ChildRegistry?
    /// Keeps the result and the end for subscribers that come later.
    private let outcome = ReplaySubject<Result>.create(bufferSize: 1)
    private let startSubscription = SingleAssignmentDisposable()

    init(child: ReactiveCoordinator<Result>, registry: ChildRegistry) {
        id = coordinationIDs.withLock { next in
            next += 1
            return next
        }
        state = FlowLock(State(child: child))
        self.registry = registry
    }

    func subscribe(_ observer: AnyObserver<Result>) -> Disposable {
        let subscription = outcome.subscribe(observer)
        let child = state.withLock { state -> ReactiveCoordinator<Result>? in
            state.subscribers += 1
            guard state.phase == .idle else { return nil }
            state.phase = .running
            return state.child
        }
        if let child {
            registry?.add(child, id: id)
            let flow = child.start().take(1)
            startSubscription.setDisposable(flow.subscribe { event in self.flowEvent(event) })
        }
        return Disposables.create { [self] in
            subscription.dispose()
            unsubscribed()
        }
    }

    private func flowEvent(_ event: Event<Result>) {
        if event.isStopEvent {
            end(as: .finished)
        }
        outcome.on(event)
        if event.isStopEvent {
            // Harmless on a finished subscription; see `ActionCore.workEvent` for why.
            startSubscription.dispose()
        }
    }

    private func unsubscribed() {
        let cancel = state.withLock { state -> Bool in
            state.subscribers -= 1
            return state.subscribers == 0 && state.phase == .running
        }
        guard cancel else { return }
        end(as: .cancelled)
        startSubscription.dispose()
        outcome.on(.error(RxError.disposed(object: "coordination")))
    }

    /// Moves a running flow to its end and releases the child.
    private func end(as phase: Phase) {
        let child = state.withLock { state -> ReactiveCoordinator<Result>? in
            guard state.phase == .running else { return nil }
            state.phase = phase
            defer { state.child = nil }
            return state.child
        }
        guard child != nil else { return }
        registry?.remove(id: id)
    }
}
