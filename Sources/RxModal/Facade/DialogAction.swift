import RxCore

/// One action (button) of an alert or action sheet, and what choosing it does:
/// the seed's `DialogAction<T>`. The dialog emits what the chosen action's
/// observable emits and completes when it completes.
///
/// Make actions with the factories — `default`, `cancel`, `destructive`, each
/// with `(title:flatMap:)`, `(title:flatMapTo:)`, `(title:map:)`,
/// `(title:mapTo:)`, `(title:throw:)` and `(title:)` (empty) — and mark one with
/// ``preferred(_:)``. For `DialogAction<Void>` there are overloads taking
/// observables of any element type (see `DialogAction+Void.swift`), and
/// ``action(title:style:action:)`` binds an RxFlows `Action`.
///
/// The closures are called on the thread the dialog's answer arrives on (the
/// surface's queue), when the action is chosen; the observable they give is
/// subscribed once the dialog has been dismissed. A value; the closures it
/// holds decide whether sharing it between threads is safe.
public struct DialogAction<T> {
    /// How the button is shown.
    public enum Style: String, Sendable {
        case `default`, cancel, destructive
    }

    public let title: String
    public let style: Style
    public let isPreferred: Bool
    /// Whether the button can be chosen, kept live while shown; nil: always enabled.
    let enabled: Observable<Bool>?
    /// What choosing it does, given the text fields as they were at that moment.
    let handler: ([DialogTextFieldValue]) -> Observable<T>

    init(title: String, style: Style, isPreferred: Bool = false, enabled: Observable<Bool>? = nil,
         handler: @escaping ([DialogTextFieldValue]) -> Observable<T>) {
        self.title = title
        self.style = style
        self.isPreferred = isPreferred
        self.enabled = enabled
        self.handler = handler
    }

    /// `action`, as the dialog's preferred action (chosen by Return; UIKit's
    /// `preferredAction`). If several are marked, the last one wins.
    public static func preferred(_ action: DialogAction) -> DialogAction {
        DialogAction(title: action.title, style: action.style, isPreferred: true, enabled: action.enabled, handler: action.handler)
    }

    /// An action of any style whose choice runs `flatMap`.
    public static func make(title: String, style: Style,
                            flatMap: @escaping ([DialogTextFieldValue]) -> Observable<T>) -> DialogAction {
        DialogAction(title: title, style: style, handler: flatMap)
    }
}
