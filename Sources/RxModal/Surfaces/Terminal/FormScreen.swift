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
/// "readOnly" and "attachments" are shown, not edited. Keys: Tab and Shift-Tab
/// go through the editable fields and then each enabled action; Up and Down
/// move between fields and the action row; Enter in a one-line field moves to
/// the next one, on the action row it chooses the selected action; Esc chooses
/// the cancel action. Ctrl-E in a "text" field calls the surface's
/// `textEditor` hook, if one is set (the $VISUAL/$EDITOR hand-off is the mail
/// composer's to provide).
///
/// Result: `{"action": i, "fields": {name: s or [s]}}` with every field: lists
/// for addresses and attachments, strings otherwise.
final class FormScreen: TerminalScreen {
    private struct Field {
        let name: String
        var label: String
        let kind: String
        /// The edited text (addresses: comma-separated) or, for a list, its items.
        var text: String
        var list: [String]
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
                         text: text, list: list)
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
        return fields[current].text
    }

    func replaceFocusedText(with text: String) {
        guard let current = focus, fields[current].kind == "text" else { return }
        fields[current].text = text
    }

    private var editable: [Int] { fields.indices.filter { fields[$0].isEditable } }

    private func next(after current: Int?) -> Int? {
        guard let current else { return editable.first }
        return editable.first { $0 > current }
    }

    private func previous(before current: Int) -> Int? { editable.last { $0 < current } }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        switch key {
        case .enter:
            if let current = focus {
                if fields[current].kind == "text" { fields[current].text.append("\n") } else { focus = next(after: current) }
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
            if let current = focus { focus = previous(before: current) ?? current } else { focus = editable.last }
        case .down:
            if let current = focus { focus = next(after: current) }
        case .left:
            if focus == nil { row.move(-1) }
        case .right:
            if focus == nil { row.move(1) }
        case .backspace:
            if let current = focus, !fields[current].text.isEmpty { fields[current].text.removeLast() }
        case .character(let character):
            if let current = focus { fields[current].text.append(character) }
        case .editExternally:
            break   // handled by the surface, which owns the terminal
        }
        return .redraw
    }

    private func answer(_ index: Int) -> ModalValue {
        var values: [String: ModalValue] = [:]
        for field in fields {
            switch field.kind {
            case "addresses":
                values[field.name] = .array(field.text.split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { .string($0) })
            case "attachments":
                values[field.name] = .array(field.list.map { .string($0) })
            default:
                values[field.name] = .string(field.text)
            }
        }
        return ["action": .int(Int64(index)), "fields": .object(values)]
    }

    func lines(style: TerminalStyle) -> [String] {
        var lines: [String] = []
        if let title { lines.append(style.paint(TerminalSafeText.line(title), .bold)) }
        for (index, field) in fields.enumerated() {
            let label = TerminalSafeText.line(field.label)
            let focused = index == focus
            let marker = focused ? ">" : " "
            let caret = focused ? "_" : ""
            switch field.kind {
            case "text":
                lines.append("\(marker) \(label):")
                var bodyLines = TerminalSafeText.lines(field.text)
                bodyLines[bodyLines.count - 1] += caret
                lines += bodyLines.map { "    \($0)" }
            case "attachments":
                let names = field.list.isEmpty ? "(none)" : TerminalSafeText.line(field.list.joined(separator: ", "))
                lines.append("  \(label): \(names)")
            case "readOnly":
                lines.append(style.paint("  \(label): \(TerminalSafeText.line(field.text))", .dim))
            default:
                lines.append("\(marker) \(label): \(TerminalSafeText.line(field.text))\(caret)")
            }
        }
        lines.append("")
        lines.append(row.line(style: style, focused: focus == nil))
        return lines
    }
}
