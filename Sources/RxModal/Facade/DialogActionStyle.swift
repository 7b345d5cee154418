/// How a dialog's button is shown: the seed's `DialogActionStyle` (UIKit's
/// `UIAlertAction.Style`). Its raw value is the style's name in the plugin's
/// `addAction` and in surface specs. A value; safe to share between threads.
public enum DialogActionStyle: String, Sendable {
    case `default`, cancel, destructive
}
