import Foundation

/// Writes a ``ModalValue`` as compact JSON with sorted keys (so output is
/// stable), so that ``JSONReader`` reads back the same value: a double always
/// with a fraction or an exponent (`2.0`, `-0.0`, `1e+20`), an integer without.
/// Bytes are written as base64 strings (they read back as strings), a
/// non-finite double as `null` (JSON has none). Stateless; safe from any thread.
enum JSONWriter {
    static func write(_ value: ModalValue) -> String {
        var output = ""
        append(value, to: &output)
        return output
    }

    private static func append(_ value: ModalValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let integer): output += String(integer)
        case .double(let number):
            // Swift's shortest round-trip form always has a "." or an "e".
            output += number.isFinite ? "\(number)" : "null"
        case .string(let text): appendString(text, to: &output)
        case .bytes(let bytes): appendString(Data(bytes).base64EncodedString(), to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                append(item, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                appendString(key, to: &output)
                output += ":"
                append(members[key]!, to: &output)
            }
            output += "}"
        }
    }

    private static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
