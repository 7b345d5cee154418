/// Reads JSON text (RFC 8259) into a ``ModalValue``, keeping what Foundation's
/// decoder loses: a number written with a fraction or an exponent (`2.0`,
/// `-0.0`, `1e3`) is a double, one without is an integer (a double when it does
/// not fit 64 bits). Nesting is bounded by ``ModalValue/maximumDepth``, the
/// same limit every value tree has; a key given twice in one object is an
/// error rather than a silent choice, and so is a key holding U+0000, which
/// the C form of a tree cannot carry. Errors name the byte offset.
/// Stateless; safe from any thread.
enum JSONReader {
    /// Why the text is not a value; ``ModalValue/init(json:)`` reports it as
    /// `ModalError.invalidJSON`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ text: String) throws(Failure) -> ModalValue {
        var bytes = Array(text.utf8)
        bytes.append(0)   // a sentinel: every look-ahead stops on it
        var cursor = Cursor(bytes: bytes, end: bytes.count - 1)
        cursor.skipWhitespace()
        let value = try cursor.value(depth: 0)
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw cursor.failure("unexpected text after the value") }
        return value
    }

    private struct Cursor {
        let bytes: [UInt8]
        let end: Int
        var offset = 0

        init(bytes: [UInt8], end: Int) {
            self.bytes = bytes
            self.end = end
        }

        var atEnd: Bool { offset >= end }
        var current: UInt8 { bytes[offset] }

        func failure(_ what: String) -> Failure {
            Failure(description: atEnd ? "\(what) at the end of the text" : "\(what) at byte \(offset)")
        }

        mutating func skipWhitespace() {
            while !atEnd, current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D { offset += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> ModalValue {
            guard !atEnd else { throw failure("expected a value") }
            switch current {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("expected a value")
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            let start = offset
            for byte in word.utf8 {
                guard current == byte else { offset = start; throw failure("expected \(word)") }
                offset += 1
            }
        }

        mutating func enter(_ depth: Int) throws(Failure) {
            guard depth <= ModalValue.maximumDepth else {
                throw failure("nested deeper than \(ModalValue.maximumDepth) levels, the limit of a value tree")
            }
            offset += 1
            skipWhitespace()
        }

        mutating func array(depth: Int) throws(Failure) -> ModalValue {
            try enter(depth)
            var items: [ModalValue] = []
            if current == UInt8(ascii: "]") { offset += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): offset += 1; skipWhitespace()
                case UInt8(ascii: "]"): offset += 1; return .array(items)
                default: throw failure("expected , or ] in an array")
                }
            }
        }

        mutating func object(depth: Int) throws(Failure) -> ModalValue {
            try enter(depth)
            var members: [String: ModalValue] = [:]
            if current == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                guard current == UInt8(ascii: "\"") else { throw failure("expected a key (a string)") }
                let keyOffset = offset
                let key = try string()
                if key.unicodeScalars.contains("\u{0}") {
                    offset = keyOffset
                    throw failure("an object key may not contain U+0000 (keys cross to C as NUL-terminated strings)")
                }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected : after a key") }
                offset += 1
                skipWhitespace()
                let member = try value(depth: depth)
                guard members.updateValue(member, forKey: key) == nil else {
                    offset = keyOffset
                    throw failure("the key \"\(key)\" appears twice in one object")
                }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): offset += 1; skipWhitespace()
                case UInt8(ascii: "}"): offset += 1; return .object(members)
                default: throw failure("expected , or } in an object")
                }
            }
        }

        mutating func string() throws(Failure) -> String {
            offset += 1   // the opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = offset
            func flush(_ cursor: Cursor, upTo end: Int) {
                // The text came from a String, so a run without escapes is valid UTF-8.
                scalars.append(contentsOf: String(decoding: cursor.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard !atEnd else { throw failure("unterminated string") }
                let byte = current
                if byte == UInt8(ascii: "\"") {
                    flush(self, upTo: offset)
                    offset += 1
                    return String(scalars)
                }
                guard byte >= 0x20 else { throw failure("a control character must be escaped in a string") }
                guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
                flush(self, upTo: offset)
                offset += 1
                switch current {
                case UInt8(ascii: "\""): scalars.append("\""); offset += 1
                case UInt8(ascii: "\\"): scalars.append("\\"); offset += 1
                case UInt8(ascii: "/"): scalars.append("/"); offset += 1
                case UInt8(ascii: "b"): scalars.append("\u{08}"); offset += 1
                case UInt8(ascii: "f"): scalars.append("\u{0C}"); offset += 1
                case UInt8(ascii: "n"): scalars.append("\n"); offset += 1
                case UInt8(ascii: "r"): scalars.append("\r"); offset += 1
                case UInt8(ascii: "t"): scalars.append("\t"); offset += 1
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default: throw failure("unknown escape in a string")
                }
                runStart = offset
            }
        }

        /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`; the cursor is on the `u`.
        mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate must be followed by a low one")
                }
                offset += 1
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second) else { throw failure("a high surrogate must be followed by a low one") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("a lone low surrogate") }
            return scalar
        }

        mutating func hexQuad() throws(Failure) -> UInt32 {
            offset += 1   // the u
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = current
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("expected four hexadecimal digits after \\u")
                }
                value = value << 4 | UInt32(digit)
                offset += 1
            }
            return value
        }

        mutating func number() throws(Failure) -> ModalValue {
            let start = offset
            var isInteger = true
            if current == UInt8(ascii: "-") { offset += 1 }
            guard isDigit(current) else { throw failure("expected a digit") }
            if current == UInt8(ascii: "0") {
                offset += 1
                guard !isDigit(current) else { throw failure("a number may not start with 0") }
            } else {
                while isDigit(current) { offset += 1 }
            }
            if current == UInt8(ascii: ".") {
                isInteger = false
                offset += 1
                guard isDigit(current) else { throw failure("expected a digit after the decimal point") }
                while isDigit(current) { offset += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                isInteger = false
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                guard isDigit(current) else { throw failure("expected a digit in the exponent") }
                while isDigit(current) { offset += 1 }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            if isInteger, let integer = Int64(text) { return .int(integer) }
            guard let double = Double(text), double.isFinite else {
                offset = start
                throw failure("the number \(text) is beyond a double")
            }
            return .double(double)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
