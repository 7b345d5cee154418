/// Whether a ``Dialog`` is shown as an alert or as an action sheet anchored to
/// a source: the seed's `DialogStyle` (UIKit's preferred style with its
/// popover source). A value; safe to share between threads.
public enum DialogStyle: Sendable, Equatable {
    /// Through the `alert` plugin, with the dialog's text fields.
    case alert
    /// Through the `actionSheet` plugin; an action sheet has no text fields.
    case actionSheet(source: DialogSource?)

    /// The kind of the plugin that shows it.
    var kind: String {
        switch self {
        case .alert: return "alert"
        case .actionSheet: return "actionSheet"
        }
    }
}
