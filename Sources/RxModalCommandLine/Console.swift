import Glibc

/// Where the command writes: results and listings to standard output, human
/// messages to standard error. Each call writes its whole text with write(2)
/// (no stdio buffer to flush), so a result document goes out whole, and only
/// once the outcome is known.
///
/// Thread safety: writes may come from any thread; the command writes from
/// the main thread only.
public struct Console: Sendable {
    public init() {}

    /// Writes `text` and a newline to standard output.
    public func output(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` and a newline to standard error.
    public func error(_ text: String) { write(text, to: STDERR_FILENO) }

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
