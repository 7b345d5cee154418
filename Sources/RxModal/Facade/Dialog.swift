/// The seed's `Dialog<T>`: what an alert or action sheet shows — a title, a
/// message, text fields and actions — kept apart from how it is shown, so one
/// dialog can be presented in either ``DialogStyle`` with
/// ``RxModal/present(_:style:presenter:coordinator:)``.
///
/// Unlike the seed, an empty `actions` is not a crash: presenting such a dialog
/// fails at subscribe time with ``ModalError/invalidArgument(method:reason:)``.
/// A value; whether sharing it between threads is safe depends on the closures
/// its actions hold.
public struct Dialog<T> {
    public let title: String?
    public let message: String?
    public let textFields: [DialogTextField]
    public let actions: [DialogAction<T>]

    public init(title: String? = nil, message: String? = nil, textFields: [DialogTextField] = [],
                actions: [DialogAction<T>]) {
        self.title = title
        self.message = message
        self.textFields = textFields
        self.actions = actions
    }
}
