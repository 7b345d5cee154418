import RxCore

/// One action (button) of an alert or action sheet, and what choosing it does:
/// the seed's `DialogAction<T>`. The dialog emits what the chosen action's
/// observable emits and completes when it completes.
///
/// Make actions with the factories — `default`, `cancel`, `destructive`, each
/// with `(title:flatMap:)`, `(title:flatMapTo:)`, `(title:map:)`,
/// `(title:mapTo:)`, `(title:throw:)` and `(title:)` (empty) — and mark one with
/// ``preferred(_:)``; or build one with ``init(title:style:onNext:isPreferred:)``
/// and restyle it with ``withStyle(_:)``. `flatMap:` and `flatMapTo:` also take
/// any observable-convertible of the same element (a `Single`, a `Maybe`). For
/// `DialogAction<Void>` there are overloads taking observables of any element
/// type (see `DialogAction+Void.swift`), and ``action(title:style:action:)``
/// binds an RxFlows `Action`.
///
/// The closures are called on the thread the dialog's answer arrives on (the
/// surface's queue), once the chosen action's dialog has been dismissed (as
/// UIKit runs an action's handler), with the text fields as they were when it
/// was chosen; the observable they give is subscribed at once. A flow disposed
/// before then calls none. A value; the closures it holds decide whether
/// sharing it between threads is safe.
public struct DialogAction<T> {
    /// How the button is shown (the earlier spelling of ``DialogActionStyle``).
    public typealias Style = DialogActionStyle

    public let title: String
    public let style: DialogActionStyle
    /// What choosing it does, given the text fields as they were at that moment.
    public let onNext: ([DialogTextFieldValue]) -> Observable<T>
    public let isPreferred: Bool
    /// Whether the button can be chosen, kept live while shown; nil: always enabled.
    let enabled: Observable<Bool>?

    /// The seed's memberwise initializer: an action of any style.
    public init(title: String, style: DialogActionStyle, onNext: @escaping ([DialogTextFieldValue]) -> Observable<T>,
                isPreferred: Bool = false) {
        self.init(title: title, style: style, isPreferred: isPreferred, handler: onNext)
    }

    init(title: String, style: DialogActionStyle, isPreferred: Bool = false, enabled: Observable<Bool>? = nil,
         handler: @escaping ([DialogTextFieldValue]) -> Observable<T>) {
        self.title = title
        self.style = style
        self.isPreferred = isPreferred
        self.enabled = enabled
        self.onNext = handler
    }

    /// `action`, as the dialog's preferred action (chosen by Return; UIKit's
    /// `preferredAction`). If several are marked, the last one wins.
    public static func preferred(_ action: DialogAction) -> DialogAction {
        DialogAction(title: action.title, style: action.style, isPreferred: true, enabled: action.enabled, handler: action.onNext)
    }

    /// The same action shown with `newStyle` (its choice, preference and enabled state kept).
    public func withStyle(_ newStyle: DialogActionStyle) -> DialogAction {
        DialogAction(title: title, style: newStyle, isPreferred: isPreferred, enabled: enabled, handler: onNext)
    }

    /// An action of any style whose choice runs `flatMap`.
    public static func make(title: String, style: DialogActionStyle,
                            flatMap: @escaping ([DialogTextFieldValue]) -> Observable<T>) -> DialogAction {
        DialogAction(title: title, style: style, handler: flatMap)
    }
}
