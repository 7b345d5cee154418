import RxModal

/// The options shaped like the dialog tools' (zenity, gum, whiptail), for any
/// kind that has the method they stand for:
///
/// - `--action [STYLE:]TITLE` calls `addAction(title, style)` (signature `ss`);
///   STYLE is default, cancel or destructive, default when absent.
/// - `--text-field [KIND:]PLACEHOLDER[:TEXT]` calls
///   `addTextField(kind, placeholder, text)` (signature `sss`); KIND is plain,
///   email, password or phone, plain when absent.
/// `\:` is a colon that separates nothing ("Time (hh\:mm)"), `\\` a backslash.
/// A lowercase word before the first colon that is not a style or kind is a
/// usage error naming the ones there are (a typo such as "destructve:Delete"
/// must not become a button's title); other text before a colon ("Note: ok")
/// is part of the title.
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
        case .action: return "an action; STYLE is default (if omitted), cancel or destructive; \\: for a colon"
        case .textField: return "a text field; KIND is plain (if omitted), email, password or phone"
        }
    }

    /// The method's arguments for `text`, in the order of the method's
    /// argument names (so a plugin that declares `style,title` works too).
    func arguments(for text: String, method: ModalMethod) throws -> [ModalValue] {
        let parts = Self.fields(text)
        var named: [String: String]
        switch self {
        case .action:
            let (prefix, rest) = try Self.leading(parts, allowed: Self.actionStyles, what: "action style", option: "--action")
            named = ["title": rest.joined(separator: ":"), "style": prefix ?? "default"]
        case .textField:
            let (prefix, rest) = try Self.leading(parts, allowed: Self.fieldKinds, what: "text field kind", option: "--text-field")
            named = ["kind": prefix ?? "plain", "placeholder": rest.first ?? "",
                     "text": rest.dropFirst().joined(separator: ":")]
        }
        return arguments(forParsed: named, method: method)
    }

    /// The arguments for already separated parts, in the method's order.
    func arguments(forParsed named: [String: String], method: ModalMethod) -> [ModalValue] {
        let defaultOrder: [String] = self == .action ? ["title", "style"] : ["kind", "placeholder", "text"]
        let order = Set(method.argumentNames) == Set(defaultOrder) ? method.argumentNames : defaultOrder
        return order.map { .string(named[$0] ?? "") }
    }

    /// `text` split at its colons, `\:` and `\\` read as a colon and a backslash.
    static func fields(_ text: String) -> [String] {
        var fields: [String] = [""]
        var escaped = false
        for character in text {
            if escaped {
                if character != ":" && character != "\\" { fields[fields.count - 1].append("\\") }
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        if escaped { fields[fields.count - 1].append("\\") }
        return fields
    }

    /// The style or kind before the first colon, if it is one, and the rest.
    private static func leading(_ parts: [String], allowed: Set<String>, what: String,
                                option: String) throws -> (String?, [String]) {
        guard parts.count > 1 else { return (nil, parts) }
        let prefix = parts[0]
        if allowed.contains(prefix) { return (prefix, Array(parts.dropFirst())) }
        if !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && $0.isLowercase }) {
            throw UsageError("\(option) \(parts.joined(separator: ":")): unknown \(what) “\(prefix)”; the \(what)s are "
                             + allowed.sorted().joined(separator: ", ") + " (write \\: for a colon in the text)")
        }
        return (nil, parts)
    }
}
