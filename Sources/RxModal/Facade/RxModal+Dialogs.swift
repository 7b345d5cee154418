import RxCore

extension RxModal {
    /// An alert (the seed's `RxModal.alert`, UIKit's `UIAlertController` in the
    /// alert style), shown by the `alert` plugin through the coordinator.
    ///
    /// Presented on subscribe, on `presenter`'s surface; dismissed when an action
    /// is chosen, before that action's observable is subscribed; the result emits
    /// what the chosen action's observable emits and completes when it completes.
    /// Disposing dismisses it. Fails at subscribe time, before anything is shown,
    /// when `actions` is empty (``ModalError/invalidArgument(method:reason:)``)
    /// or the plugin refuses the configuration (two cancel actions, …).
    ///
    /// `type` only names the element type, as in the seed
    /// (`RxModal.alert(Int.self, title: …)`), when the actions do not.
    public static func alert<T>(_ type: T.Type = T.self, presenter: Presenter = .default, title: String? = nil, message: String? = nil,
                                textFields: [DialogTextField] = [], actions: [DialogAction<T>],
                                coordinator: ModalCoordinator = .shared) -> Observable<T> {
        DialogFlow.run(kind: "alert", coordinator: coordinator, presenter: presenter, title: title, message: message,
                       source: nil, textFields: textFields, actions: actions)
    }

    /// An action sheet (the seed's `RxModal.actionSheet`), shown by the
    /// `actionSheet` plugin, anchored to `source`; otherwise as ``alert(_:presenter:title:message:textFields:actions:coordinator:)``
    /// without text fields.
    public static func actionSheet<T>(_ type: T.Type = T.self, presenter: Presenter = .default, source: DialogSource? = nil, title: String? = nil,
                                      message: String? = nil, actions: [DialogAction<T>],
                                      coordinator: ModalCoordinator = .shared) -> Observable<T> {
        DialogFlow.run(kind: "actionSheet", coordinator: coordinator, presenter: presenter, title: title, message: message,
                       source: source, textFields: [], actions: actions)
    }
}
