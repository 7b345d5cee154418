/// Text that came from outside the program — a spec's title, message, labels,
/// action titles, item titles (a picture's file name, an MP3's title tag),
/// field values, and what the user types — made safe to write to a terminal.
///
/// A terminal obeys the control characters in what it is sent: ESC starts a
/// sequence that can retitle the window, clear the screen, recolour text or
/// move the cursor to paint a fake list; a C1 control (U+009B is CSI on its
/// own) does the same on terminals that honour them; a bidirectional override
/// makes a line read differently from what it is. So every such character is
/// shown instead of sent:
///
/// - C0 controls (U+0000–U+001F, tab and carriage return included) and DEL in
///   caret notation, the way `cat -v` and a terminal's own echo show them:
///   ESC is `^[`, BEL `^G`, tab `^I`, DEL `^?`.
/// - C1 controls (U+0080–U+009F), which have no caret form, and the invisible
///   bidirectional formatting characters — embeddings and overrides
///   (U+202A–U+202E), isolates (U+2066–U+2069), and the marks U+200E, U+200F
///   and U+061C, which also reorder what is around them — as `<U+XXXX>`.
///
/// Everything else, wide and combining characters included, is kept as it is.
/// Line feed is the one exception, and only in ``lines(_:)``: a multi-line
/// text (a message, a body) is broken into lines there, which the screen lays
/// out itself; a carriage return right before a line feed belongs to the
/// break. ``line(_:)`` shows a line feed as `^J`, so a one-line place (a title,
/// a file name) stays one line.
///
/// Only what is drawn on a terminal goes through here: results, JSON and
/// transcripts keep the real characters. The terminal surface draws every
/// outside string through it; the `rxmodal` command its human messages.
///
/// Pure functions; safe from any thread.
public enum TerminalSafeText {
    /// `text` as one line, every control character shown visibly.
    public static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { visibleForm(of: $0) != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let shown = visibleForm(of: scalar) {
                result.append(contentsOf: shown.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` broken at its line feeds (CR LF counts as one), each line made safe
    /// as by ``line(_:)``. An empty text is one empty line.
    public static func lines(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if current.last == "\r" { current.removeLast() }
                pieces.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        pieces.append(String(current))
        return pieces.map(line)
    }

    /// A JSON document with DEL, the C1 controls and the bidirectional
    /// formatting characters written as `\uXXXX` escapes: the same document
    /// once parsed, but one that a terminal shows as it is. (A JSON encoder
    /// already escapes C0 controls inside strings; outside strings they can
    /// only be whitespace, which stays.)
    public static func jsonForTerminal(_ document: String) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x7F && visibleForm(of: scalar) != nil }
        guard document.unicodeScalars.contains(where: escaped) else { return document }
        var result = String.UnicodeScalarView()
        for scalar in document.unicodeScalars {
            if escaped(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// How `scalar` is shown, or nil when it is safe to send as it is.
    public static func visibleForm(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F:
            return "^?"
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return codePointNotation(scalar)
        default:
            return nil
        }
    }

    private static func codePointNotation(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
