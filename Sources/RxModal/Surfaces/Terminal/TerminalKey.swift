/// A key the interactive terminal surface understands, decoded from the bytes a
/// terminal sends in raw mode.
enum TerminalKey: Equatable, Sendable {
    case character(Character)
    case enter
    case tab
    case backTab
    case backspace
    /// Delete (the key that removes the character under the cursor).
    case delete
    case escape
    case up, down, left, right
    /// Home, or Ctrl-A as in readline.
    case home
    /// End, or Ctrl-E as in readline.
    case end
    case pageUp, pageDown
    /// Ctrl-U: delete from the start of the line to the cursor.
    case deleteToLineStart
    /// Ctrl-W: delete the word before the cursor.
    case deleteWordBackward
    /// Ctrl-X Ctrl-E (readline's binding): hand a multi-line field to an
    /// external editor (see `TerminalSurface.textEditor`).
    case editExternally
    /// Text the terminal delivered as a bracketed paste (ESC[200~ … ESC[201~):
    /// inserted as text, so a pasted newline never acts as Enter.
    case paste(String)
}

/// Turns raw terminal input into keys. Bytes of an escape sequence, a UTF-8
/// character or a bracketed paste split across reads are kept until the rest
/// arrives; an Esc with nothing after it in the same read is the Esc key.
///
/// Not thread-safe: owned by the surface's reader thread.
struct TerminalKeyDecoder {
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: the pasted bytes so far.
    private var pasted: [UInt8]?
    /// Ctrl-X was the last key: a following Ctrl-E is `editExternally`.
    private var afterControlX = false

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    mutating func keys(from bytes: [UInt8]) -> [TerminalKey] {
        pending += bytes
        var keys: [TerminalKey] = []
        var index = 0
        let input = pending
        while index < input.count {
            if pasted != nil {
                // Everything up to the end marker is text, whatever it looks like.
                if let end = Self.firstIndex(of: Self.pasteEnd, in: input, from: index) {
                    pasted! += input[index..<end]
                    keys.append(.paste(String(decoding: pasted!, as: UTF8.self)))
                    pasted = nil
                    index = end + Self.pasteEnd.count
                    continue
                }
                // Keep a possible start of the end marker for the next read.
                let keep = Self.pasteEnd.count - 1
                let cut = max(index, input.count - keep)
                pasted! += input[index..<cut]
                pending = Array(input[cut...])
                return keys
            }
            let byte = input[index]
            if afterControlX {
                afterControlX = false
                if byte == 0x05 { keys.append(.editExternally); index += 1; continue }
                // Anything else after Ctrl-X is itself.
            }
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else { keys.append(.escape); index += 1; continue }
                let next = input[index + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
                    var end = index + 2
                    while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
                    guard end < input.count else { pending = Array(input[index...]); return keys }
                    let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
                    if input[end] == UInt8(ascii: "~"), parameters == "200" {
                        pasted = []
                    } else if let key = Self.key(final: input[end], parameters: parameters) {
                        keys.append(key)
                    }
                    index = end + 1
                } else {
                    // Esc Esc, or Alt+key: Esc, then the next byte on its own.
                    keys.append(.escape)
                    index += 1
                }
            case 0x0D, 0x0A:
                keys.append(.enter)
                // A CR LF pair (a terminal with ICRNL off sending both) is one Enter.
                index += (byte == 0x0D && index + 1 < input.count && input[index + 1] == 0x0A) ? 2 : 1
            case 0x09:
                keys.append(.tab); index += 1
            case 0x7F, 0x08:
                keys.append(.backspace); index += 1
            case 0x01:
                keys.append(.home); index += 1
            case 0x05:
                keys.append(.end); index += 1
            case 0x15:
                keys.append(.deleteToLineStart); index += 1
            case 0x17:
                keys.append(.deleteWordBackward); index += 1
            case 0x18:
                afterControlX = true; index += 1
            case 0x00..<0x20:
                index += 1   // other control bytes are ignored
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= input.count else { pending = Array(input[index...]); return keys }
                let scalarBytes = input[index..<(index + length)]
                if let text = String(validating: scalarBytes, as: UTF8.self) {
                    for character in text { keys.append(.character(character)) }
                }
                index += length
            }
        }
        pending = []
        return keys
    }

    /// The key of a CSI or SS3 sequence (xterm, VT220 and rxvt spellings), or
    /// nil for one the surface does not use (function keys, focus reports).
    private static func key(final: UInt8, parameters: String) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first ?? "" {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for candidate in start...(haystack.count - needle.count) where haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) {
            return candidate
        }
        return nil
    }
}
