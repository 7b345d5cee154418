/// The text of one field being edited, with a cursor, and the readline keys
/// that edit it: Left and Right move by one character (a whole grapheme: an
/// accented letter, a wide CJK character, an emoji), Home/End and Ctrl-A/Ctrl-E
/// go to the start and end of the line, Backspace and Delete remove the
/// character before and under the cursor, Ctrl-U removes everything before the
/// cursor on its line, Ctrl-W the word before it.
///
/// A one-line field turns each line break of a paste into a space, so pasting
/// two lines never answers a dialog and never loses the second line. A
/// multi-line field keeps them.
///
/// Not thread-safe (part of a screen).
struct EditableText {
    private(set) var characters: [Character]
    /// Where the next character goes: 0 ... characters.count.
    private(set) var cursor: Int
    let isMultiline: Bool

    init(_ text: String, multiline: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        isMultiline = multiline
    }

    var text: String {
        get { String(characters) }
        set { characters = Array(newValue); cursor = characters.count }
    }

    /// The line (0-based) the cursor is on.
    var cursorLine: Int { characters[..<cursor].filter(\.isNewline).count }

    /// Applies `key`; false when the key is not an editing key (the screen
    /// decides what it means).
    mutating func apply(_ key: TerminalKey) -> Bool {
        switch key {
        case .character(let character):
            insert([character])
        case .paste(let pasted):
            insert(Array(clean(pasted)))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home:
            cursor = lineStart
        case .end:
            cursor = lineEnd
        case .backspace:
            guard cursor > 0 else { break }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { break }
            characters.remove(at: cursor)
        case .deleteToLineStart:
            let start = lineStart
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWordBackward:
            // As readline's unix-word-rubout: blanks before the cursor, then the word.
            var start = cursor
            while start > lineStart, characters[start - 1].isWhitespace { start -= 1 }
            while start > lineStart, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// Inserts a line break (Enter in a multi-line field).
    mutating func insertNewline() {
        if isMultiline { insert(["\n"]) }
    }

    private mutating func insert(_ new: [Character]) {
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// A paste made fit for the field: CR LF and CR become LF, a one-line
    /// field gets spaces for line breaks, tabs become spaces.
    private func clean(_ pasted: String) -> String {
        let unified = pasted.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\t", with: " ")
        guard !isMultiline else { return unified }
        var trimmed = Substring(unified)
        // A copied line usually ends with its line break: that one is dropped, not made a space.
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        return trimmed.replacingOccurrences(of: "\n", with: " ")
    }

    private var lineStart: Int {
        var start = cursor
        while start > 0, !(isMultiline && characters[start - 1].isNewline) { start -= 1 }
        return start
    }

    private var lineEnd: Int {
        var end = cursor
        while end < characters.count, !(isMultiline && characters[end].isNewline) { end += 1 }
        return end
    }

    /// The field as drawn, one string per line, with the cursor shown: `_`
    /// after the last character; inside the text, the character under it in
    /// reverse video, or a `|` before it when the style has no attributes.
    /// `mask` replaces every character (a password). Text is made safe
    /// (`TerminalSafeText`) before it is drawn.
    func drawnLines(style: TerminalStyle, showsCursor: Bool, mask: Character? = nil) -> [String] {
        var lines: [String] = [""]
        func piece(_ characters: ArraySlice<Character>) -> String {
            if let mask { return String(repeating: mask, count: characters.count) }
            return TerminalSafeText.line(String(characters))
        }
        var lineStartIndex = 0
        for index in 0...characters.count {
            let atEnd = index == characters.count
            // "\r\n" is one Character; any line break ends a drawn line of a
            // multi-line field. In a one-line field it is shown as text (`^J`).
            let atBreak = isMultiline && !atEnd && characters[index].isNewline
            if showsCursor && index == cursor {
                lines[lines.count - 1] += piece(characters[lineStartIndex..<index])
                if atEnd || atBreak {
                    lines[lines.count - 1] += "_"
                } else if style.usesColor {
                    lines[lines.count - 1] += style.paint(piece(characters[index...index]), .reverse)
                    lineStartIndex = index + 1
                    continue
                } else {
                    lines[lines.count - 1] += "|"
                }
                lineStartIndex = index
            }
            if atEnd || atBreak {
                lines[lines.count - 1] += piece(characters[lineStartIndex..<index])
                if atBreak { lines.append("") }
                lineStartIndex = index + 1
            }
        }
        return lines
    }
}
