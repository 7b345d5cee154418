/// How many columns a drawn line takes on a terminal, so that the surface
/// knows how many rows a screen covers (long lines wrap) and can erase exactly
/// those before drawing again. A wrong count leaves rows of an old screen
/// behind, or erases output that was there before.
///
/// The line is measured as terminals lay it out: the surface's own escape
/// sequences (CSI: colours, attributes) take no column; a character takes two
/// when it is East Asian wide or fullwidth or an emoji shown as an emoji, none
/// when it is a combining mark or another zero-width character, one otherwise.
/// Text from outside has been through `TerminalSafeText`, so no other control
/// is left to measure.
///
/// Pure functions; safe from any thread.
enum TerminalColumns {
    static func width(of line: String) -> Int {
        var columns = 0
        var text = Substring(line)
        while let escape = text.firstIndex(of: "\u{1B}") {
            columns += width(ofText: text[..<escape])
            text = text[text.index(after: escape)...]
            // A CSI sequence: "[", parameters, a final byte in 0x40...0x7E.
            guard text.first == "[" else { continue }
            text = text.dropFirst()
            if let final = text.unicodeScalars.firstIndex(where: { (0x40...0x7E).contains($0.value) }) {
                text = text[text.unicodeScalars.index(after: final)...]
            } else {
                text = ""
            }
        }
        return columns + width(ofText: text)
    }

    /// `line` cut into rows of at most `width` columns. A row breaks after the
    /// last space that follows some text, so words are not cut (a word longer
    /// than the row is); a space at the break is not drawn. A wide character
    /// that does not fit in the last column starts the next row, as xterm and
    /// tmux lay it out. Drawing these rows with explicit line ends makes the
    /// number of rows on the screen exactly `rows.count`, whatever the
    /// terminal does at its right edge. Escape sequences stay with the text
    /// they precede and take no column.
    static func rows(of line: String, width: Int) -> [String] {
        let width = max(1, width)
        var rows: [String] = []
        var row = ""
        var columns = 0
        /// Where the word being written starts in `row` (in characters), when
        /// a space before it may end the row.
        var wordStart: Int?
        /// Whether the last character drawn was a space.
        var afterSpace = false
        /// Whether the line has had text: its indentation is no place to break.
        var seenText = false
        var text = Substring(line)
        while let character = text.first {
            if character == "\u{1B}" {
                // Copy a CSI sequence whole; it takes no column.
                var end = text.index(after: text.startIndex)
                if end < text.endIndex, text[end] == "[" {
                    end = text.index(after: end)
                    while end < text.endIndex, !(text[end].unicodeScalars.first.map { (0x40...0x7E).contains($0.value) } ?? false) {
                        end = text.index(after: end)
                    }
                    if end < text.endIndex { end = text.index(after: end) }
                }
                row += text[..<end]
                text = text[end...]
                continue
            }
            text = text.dropFirst()
            let characterWidth = Self.width(of: character)
            let isSpace = character == " "
            if !isSpace && afterSpace && seenText { wordStart = row.count }
            if columns + characterWidth > width && columns > 0 {
                if isSpace {
                    // The space that would overflow ends the row and is not drawn.
                    rows.append(row)
                    (row, columns, wordStart, afterSpace) = ("", 0, nil, false)
                    continue
                }
                if let start = wordStart, start > 0 {
                    // The word being written moves to the next row whole.
                    let word = String(row.dropFirst(start))
                    rows.append(String(row.prefix(start)))
                    (row, columns) = (word, Self.width(of: word))
                } else {
                    rows.append(row)
                    (row, columns) = ("", 0)
                }
                wordStart = nil
            }
            row.append(character)
            columns += characterWidth
            afterSpace = isSpace
            seenText = seenText || !isSpace
            if isSpace { wordStart = nil }
        }
        rows.append(row)
        return rows
    }

    private static func width(ofText text: Substring) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The width of one character (a grapheme cluster: a base with its marks,
    /// or an emoji sequence).
    static func width(of character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if isWide(scalar) || (scalar.properties.isEmojiPresentation && scalar.value > 0xFF) { return 2 }
            if width == 0 && !isZeroWidth(scalar) { width = 1 }
        }
        // An emoji shown as text is turned into an emoji by VS16.
        if character.unicodeScalars.contains("\u{FE0F}") && character.unicodeScalars.first?.properties.isEmoji == true { return 2 }
        return width
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value)   // ZWSP; Hangul vowels and finals join the syllable
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks of Unicode's EastAsianWidth property.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F,        // Hangul Jamo initial consonants
             0x2E80...0x303E,        // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
             0x3041...0x33FF,        // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
             0x3400...0x4DBF,        // CJK unified ideographs extension A
             0x4E00...0x9FFF,        // CJK unified ideographs
             0xA000...0xA4CF,        // Yi
             0xA960...0xA97F,        // Hangul Jamo extended A
             0xAC00...0xD7A3,        // Hangul syllables
             0xF900...0xFAFF,        // CJK compatibility ideographs
             0xFE10...0xFE19,        // vertical forms
             0xFE30...0xFE6F,        // CJK compatibility forms, small form variants
             0xFF00...0xFF60,        // fullwidth forms
             0xFFE0...0xFFE6,        // fullwidth signs
             0x16FE0...0x18AFF,      // Tangut and ideographic symbols
             0x1B000...0x1B2FF,      // Kana supplement and extensions, Nushu
             0x1F200...0x1F2FF,      // enclosed ideographic supplement
             0x20000...0x2FFFD,      // CJK extensions B–F, compatibility supplement
             0x30000...0x3FFFD:      // CJK extension G and later
            return true
        default:
            return false
        }
    }
}
