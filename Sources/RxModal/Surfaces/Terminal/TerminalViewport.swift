/// Fits a screen into the window. A screen drawn below the cursor that is
/// taller than the window scrolls its own top off the screen, where the
/// cursor cannot go back to erase it: every redraw would leave a copy in the
/// scrollback. So the surface never draws more rows than the window has (less
/// one, for the line the cursor rests on): when a screen is taller, its header
/// (the title) and footer (the action row) stay and the part between them is
/// shown through a window of rows that scrolls, with "↑ n more" and
/// "↓ n more" where rows are hidden. The focus line is brought into view after
/// every key the screen used; the scrolling keys move the view freely.
///
/// Lines are cut into rows by `TerminalColumns.rows(of:width:)`, so the number
/// of rows drawn is known exactly.
///
/// Not thread-safe (the surface keeps one per presentation, under its lock).
struct TerminalViewport {
    /// The first row of the scrolling part that is shown.
    private(set) var offset = 0
    /// Whether the next layout scrolls the focus line into view.
    var followsFocus = true
    /// Rows of the scrolling part shown by the last layout (a page).
    private var pageRows = 1

    /// Moves the view by a key the screen did not use; false for keys that do
    /// not scroll.
    mutating func scroll(by key: TerminalKey) -> Bool {
        switch key {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= max(1, pageRows - 1)
        case .pageDown: offset += max(1, pageRows - 1)
        case .home: offset = 0
        case .end: offset = Int.max / 2
        default: return false
        }
        followsFocus = false
        return true
    }

    /// The rows to draw for `drawing` in a window of `columns` × `height`
    /// rows; at most `height` rows, none wider than `columns`.
    mutating func rows(for drawing: ScreenDrawing, columns: Int, height: Int, style: TerminalStyle) -> [String] {
        let wrapped = drawing.lines.map { TerminalColumns.rows(of: $0, width: columns) }
        let headerEnd = min(drawing.headerCount, wrapped.count)
        let footerStart = max(headerEnd, wrapped.count - drawing.footerCount)
        var header = Array(wrapped[..<headerEnd].joined())
        let body = Array(wrapped[headerEnd..<footerStart].joined())
        let footer = Array(wrapped[footerStart...].joined())
        let height = max(1, height)
        if header.count + body.count + footer.count <= height {
            offset = 0
            return header + body + footer
        }
        // Two rows for the "more" marks; the title goes first when room is short.
        var bodyRows = height - header.count - footer.count - 2
        if bodyRows < 1 {
            header = []
            bodyRows = height - footer.count - 2
        }
        guard bodyRows >= 1 else { return Array(footer.suffix(height)) }
        pageRows = bodyRows

        if followsFocus, let focus = drawing.focusLine, (headerEnd..<footerStart).contains(focus) {
            let first = wrapped[headerEnd..<focus].reduce(0) { $0 + $1.count }
            let last = first + wrapped[focus].count
            if first < offset { offset = first }
            if last > offset + bodyRows { offset = min(first, last - bodyRows) }
        }
        offset = min(max(0, offset), body.count - bodyRows)
        let below = body.count - offset - bodyRows
        // Cut to the width before painting, so the attributes are always reset.
        func mark(_ text: String) -> String { style.paint(TerminalColumns.rows(of: text, width: columns)[0], .dim) }
        let above = offset > 0 ? mark("↑ \(offset) more (PgUp)") : ""
        let under = below > 0 ? mark("↓ \(below) more (PgDn)") : ""
        return header + [above] + body[offset..<(offset + bodyRows)] + [under] + footer
    }
}
