/// A choice list, drawn as
///
///     Photos
///     Pick photos
///     Filter: hi
///     > [x] Hills — 2024
///       [ ] City (3 MB)
///     Space toggles, Enter confirms (1 chosen, at most 2)
///
/// Keys: Up and Down move; typing filters the list by title, subtitle and
/// detail (case-insensitive; Backspace edits the filter); Space toggles the item
/// under the cursor in a multiple choice, up to the limit; Enter confirms (a
/// single choice takes the item under the cursor; a multiple choice with
/// nothing toggled takes the item under the cursor too); Esc clears the filter,
/// or cancels when there is none. At most `visibleRows` items are drawn, around
/// the cursor.
///
/// Result: `{"selected": [i]}` (indices into the spec's items, in the order
/// chosen) or `{"cancelled": true}`.
final class ChoiceScreen: TerminalScreen {
    static let visibleRows = 10

    private var title: String?
    private var prompt: String?
    private var items: [ModalValue]
    private var multiple: Bool
    private var limit: Int
    private var filter = ""
    /// Index into `visibleItems`.
    private var cursor = 0
    private var chosen: [Int] = []
    private var notice: String?

    init(spec: ModalValue) {
        title = spec["title"]?.stringValue
        prompt = spec["prompt"]?.stringValue
        items = spec["items"]?.arrayValue ?? []
        multiple = spec["multiple"]?.boolValue ?? false
        limit = Int(spec["limit"]?.intValue ?? 0)
    }

    func update(spec: ModalValue) {
        title = spec["title"]?.stringValue
        prompt = spec["prompt"]?.stringValue
        items = spec["items"]?.arrayValue ?? []
        multiple = spec["multiple"]?.boolValue ?? false
        limit = Int(spec["limit"]?.intValue ?? 0)
        chosen.removeAll { $0 >= items.count }
        if !multiple { chosen = [] }
        cursor = min(cursor, max(0, visibleItems.count - 1))
    }

    /// "Title — subtitle (detail)", for drawing and for line mode.
    static func describe(_ item: ModalValue) -> String {
        var text = item["title"]?.stringValue ?? ""
        if let subtitle = item["subtitle"]?.stringValue { text += " — \(subtitle)" }
        if let detail = item["detail"]?.stringValue { text += " (\(detail))" }
        return text
    }

    /// Indices of the items the filter lets through.
    private var visibleItems: [Int] {
        guard !filter.isEmpty else { return Array(items.indices) }
        let needle = filter.lowercased()
        return items.indices.filter { Self.describe(items[$0]).lowercased().contains(needle) }
    }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        notice = nil
        let visible = visibleItems
        switch key {
        case .up:
            cursor = max(0, cursor - 1)
        case .down:
            cursor = min(max(0, visible.count - 1), cursor + 1)
        case .character(" ") where multiple:
            guard visible.indices.contains(cursor) else { break }
            let item = visible[cursor]
            if let position = chosen.firstIndex(of: item) {
                chosen.remove(at: position)
            } else if limit > 0 && chosen.count >= limit {
                notice = "At most \(limit) item\(limit == 1 ? "" : "s") can be chosen."
            } else {
                chosen.append(item)
            }
        case .character(let character):
            filter.append(character)
            cursor = 0
        case .paste(let text):
            // A pasted filter is one line: its line breaks and tabs become spaces.
            filter += text.map { $0.isNewline || $0 == "\t" ? " " : $0 }
            cursor = 0
        case .backspace:
            if !filter.isEmpty { filter.removeLast(); cursor = 0 }
        case .enter:
            if multiple && !chosen.isEmpty { return .result(["selected": .array(chosen.map { .int(Int64($0)) })]) }
            guard visible.indices.contains(cursor) else { notice = "Nothing matches the filter."; break }
            return .result(["selected": [.int(Int64(visible[cursor]))]])
        case .escape:
            if filter.isEmpty { return .result(["cancelled": true]) }
            filter = ""
            cursor = 0
        default:
            break
        }
        return .redraw
    }

    func drawing(style: TerminalStyle) -> ScreenDrawing {
        var lines: [String] = []
        var focusLine: Int?
        if let title { lines.append(style.paint(TerminalSafeText.line(title), .bold)) }
        if let prompt { lines.append(TerminalSafeText.line(prompt)) }
        if !filter.isEmpty { lines.append("Filter: \(TerminalSafeText.line(filter))") }
        let visible = visibleItems
        if visible.isEmpty { lines.append("  (nothing matches)") }
        let first = max(0, min(cursor - Self.visibleRows / 2, visible.count - Self.visibleRows))
        let shown = visible.indices.filter { $0 >= first && $0 < first + Self.visibleRows }
        if first > 0 { lines.append("  ↑ \(first) more") }
        for position in shown {
            let item = visible[position]
            let mark = multiple ? (chosen.contains(item) ? "[x] " : "[ ] ") : ""
            let text = "\(position == cursor ? ">" : " ") \(mark)\(TerminalSafeText.line(Self.describe(items[item])))"
            if position == cursor { focusLine = lines.count }
            lines.append(position == cursor ? style.paint(text, .cyan, .bold) : text)
        }
        let below = visible.count - (first + shown.count)
        if below > 0 { lines.append("  ↓ \(below) more") }
        if multiple {
            let most = limit > 0 ? ", at most \(limit)" : ""
            lines.append(style.paint("Space toggles, Enter confirms (\(chosen.count) chosen\(most))", .dim))
        }
        if let notice { lines.append(notice) }
        return ScreenDrawing(lines: lines, focusLine: focusLine)
    }
}
