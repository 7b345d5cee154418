import Foundation
import RxCore
import RxFlows

extension RxModal {
    /// An RxFlows `AlertReactor` shown as an alert (the AlertReactor seed's
    /// `AlertController` in the alert style), through the `alert` plugin.
    ///
    /// On subscribe the reactor is bound to the dialog through its
    /// `AlertViewType` side (it receives `.prepare`); the dialog is presented as
    /// soon as the reactor's state has at least one action (at once when
    /// `prepare` gives them synchronously). While it is shown, the state's title,
    /// message and actions (titles, styles and enabled states) are kept live on
    /// the surface (the plugin's setTitle/setMessage/setActions). An empty action
    /// list while shown is not sent (a dialog needs an action): the last one
    /// stays. When the user chooses an action the dialog is dismissed, then the
    /// reactor receives `.selectAction(action)`, then the result emits `action`
    /// and completes. Disposing dismisses the dialog and unbinds the reactor.
    public static func alert<A: AlertActionType>(reactor: AlertReactor<A>, presenter: Presenter = .default,
                                                 coordinator: ModalCoordinator = .shared) -> Observable<A> {
        ReactorDialogFlow.run(kind: "alert", reactor: reactor, source: nil, presenter: presenter, coordinator: coordinator)
    }

    /// An RxFlows `AlertReactor` shown as an action sheet anchored to `source`;
    /// otherwise as ``alert(reactor:presenter:coordinator:)``.
    public static func actionSheet<A: AlertActionType>(reactor: AlertReactor<A>, source: DialogSource? = nil,
                                                       presenter: Presenter = .default,
                                                       coordinator: ModalCoordinator = .shared) -> Observable<A> {
        ReactorDialogFlow.run(kind: "actionSheet", reactor: reactor, source: source, presenter: presenter,
                              coordinator: coordinator)
    }
}

enum ReactorDialogFlow {
    static func run<A: AlertActionType>(kind: String, reactor: AlertReactor<A>, source: DialogSource?,
                                        presenter: Presenter, coordinator: ModalCoordinator) -> Observable<A> {
        Observable.create { observer in
            let view = ReactorDialogView<A>()
            let presentation = SerialDisposable()
            view.whenActionsAvailable {
                let dialog = coordinator.present(kind: kind, presenter: presenter) { dialog in
                    if let source { try dialog.call("setSource", .string(source.name)) }
                    try view.attach(dialog)
                }
                presentation.disposable = dialog.subscribe { event in
                    switch event {
                    case .next(let answer):
                        view.answered(answer)
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        // The coordinator dismissed the dialog before completing.
                        guard let chosen = view.takeChosen() else {
                            return observer.onError(ModalError.malformedValue("the \(kind) answered no action the reactor gave it"))
                        }
                        view.select(chosen)
                        observer.onNext(chosen)
                        observer.onCompleted()
                    }
                }
            }
            // Sends .prepare; a state given synchronously presents at once (above).
            let binding = reactor.bind(to: view)
            return Disposables.create {
                view.detach()
                presentation.dispose()
                binding.dispose()
            }
        }
    }
}

/// The `AlertViewType` side of a reactor shown as a dialog: keeps the state the
/// reactor gives it and, once the dialog is configured, forwards each change to
/// the plugin through the coordinator's configurator (queued on the
/// presentation's queue once live, so changes reach the surface in order).
///
/// Thread safety: the reactor may call it from any thread; everything is guarded
/// by `lock`, which is recursive because a configurator call made on the
/// presentation's own queue runs at once, and may lead back here.
final class ReactorDialogView<A: AlertActionType>: AlertViewType, @unchecked Sendable {
    typealias AlertAction = A

    private let lock = NSRecursiveLock()
    // Guarded by `lock`.
    private var title: String?
    private var message: String?
    private var actions: [A] = []
    private var dialog: ModalConfigurator?
    private var isLive = false
    private var sentTitle: String?
    private var sentMessage: String?
    /// Every action list sent to the plugin, oldest first: an answer names an
    /// index of one of them (the one its surface had when it answered).
    private var sentLists: [[A]] = []
    private var start: (() -> Void)?
    private var chosen: A?
    private let selections = PublishSubject<A>()

    var selectedActions: Observable<A> { selections.asObservable() }

    func setTitle(_ title: String?) { changed { $0.title = title } }
    func setMessage(_ message: String?) { changed { $0.message = message } }

    func setActions(_ actions: [A]) {
        let start = lock.withLock { () -> (() -> Void)? in
            self.actions = actions
            flush()
            guard !actions.isEmpty, let start = self.start else { return nil }
            self.start = nil
            return start
        }
        start?()
    }

    private func changed(_ change: (ReactorDialogView) -> Void) {
        lock.withLock {
            change(self)
            flush()
        }
    }

    /// Runs `start` once the reactor has given actions (now, if it has).
    func whenActionsAvailable(_ start: @escaping () -> Void) {
        let now = lock.withLock { () -> Bool in
            if actions.isEmpty { self.start = start }
            return !actions.isEmpty
        }
        if now { start() }
    }

    /// Configuration time: the dialog as the state is now; later changes once live.
    func attach(_ dialog: ModalConfigurator) throws {
        try lock.withLock {
            if let title { try dialog.call("setTitle", .string(title)) }
            if let message { try dialog.call("setMessage", .string(message)) }
            try dialog.call("setActions", Self.value(of: actions))
            self.dialog = dialog
            sentTitle = title
            sentMessage = message
            sentLists = [actions]
            dialog.whenLive { [weak self] in
                guard let self else { return }
                self.lock.withLock {
                    self.isLive = true
                    self.flush()
                }
            }
        }
    }

    /// Sends what changed since it was last sent. With `lock` held.
    private func flush() {
        guard isLive, let dialog else { return }
        if title != sentTitle {
            try? dialog.call("setTitle", .string(title ?? ""))
            sentTitle = title
        }
        if message != sentMessage {
            try? dialog.call("setMessage", .string(message ?? ""))
            sentMessage = message
        }
        if !actions.isEmpty, let last = sentLists.last, !actions.looksTheSame(as: last) {
            try? dialog.call("setActions", Self.value(of: actions))
            sentLists.append(actions)
        }
    }

    /// The plugin's answer: the action at its index, in the newest list sent
    /// that has an action of that title and style there.
    func answered(_ answer: ModalValue) {
        guard let index = answer["action"]?.intValue.map(Int.init) else { return }
        let title = answer["title"]?.stringValue
        let style = answer["style"]?.stringValue
        lock.withLock {
            chosen = sentLists.reversed().lazy.compactMap { list -> A? in
                guard list.indices.contains(index), list[index].title == title,
                      Self.name(of: list[index].style) == style else { return nil }
                return list[index]
            }.first
        }
    }

    func takeChosen() -> A? { lock.withLock { defer { chosen = nil }; return chosen } }

    /// Tells the reactor (through the binding) which action was selected.
    func select(_ action: A) { selections.onNext(action) }

    /// Ends forwarding: no more configurator calls, no pending presentation.
    func detach() {
        lock.withLock {
            dialog = nil
            start = nil
            isLive = false
        }
    }

    static func name(of style: AlertActionStyle) -> String {
        switch style {
        case .default: return "default"
        case .cancel: return "cancel"
        case .destructive: return "destructive"
        }
    }

    static func value(of actions: [A]) -> ModalValue {
        .array(actions.map { action in
            .object(["title": .string(action.title), "style": .string(name(of: action.style)),
                     "enabled": .bool(action.isEnabled)])
        })
    }
}
