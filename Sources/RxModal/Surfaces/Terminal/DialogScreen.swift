/// A dialog (alert or action sheet, with optional text fields) or a prompt,
/// drawn as
///
///     Sign in
///     Use your account
///
///     > Email: me@example.org_
///       Password: ******
///
///     [ Cancel ]  [>Sign In<]  ( Delete Account )
///
/// Keys: typing edits the focused text field (Backspace deletes); Tab and
/// Shift-Tab go through the fields and then each enabled action; Up and Down
/// move between the fields and the action row; Left and Right move along the
/// action row; Enter chooses the selected action (also from a text field, as
/// in a desktop alert); Esc chooses the cancel action if there is one.
/// Password fields are drawn as `*`.
///
/// Result: dialog `{"action": i, "textFields": [s]}`, prompt `{"action": i}`.
final class DialogScreen: TerminalScreen {
    private let primitive: SurfacePrimitive
    private var title: String?
    private var message: String?
    private var fields: [(kind: String, placeholder: String?, text: String)]
    private var row: ActionRow
    /// The focused text field, or nil when the action row has focus.
    private var focus: Int?

    init(spec: ModalValue, primitive: SurfacePrimitive) {
        self.primitive = primitive
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
        fields = (spec["textFields"]?.arrayValue ?? []).map {
            (kind: $0["kind"]?.stringValue ?? "plain", placeholder: $0["placeholder"]?.stringValue,
             text: $0["text"]?.stringValue ?? "")
        }
        row = ActionRow(actions: TerminalAction.list(from: spec))
        focus = fields.isEmpty ? nil : 0
    }

    func update(spec: ModalValue) {
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
        let newFields = (spec["textFields"]?.arrayValue ?? []).enumerated().map { index, field in
            // Text the user typed survives a patch; a field the patch adds starts from its spec.
            (kind: field["kind"]?.stringValue ?? "plain", placeholder: field["placeholder"]?.stringValue,
             text: index < fields.count ? fields[index].text : field["text"]?.stringValue ?? "")
        }
        fields = newFields
        if let current = focus, current >= fields.count { focus = fields.isEmpty ? nil : fields.count - 1 }
        row.replace(with: TerminalAction.list(from: spec))
    }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        switch key {
        case .enter:
            guard let index = row.selected else { return .redraw }
            return .result(answer(index))
        case .escape:
            guard let index = row.cancelIndex else { return .redraw }
            return .result(answer(index))
        case .tab:
            if let current = focus {
                if current + 1 < fields.count { focus = current + 1 } else { focus = nil; row.selectFirst() }
            } else if !row.move(1), !fields.isEmpty {
                focus = 0
            }
        case .backTab:
            if let current = focus {
                if current > 0 { focus = current - 1 } else { focus = nil; row.selectLast() }
            } else if !row.move(-1), !fields.isEmpty {
                focus = fields.count - 1
            }
        case .up:
            if let current = focus { if current > 0 { focus = current - 1 } } else if !fields.isEmpty { focus = fields.count - 1 }
        case .down:
            if let current = focus { focus = current + 1 < fields.count ? current + 1 : nil }
        case .left:
            if focus == nil { row.move(-1) }
        case .right:
            if focus == nil { row.move(1) }
        case .backspace:
            if let current = focus, !fields[current].text.isEmpty { fields[current].text.removeLast() }
        case .character(let character):
            if let current = focus { fields[current].text.append(character) }
        case .editExternally:
            break
        }
        return .redraw
    }

    private func answer(_ index: Int) -> ModalValue {
        if primitive == .prompt { return ["action": .int(Int64(index))] }
        return ["action": .int(Int64(index)), "textFields": .array(fields.map { .string($0.text) })]
    }

    func lines(style: TerminalStyle) -> [String] {
        var lines: [String] = []
        if let title { lines.append(style.paint(TerminalSafeText.line(title), .bold)) }
        if let message { lines += TerminalSafeText.lines(message) }
        if !fields.isEmpty {
            lines.append("")
            for (index, field) in fields.enumerated() {
                let label = TerminalSafeText.line(field.placeholder ?? field.kind.capitalized)
                let shown = field.kind == "password" ? String(repeating: "*", count: field.text.count) : TerminalSafeText.line(field.text)
                let focused = index == focus
                lines.append("\(focused ? ">" : " ") \(label): \(shown)\(focused ? "_" : "")")
            }
        }
        lines.append("")
        lines.append(row.line(style: style, focused: focus == nil))
        return lines
    }
}
