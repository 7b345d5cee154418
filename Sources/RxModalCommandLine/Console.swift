import Glibc
import RxModal

/// Where the command writes: results and listings to standard output, human
/// messages to standard error. Each call writes its whole text with write(2)
/// (no stdio buffer to flush), so a result document goes out whole, and only
/// once the outcome is known.
///
/// Text for people (listings, help, messages) carries names from outside — a
/// kind's name as typed, a file in a plugin directory, a plugin's error — and
/// usually lands on a terminal, so it goes through `TerminalSafeText`. A JSON
/// document keeps its value exactly; the characters a terminal would obey are
/// written as `\u` escapes.
///
/// Thread safety: writes may come from any thread; the command writes from
/// the main thread only.
public struct Console: Sendable {
    public init() {}

    /// Writes a JSON document and a newline to standard output: the same value,
    /// with DEL, C1 controls and bidirectional formatting escaped.
    public func output(_ json: String) { write(TerminalSafeText.jsonForTerminal(json), to: STDOUT_FILENO) }

    /// Writes text for people and a newline to standard output, controls shown visibly.
    public func text(_ text: String) { write(Self.safe(text), to: STDOUT_FILENO) }

    /// Writes a message and a newline to standard error, controls shown visibly.
    public func error(_ text: String) { write(Self.safe(text), to: STDERR_FILENO) }

    private static func safe(_ text: String) -> String {
        TerminalSafeText.lines(text).joined(separator: "\n")
    }

    private func write(_ text: String, to descriptor: Int32) {
        let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }   // a closed pipe: nothing more to do
            offset += written
        }
    }
}
