/// Keeps messages readable when they quote what was typed: an argument (or the
/// value after its `=` or `script:`) longer than ``longest`` characters is shown
/// as its beginning, an ellipsis and its length — a 120 KB argument must not
/// come back whole on standard error. As a last resort a message is cut to
/// ``longestMessage`` characters, for values quoted in a form we do not know.
///
/// Stateless; safe from any thread.
enum EchoedValueShortening {
    static let longest = 80
    static let kept = 40
    static let longestMessage = 4_000

    static func shorten(_ message: String, echoing arguments: [String]) -> String {
        var pieces: Set<String> = []
        for argument in arguments where argument.count > longest {
            pieces.insert(argument)
            for separator in ["=", ":"] {
                if let range = argument.range(of: separator) {
                    let rest = String(argument[range.upperBound...])
                    if rest.count > longest { pieces.insert(rest) }
                }
            }
        }
        var result = message
        // Longest first, so that an argument is replaced before its own tail.
        for piece in pieces.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            result = result.replacingOccurrences(of: piece, with: shortened(piece))
        }
        if result.count > longestMessage {
            result = String(result.prefix(longestMessage)) + "… (message cut at \(longestMessage) characters)"
        }
        return result
    }

    /// The first ``kept`` characters, an ellipsis and the length in bytes.
    static func shortened(_ value: String) -> String {
        "\(value.prefix(kept))… (\(value.utf8.count) bytes)"
    }
}
