/// A key the interactive terminal surface understands, decoded from the bytes a
/// terminal sends in raw mode.
enum TerminalKey: Equatable, Sendable {
    case character(Character)
    case enter
    case tab
    case backTab
    case backspace
    case escape
    case up, down, left, right
    /// Ctrl-E: hand a multi-line field to an external editor (see `TerminalSurface.textEditor`).
    case editExternally
}

/// Turns raw terminal input into keys. Bytes of an escape sequence or a UTF-8
/// character split across reads are kept until the rest arrives; an Esc with
/// nothing after it in the same read is the Esc key.
///
/// Not thread-safe: owned by the surface's reader thread.
struct TerminalKeyDecoder {
    private var pending: [UInt8] = []

    mutating func keys(from bytes: [UInt8]) -> [TerminalKey] {
        pending += bytes
        var keys: [TerminalKey] = []
        var index = 0
        let input = pending
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else { keys.append(.escape); index += 1; continue }
                let next = input[index + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
                    var end = index + 2
                    while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
                    guard end < input.count else { pending = Array(input[index...]); return keys }
                    switch input[end] {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    case UInt8(ascii: "Z"): keys.append(.backTab)
                    default: break   // Home, End, function keys: not used
                    }
                    index = end + 1
                } else if next == 0x1B {
                    keys.append(.escape)
                    index += 1
                } else {
                    // Alt+key: treat as Esc followed by the key.
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
            case 0x05:
                keys.append(.editExternally); index += 1
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
}
