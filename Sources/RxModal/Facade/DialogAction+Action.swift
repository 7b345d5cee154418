import RxCore
import RxFlows

extension DialogAction {
    /// An action bound to an RxFlows `Action`, like the Action seed's
    /// `UIAlertAction.Action`: shown disabled while `action` is disabled, its
    /// enabled state kept live while the dialog is shown (through the plugin's
    /// `setActionEnabled`, which updates the surface); choosing it executes
    /// `action` once the dialog has been dismissed, and the dialog emits that
    /// execution's elements (an execution's failure fails the dialog with
    /// `ActionError.underlyingError`).
    public static func action(title: String, style: DialogActionStyle = .default, action: RxFlows.Action<Void, T>) -> DialogAction {
        DialogAction(title: title, style: style, enabled: action.enabled,
                     handler: { _ in Observable.deferred { [weak action] in action?.execute() ?? .empty() } })
    }
}
