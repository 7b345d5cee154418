/// How much a terminal may be told beyond plain text, decided once from the
/// environment:
/// - `TERM=dumb` (or no `TERM` on a non-TTY): no escape sequences at all; a
///   changed screen is printed again below the old one.
/// - `NO_COLOR` set to anything non-empty (https://no-color.org): cursor
///   movement and clearing, but no colors or text attributes.
/// - otherwise: both.
///
/// Every mark that carries meaning (selection, focus, disabled, checked) is
/// also drawn as text, so nothing depends on color.
///
/// Immutable; safe to share between threads.
public struct TerminalStyle: Equatable, Sendable {
    /// Cursor movement, clearing, hiding the cursor.
    public let usesEscapes: Bool
    /// SGR colors and attributes (bold, dim, reverse).
    public let usesColor: Bool

    public init(usesEscapes: Bool, usesColor: Bool) {
        self.usesEscapes = usesEscapes
        self.usesColor = usesEscapes && usesColor
    }

    /// The style the environment asks for (see the type's documentation).
    public init(environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        let dumb = term == "dumb"
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        self.init(usesEscapes: !dumb, usesColor: !noColor)
    }

    enum Attribute: String {
        case bold = "1"
        case dim = "2"
        case reverse = "7"
        case red = "31"
        case cyan = "36"
    }

    /// `text` with the given attributes, or unchanged without color.
    func paint(_ text: String, _ attributes: Attribute...) -> String {
        paint(text, attributes: attributes)
    }

    func paint(_ text: String, attributes: [Attribute]) -> String {
        guard usesColor, !attributes.isEmpty else { return text }
        return "\u{1B}[\(attributes.map(\.rawValue).joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}
