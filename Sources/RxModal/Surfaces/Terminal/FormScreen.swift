import Foundation

/// A form (a compose sheet), drawn as
///
///     New Message
///     > To: a@b.c_
///       Subject:
///       Body:
///         Hello
///       From: me@b.c
///       Attachments: (none)
///
///     [ Cancel ]  [>Send<]
///
/// Editable fields are "line", "addresses" (edited as one comma-separated
/// line) and "text" (several lines, edited inline: Enter starts a new line);
/// "readOnly" and "attachments" are shown, not edited. Keys: in a field,
/// typing and the editing keys of `EditableText` (Left/Right, Home/End,
/// Ctrl-A/E/U/W, Backspace, Delete; a paste keeps its line breaks in a "text"
/// field and turns them into spaces elsewhere); Tab and Shift-Tab go through
/// the editable fields and then each enabled action; Up and Down move between
/// fields and the action row; Enter in a one-line field moves to the next one,
/// on the action row it chooses the selected action; Esc chooses the cancel
/// action. Ctrl-X Ctrl-E in a "text" field calls the surface's `textEditor`
/// hook, if one is set.
///
/// Result: `{"action": i, "fields": {name: s or [s]}}` with every field: lists
/// for addresses and attachments, strings otherwise.
final class FormScreen: TerminalScreen {
    private struct Field {
        let name: String
        var label: String
        let kind: String
        /// The edited text (addresses: comma-separated) or, for a list, its items.
        var text: EditableText
        var list: [String]
        /// What is wrong with the field, drawn under it.
        var error: String?
        var isEditable: Bool { kind == "line" || kind == "text" || kind == "addresses" }
    }

    private var title: String?
    private var fields: [Field] = []
    private var row: ActionRow
    /// The focused field (an editable one), or nil for the action row.
    private var focus: Int?

    init(spec: ModalValue) {
        title = spec["title"]?.stringValue
        row = ActionRow(actions: TerminalAction.list(from: spec))
        fields = Self.fields(from: spec)
        focus = fields.firstIndex { $0.isEditable }
    }

    private static func fields(from spec: ModalValue) -> [Field] {
        (spec["fields"]?.arrayValue ?? []).map { field in
            let value = field["value"]
            let list = value?.arrayValue?.compactMap(\.stringValue) ?? value?.stringValue.map { [$0] } ?? []
            let kind = field["kind"]?.stringValue ?? "line"
            let text = kind == "addresses" ? list.joined(separator: ", ") : value?.stringValue ?? list.joined(separator: ", ")
            return Field(name: field["name"]?.stringValue ?? "", label: field["label"]?.stringValue ?? "", kind: kind,
                         text: EditableText(text, multiline: kind == "text"), list: list, error: field["error"]?.stringValue)
        }
    }

    func update(spec: ModalValue) {
        title = spec["title"]?.stringValue
        let typed = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        fields = Self.fields(from: spec).map { field in
            // What the user typed survives a patch of the same field.
            guard field.isEditable, let old = typed[field.name], old.kind == field.kind else { return field }
            var kept = field
            kept.text = old.text
            return kept
        }
        if let current = focus, !fields.indices.contains(current) || !fields[current].isEditable {
            focus = fields.firstIndex { $0.isEditable }
        }
        row.replace(with: TerminalAction.list(from: spec))
    }

    var focusedMultilineText: String? {
        guard let current = focus, fields[current].kind == "text" else { return nil }
        return fields[current].text.text
    }

    func replaceFocusedText(with text: String) {
        guard let current = focus, fields[current].kind == "text" else { return }
        fields[current].text.text = text
    }

    private var editable: [Int] { fields.indices.filter { fields[$0].isEditable } }

    private func next(after current: Int?) -> Int? {
        guard let current else { return editable.first }
        return editable.first { $0 > current }
    }

    private func previous(before current: Int) -> Int? { editable.last { $0 < current } }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        if let current = focus, fields[current].text.apply(key) { return .redraw }
        switch key {
        case .enter:
            if let current = focus {
                if fields[current].kind == "text" { fields[current].text.insertNewline() } else { focus = next(after: current) }
                return .redraw
            }
            guard let index = row.selected else { return .redraw }
            return .result(answer(index))
        case .escape:
            guard let index = row.cancelIndex else { return .redraw }
            return .result(answer(index))
        case .tab:
            if let current = focus {
                focus = next(after: current)
                if focus == nil { row.selectFirst() }
            } else if !row.move(1) {
                focus = editable.first
            }
        case .backTab:
            if let current = focus {
                focus = previous(before: current)
                if focus == nil { row.selectLast() }
            } else if !row.move(-1) {
                focus = editable.last
            }
        case .up:
            if let current = focus { focus = previous(before: current) ?? current } else if let last = editable.last { focus = last } else { return .ignored }
        case .down:
            if let current = focus { focus = next(after: current) } else { return .ignored }
        case .left where focus == nil:
            row.move(-1)
        case .right where focus == nil:
            row.move(1)
        case .pageUp, .pageDown, .home, .end:
            return .ignored
        default:
            break   // Ctrl-X Ctrl-E is the surface's, which owns the terminal
        }
        return .redraw
    }

    private func answer(_ index: Int) -> ModalValue {
        var values: [String: ModalValue] = [:]
        for field in fields {
            switch field.kind {
            case "addresses":
                values[field.name] = .array(field.text.text.split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { .string($0) })
            case "attachments":
                values[field.name] = .array(field.list.map { .string($0) })
            default:
                values[field.name] = .string(field.text.text)
            }
        }
        return ["action": .int(Int64(index)), "fields": .object(values)]
    }

    func drawing(style: TerminalStyle) -> ScreenDrawing {
        var drawing = ScreenDrawing(lines: [])
        if let title {
            drawing.lines.append(style.paint(TerminalSafeText.line(title), .bold))
            drawing.headerCount = 1
        }
        for (index, field) in fields.enumerated() {
            let label = TerminalSafeText.line(field.label)
            let focused = index == focus
            let marker = focused ? ">" : " "
            if focused { drawing.focusLine = drawing.lines.count }
            switch field.kind {
            case "text":
                drawing.lines.append("\(marker) \(label):")
                let bodyLines = field.text.drawnLines(style: style, showsCursor: focused)
                if focused { drawing.focusLine = drawing.lines.count + field.text.cursorLine }
                drawing.lines += bodyLines.map { "    \($0)" }
            case "attachments":
                let names = field.list.isEmpty ? "(none)" : TerminalSafeText.line(field.list.joined(separator: ", "))
                drawing.lines.append("  \(label): \(names)")
            case "readOnly":
                drawing.lines.append(style.paint("  \(label): \(TerminalSafeText.line(field.text.text))", .dim))
            default:
                let shown = field.text.drawnLines(style: style, showsCursor: focused).joined(separator: " ")
                drawing.lines.append("\(marker) \(label): \(shown)")
            }
            if let error = field.error, !error.isEmpty {
                drawing.lines.append(style.paint("    ! \(TerminalSafeText.line(error))", .red))
            }
        }
        drawing.lines.append("")
        drawing.lines.append(row.line(style: style, focused: focus == nil))
        drawing.footerCount = 2
        return drawing
    }
}
