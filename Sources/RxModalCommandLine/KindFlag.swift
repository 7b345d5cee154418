import RxModal

/// One option that configures a kind: either generated from a configuration
/// method (`--title TITLE` calls `setTitle`), or one of the dialog-tool
/// shortcuts (``DialogShortcut``) that exist when the kind has the method they
/// stand for.
///
/// Immutable; safe from any thread.
struct KindFlag: Sendable {
    /// Without the leading dashes.
    let name: String
    let method: ModalMethod
    let shortcut: DialogShortcut?

    var spelling: String { "--" + name }

    /// The placeholders shown in help: `TITLE STYLE`, `[STYLE:]TITLE`.
    var valueSyntax: String {
        if let shortcut { return shortcut.valueSyntax }
        let names = method.argumentNames.count == method.signature.count
            ? method.argumentNames
            : method.signature.map { MethodArgumentKind.name(of: $0) }
        let upper = names.map { $0.uppercased() }
        if takesOptionalBool { return "[\(upper[0])]" }
        return upper.joined(separator: " ")
    }

    /// A flag for one boolean argument may be given bare, meaning true.
    var takesOptionalBool: Bool { shortcut == nil && method.signature == "b" }

    /// The help line's text.
    var summary: String {
        if let shortcut { return shortcut.summary + " (calls \(method.name))" }
        return method.doc.isEmpty ? "calls \(method.name)" : "\(method.doc) (\(method.name))"
    }
}

/// Names for signature codes when a plugin gave no argument names.
enum MethodArgumentKind {
    static func name(of code: Character) -> String {
        switch code {
        case "b": return "bool"
        case "i": return "int"
        case "d": return "number"
        case "s": return "text"
        case "y": return "bytes"
        case "S": return "list"
        default: return "json"
        }
    }
}
