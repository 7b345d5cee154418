import RxModal

/// The options shaped like the dialog tools' (zenity, gum, whiptail), for any
/// kind that has the method they stand for:
///
/// - `--action [STYLE:]TITLE` calls `addAction(title, style)` (signature `ss`);
///   STYLE is default, cancel or destructive, and default when absent or when
///   the text before the first colon is not a style ("Note: ok" is a title).
/// - `--text-field [KIND:]PLACEHOLDER[:TEXT]` calls
///   `addTextField(kind, placeholder, text)` (signature `sss`); KIND is plain,
///   email, password or phone, and plain when absent or unknown.
///
/// A plain value; safe from any thread.
enum DialogShortcut: String, CaseIterable, Sendable {
    case action
    case textField = "text-field"

    static let actionStyles: Set<String> = ["default", "cancel", "destructive"]
    static let fieldKinds: Set<String> = ["plain", "email", "password", "phone"]

    /// The method it calls and that method's signature.
    var method: (name: String, signature: String) {
        switch self {
        case .action: return ("addAction", "ss")
        case .textField: return ("addTextField", "sss")
        }
    }

    var valueSyntax: String {
        switch self {
        case .action: return "[STYLE:]TITLE"
        case .textField: return "[KIND:]PLACEHOLDER[:TEXT]"
        }
    }

    var summary: String {
        switch self {
        case .action: return "an action; STYLE is default (if omitted), cancel or destructive"
        case .textField: return "a text field; KIND is plain (if omitted), email, password or phone"
        }
    }

    /// The method's arguments for `text`, in the order of the method's
    /// argument names (so a plugin that declares `style,title` works too).
    func arguments(for text: String, method: ModalMethod) -> [ModalValue] {
        var named: [String: String]
        switch self {
        case .action:
            let (prefix, rest) = Self.split(text, allowed: Self.actionStyles)
            named = ["title": rest, "style": prefix ?? "default"]
        case .textField:
            let (prefix, rest) = Self.split(text, allowed: Self.fieldKinds)
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            named = ["kind": prefix ?? "plain", "placeholder": parts[0], "text": parts.count > 1 ? parts[1] : ""]
        }
        let defaultOrder: [String] = self == .action ? ["title", "style"] : ["kind", "placeholder", "text"]
        let order = Set(method.argumentNames) == Set(defaultOrder) ? method.argumentNames : defaultOrder
        return order.map { .string(named[$0] ?? "") }
    }

    /// `cancel:Cancel` → ("cancel", "Cancel") when the prefix is allowed; else (nil, text).
    private static func split(_ text: String, allowed: Set<String>) -> (String?, String) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let prefix = String(text[..<colon])
        guard allowed.contains(prefix) else { return (nil, text) }
        return (prefix, String(text[text.index(after: colon)...]))
    }
}
