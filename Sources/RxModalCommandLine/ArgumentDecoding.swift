/// Turns the arguments the system passed (bytes) into text. An argument that is
/// not valid UTF-8 is refused, naming its position and the option it belongs
/// to, rather than repaired with U+FFFD: a title, path or address with replaced
/// bytes would be shown, stored or matched as something nobody typed.
///
/// Stateless; safe from any thread.
enum ArgumentDecoding {
    /// `arguments` without the program name; positions in messages count from 1.
    static func decode(_ arguments: [[UInt8]]) throws -> [String] {
        var decoded: [String] = []
        decoded.reserveCapacity(arguments.count)
        for (index, bytes) in arguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError("argument \(index + 1)\(context(of: bytes, after: decoded.last)) is not valid UTF-8; "
                                 + "rxmodal reads its arguments as UTF-8 text")
            }
            decoded.append(text)
        }
        return decoded
    }

    /// " (--title=…)" for an inline value, " (after --title)" for a value that
    /// follows an option, else nothing.
    private static func context(of bytes: [UInt8], after previous: String?) -> String {
        if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
           let option = String(validating: bytes[..<equals], as: UTF8.self) {
            return " (\(option)=…)"
        }
        if let previous, previous.hasPrefix("-") {
            let shown = previous.count > EchoedValueShortening.longest ? EchoedValueShortening.shortened(previous) : previous
            return " (after \(shown))"
        }
        return ""
    }
}
