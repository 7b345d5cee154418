import RxCore

/// A ``Reactor`` for an alert or action sheet whose actions may be loaded lazily
/// and change while it is shown.
///
/// Subclass it and override ``mutate(action:)``: answer ``Action/prepare`` (sent
/// once when a view binds) with the title, message and actions, and
/// ``Action/selectAction(_:)`` with whatever a selection does.
///
/// ```swift
/// final class ItemAlertReactor: AlertReactor<ItemAlertAction> {
///     override func mutate(action: Action) -> Observable<Mutation> {
///         switch action {
///         case .prepare: return .just(.setActions([.edit, .cancel]))
///         case .selectAction: return .empty()
///         }
///     }
/// }
/// ```
///
/// The view side is the ``AlertViewType`` protocol, driven by ``bind(to:)``.
/// RxModal's `RxModal.alert(reactor:)` and `RxModal.actionSheet(reactor:source:)`
/// present a reactor on a modal surface through it, keeping the shown dialog's
/// title, message and actions live.
///
/// **Threads.** As ``Reactor``: send actions from any thread; ``bind(to:)`` calls the
/// view on the thread the state changes on, or on the scheduler it is given.
open class AlertReactor<AlertAction: AlertActionType>: Reactor {
    public enum Action {
        /// The view is about to show: load the title, message and actions.
        case prepare
        /// The user selected an action.
        case selectAction(AlertAction)
    }

    public enum Mutation {
        case setTitle(String?)
        case setMessage(String?)
        case setActions([AlertAction])
    }

    public struct State {
        public var title: String?
        public var message: String?
        public var actions: [AlertAction]

        public init(title: String? = nil, message: String? = nil, actions: [AlertAction] = []) {
            self.title = title
            self.message = message
            self.actions = actions
        }
    }

    public let initialState: State
    public let reactorStorage = ReactorStorage<Action, State>()
    private let actionScheduler: ImmediateSchedulerType?

    /// - Parameter scheduler: where actions are processed; nil processes them where sent.
    public init(initialState: State = State(), scheduler: ImmediateSchedulerType? = nil) {
        self.initialState = initialState
        self.actionScheduler = scheduler
    }

    open var scheduler: ImmediateSchedulerType? { actionScheduler }

    open func transform(action: Observable<Action>) -> Observable<Action> { action }

    /// Override: the default does nothing for any action.
    open func mutate(action: Action) -> Observable<Mutation> { .empty() }

    open func transform(mutation: Observable<Mutation>) -> Observable<Mutation> { mutation }

    open func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setTitle(let title): state.title = title
        case .setMessage(let message): state.message = message
        case .setActions(let actions): state.actions = actions
        }
        return state
    }

    open func transform(state: Observable<State>) -> Observable<State> { state }

    /// The actions to show: the state's action list, emitted again only when it
    /// *looks* different — a title, a style or an enabled state changed (see
    /// `looksTheSame(as:)`).
    public var liveActions: Observable<[AlertAction]> {
        state.map(\.actions).distinctUntilChanged { $0.looksTheSame(as: $1) }
    }

    /// Drives `view`: sends ``Action/prepare``, then keeps the view's title, message
    /// and actions in step with the state (each only when it changes) and turns the
    /// view's selections into ``Action/selectAction(_:)``. The binding holds the view
    /// weakly and the reactor strongly, until disposed.
    ///
    /// - Parameter scheduler: where the view is called; nil calls it where the state changed.
    public func bind<View: AlertViewType>(to view: View, scheduler: ImmediateSchedulerType? = nil) -> Disposable where View.AlertAction == AlertAction {
        func delivered<Value>(_ values: Observable<Value>) -> Observable<Value> {
            scheduler.map { values.observe(on: $0) } ?? values
        }
        let title = delivered(state.map(\.title).distinctUntilChanged())
            .subscribe(onNext: { [weak view] in view?.setTitle($0) })
        let message = delivered(state.map(\.message).distinctUntilChanged())
            .subscribe(onNext: { [weak view] in view?.setMessage($0) })
        let actions = delivered(liveActions)
            .subscribe(onNext: { [weak view] in view?.setActions($0) })
        let action = self.action
        let selections = view.selectedActions
            .subscribe(onNext: { action.onNext(.selectAction($0)) })
        action.onNext(.prepare)
        return Disposables.create([title, message, actions, selections])
    }
}

/// The view side of an ``AlertReactor``: what an alert or action sheet must do to
/// be driven by one. The modal runtime's surfaces will conform to it; tests use a
/// fake that records the calls.
///
/// **Threads.** Called on the thread given to ``AlertReactor/bind(to:scheduler:)``.
public protocol AlertViewType: AnyObject {
    associatedtype AlertAction: AlertActionType

    func setTitle(_ title: String?)
    func setMessage(_ message: String?)
    /// Replaces the buttons; called only when the list looks different.
    func setActions(_ actions: [AlertAction])
    /// The actions the user selects. It should not retain the view.
    var selectedActions: Observable<AlertAction> { get }
}
