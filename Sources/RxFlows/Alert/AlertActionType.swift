import RxCore

/// How an alert action is shown.
public enum AlertActionStyle: Sendable, Equatable {
    case `default`
    case cancel
    case destructive
}

/// A statically typed alert action — usually an enum with one case per button.
/// Only `title` is required; `style` defaults to `.default` and `isEnabled` to `true`.
///
/// Conformers are values; use them from any thread.
public protocol AlertActionType {
    /// The button's title.
    var title: String { get }
    /// How the button is shown.
    var style: AlertActionStyle { get }
    /// Whether the button can be selected.
    var isEnabled: Bool { get }
}

extension AlertActionType {
    public var style: AlertActionStyle { .default }
    public var isEnabled: Bool { true }
}

extension Sequence where Element: AlertActionType {
    /// Whether both lists show the same buttons: same count, and pairwise the same
    /// title, style *and* enabled state. (AlertReactor's controller compared titles
    /// and styles only, so a button that became disabled stayed enabled on screen.)
    public func looksTheSame<Other: Sequence>(as other: Other) -> Bool where Other.Element == Element {
        elementsEqual(other) { $0.title == $1.title && $0.style == $1.style && $0.isEnabled == $1.isEnabled }
    }
}
