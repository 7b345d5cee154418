import RxCore

extension RxModal {
    /// Shows `dialog` in `style`: the seed's `present(_:style:presenter:)`, the
    /// one both ``alert(_:presenter:title:message:textFields:actions:coordinator:)``
    /// and ``actionSheet(_:presenter:source:title:message:actions:coordinator:)``
    /// come down to, and it behaves as they do. As in the seed, an action sheet
    /// shows no text fields (its actions receive none).
    public static func present<T>(_ dialog: Dialog<T>, style: DialogStyle, presenter: Presenter = .default,
                                  coordinator: ModalCoordinator = .shared) -> Observable<T> {
        let source: DialogSource?
        let textFields: [DialogTextField]
        switch style {
        case .alert:
            source = nil
            textFields = dialog.textFields
        case .actionSheet(let anchor):
            source = anchor
            textFields = []
        }
        return DialogFlow.run(kind: style.kind, coordinator: coordinator, presenter: presenter, title: dialog.title,
                              message: dialog.message, source: source, textFields: textFields, actions: dialog.actions)
    }

    /// A ``Dialog`` made of the arguments, shown in `style`: the seed's
    /// `present(_:type:presenter:title:message:textFields:actions:)`. `type` only
    /// names the element type when the actions do not.
    public static func present<T>(_ style: DialogStyle, type: T.Type = T.self, presenter: Presenter = .default,
                                  title: String? = nil, message: String? = nil, textFields: [DialogTextField] = [],
                                  actions: [DialogAction<T>], coordinator: ModalCoordinator = .shared) -> Observable<T> {
        present(Dialog(title: title, message: message, textFields: textFields, actions: actions), style: style,
                presenter: presenter, coordinator: coordinator)
    }
}
