import RxCore

/// A view model in ReactorKit's unidirectional shape: actions in, state out.
///
/// The state stream is this pipeline, built and connected on first access to
/// ``state`` (or ``currentState``'s first change):
///
/// ```text
/// action ─▶ transform(action:) ─▶ mutate(action:) (errors swallowed)
///        ─▶ transform(mutation:) ─▶ scan(initialState, reduce) ─▶ startWith(initialState)
///        ─▶ transform(state:) ─▶ currentState ─▶ replay of the latest state
/// ```
///
/// Conforming types declare ``initialState`` and one stored ``reactorStorage``
/// (ReactorKit keeps that storage in Objective-C associated objects, which Linux
/// does not have):
///
/// ```swift
/// final class CounterReactor: Reactor {
///     enum Action { case increase }
///     enum Mutation { case add(Int) }
///     struct State { var count = 0 }
///     let initialState = State()
///     let reactorStorage = ReactorStorage<Action, State>()
///     func mutate(action: Action) -> Observable<Mutation> { .just(.add(1)) }
///     func reduce(state: State, mutation: Mutation) -> State { … }
/// }
/// ```
///
/// Open classes that conform and expect subclasses to override a step (as
/// ``AlertReactor`` does) must declare that step themselves, since protocol
/// extension defaults cannot be overridden.
///
/// **Stub mode.** With ``isStubEnabled`` set, ``state`` and ``currentState`` come
/// from ``stub``'s `state` relay, which a test sets, and ``action`` feeds the stub,
/// which records every action in `actions`; the pipeline is not used.
///
/// **Threads.** Send actions from any thread: the action subject serializes them,
/// and with ``scheduler`` nil (the default) each is processed on the thread that
/// delivers it; return a scheduler (for example `MainScheduler.instance`) to process
/// them there instead. `currentState` may be read from any thread. ReactorKit's
/// default scheduler is the main thread; this one's is "no hop" because Linux
/// programs have no main run loop by default.
public protocol Reactor: AnyObject {
    associatedtype Action
    associatedtype Mutation = Action
    associatedtype State

    /// The first state, before any mutation.
    var initialState: State { get }

    /// Where the reactor keeps its action subject, state stream and stub; declare
    /// it as `let reactorStorage = ReactorStorage<Action, State>()`.
    var reactorStorage: ReactorStorage<Action, State> { get }

    /// Where actions are processed; nil processes them where they are delivered.
    var scheduler: ImmediateSchedulerType? { get }

    /// Transforms the action stream, for example to merge in actions from elsewhere.
    func transform(action: Observable<Action>) -> Observable<Action>

    /// The mutations an action causes. An error ends that action's mutations only.
    func mutate(action: Action) -> Observable<Mutation>

    /// Transforms the mutation stream, for example to merge in a global event stream.
    func transform(mutation: Observable<Mutation>) -> Observable<Mutation>

    /// The state after `mutation`. Pure: no side effects.
    func reduce(state: State, mutation: Mutation) -> State

    /// Transforms the state stream.
    func transform(state: Observable<State>) -> Observable<State>
}

extension Reactor {
    public var scheduler: ImmediateSchedulerType? { nil }

    public func transform(action: Observable<Action>) -> Observable<Action> { action }

    public func mutate(action: Action) -> Observable<Mutation> { .empty() }

    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> { mutation }

    public func reduce(state: State, mutation: Mutation) -> State { state }

    public func transform(state: Observable<State>) -> Observable<State> { state }
}

extension Reactor where Action == Mutation {
    /// With no separate mutation type, each action is its own mutation.
    public func mutate(action: Action) -> Observable<Mutation> { .just(action) }
}

extension Reactor {
    /// Where views send actions. In stub mode, the stub's action subject.
    public var action: ActionSubject<Action> {
        isStubEnabled ? stub.action : reactorStorage.action
    }

    /// The state stream: replays the latest state to each subscriber, then each new
    /// one. In stub mode, the stub's state relay.
    public var state: Observable<State> {
        if isStubEnabled { return stub.state.asObservable() }
        return reactorStorage.stateStream { makeStateStream() }
    }

    /// The latest state the pipeline produced (``initialState`` before it ran).
    /// In stub mode, the stub's state.
    public var currentState: State {
        if isStubEnabled { return stub.state.value }
        return reactorStorage.currentState ?? initialState
    }

    /// Whether ``state``, ``currentState`` and ``action`` are served by ``stub``.
    public var isStubEnabled: Bool {
        get { reactorStorage.isStubEnabled }
        set { reactorStorage.isStubEnabled = newValue }
    }

    /// The stub used in stub mode, made on first use with ``initialState``.
    public var stub: Stub<Action, State> {
        reactorStorage.stub(initialState: initialState)
    }

    private func makeStateStream() -> Observable<State> {
        let storage = reactorStorage
        var actions = storage.action.asObservable()
        if let scheduler { actions = actions.observe(on: scheduler) }
        let mutations = transform(action: actions)
            .flatMap { [weak self] action -> Observable<Mutation> in
                guard let self else { return .empty() }
                return self.mutate(action: action).catch { _ in .empty() }
            }
        let initialState = self.initialState
        let states = transform(mutation: mutations)
            .scan(initialState) { [weak self] state, mutation in
                guard let self else { return state }
                return self.reduce(state: state, mutation: mutation)
            }
            .catch { _ in .empty() }
            .startWith(initialState)
        // `replay(1)` + `connect()`, written out with a replay subject: RxCore's
        // ConnectableObservable currently leaks its subject when freed (see the
        // report of RxCoreDisposableLeakTests), and this is all it would do here.
        let latest = ReplaySubject<State>.create(bufferSize: 1)
        let connection = transform(state: states)
            .do(onNext: { [weak storage] state in storage?.currentState = state })
            .subscribe(latest)
        storage.keep(connection)
        return latest.asObservable()
    }
}

/// What a ``Reactor`` keeps: its action subject, its state stream once built, the
/// connection of that stream, its current state and its stub. Thread-safe.
public final class ReactorStorage<Action, State>: @unchecked Sendable {
    private struct Guarded {
        var stateStream: Observable<State>?
        var currentState: State?
        var isStubEnabled = false
        var stub: Stub<Action, State>?
    }

    let action = ActionSubject<Action>()
    private let guarded = FlowLock(Guarded())
    private let connection = SingleAssignmentDisposable()

    public init() {}

    deinit {
        // Disconnect explicitly, before the state stream (and the connectable it
        // holds) goes: a dispose bag released after it would find the connectable
        // gone and leave the pipeline's subscription undisposed.
        connection.dispose()
    }

    var currentState: State? {
        get { guarded.withLock { $0.currentState } }
        set { guarded.withLock { $0.currentState = newValue } }
    }

    var isStubEnabled: Bool {
        get { guarded.withLock { $0.isStubEnabled } }
        set { guarded.withLock { $0.isStubEnabled = newValue } }
    }

    /// The state stream, built by `make` on first use. `make` runs outside the lock
    /// (it calls the reactor's transforms); if two threads race, one stream is kept.
    func stateStream(_ make: () -> Observable<State>) -> Observable<State> {
        if let stream = guarded.withLock({ $0.stateStream }) { return stream }
        let made = make()
        return guarded.withLock { guarded in
            if let stream = guarded.stateStream { return stream }
            guarded.stateStream = made
            return made
        }
    }

    func keep(_ connection: Disposable) {
        self.connection.setDisposable(connection)
    }

    func stub(initialState: State) -> Stub<Action, State> {
        if let stub = guarded.withLock({ $0.stub }) { return stub }
        let made = Stub<Action, State>(initialState: initialState)
        return guarded.withLock { guarded in
            if let stub = guarded.stub { return stub }
            guarded.stub = made
            return made
        }
    }
}

/// Stands in for a reactor's pipeline in view tests: the test sets ``state`` and
/// reads the ``actions`` the view sent. Thread-safe.
public final class Stub<Action, State>: @unchecked Sendable {
    /// The state the reactor reports; set it with `accept`.
    public let state: BehaviorRelay<State>
    /// Where the view's actions go in stub mode.
    public let action = ActionSubject<Action>()
    private let recorded = FlowLock<[Action]>([])
    private let subscription: Disposable

    init(initialState: State) {
        state = BehaviorRelay(value: initialState)
        let recorded = self.recorded
        subscription = action.subscribe(onNext: { action in recorded.withLock { $0.append(action) } })
    }

    deinit { subscription.dispose() }

    /// Every action sent to the reactor in stub mode, in order.
    public var actions: [Action] { recorded.withLock { $0 } }
}
