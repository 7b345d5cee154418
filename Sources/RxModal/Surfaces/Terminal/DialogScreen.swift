/// A dialog (alert or action sheet, with optional text fields) or a prompt.
/// An alert (and a prompt) is drawn as
///
///     Sign in
///     Use your account
///
///     > Email: me@example.org_
///       Password: ******
///
///     [ Cancel ]  [>Sign In<]  ( Delete Account )
///
/// and an action sheet lists its actions one per line, numbered:
///
///     Share
///
///     > 1  Copy Link
///       2  Mail
///       3  Cancel
///
/// Keys: in a text field, typing and the editing keys of `EditableText`
/// (Left/Right, Home/End, Ctrl-A/E/U/W, Backspace, Delete; a pasted line break
/// becomes a space); Tab and Shift-Tab go through the fields and then each
/// enabled action; Up and Down move between the fields and the actions (and
/// along a sheet's list); Left and Right move along an alert's row; Home and
/// End go to a sheet's first and last action; in a sheet's list, a number or the
/// first letter of one action's title chooses it at once; Enter chooses the
/// selected action (also from a text field, as in a desktop alert); Esc
/// chooses the cancel action if there is one. Password fields are drawn as `*`.
///
/// Result: dialog `{"action": i, "textFields": [s]}`, prompt `{"action": i}`.
final class DialogScreen: TerminalScreen {
    private let primitive: SurfacePrimitive
    private var title: String?
    private var message: String?
    /// An action sheet: actions drawn as a numbered list.
    private var isSheet: Bool
    private var fields: [(kind: String, placeholder: String?, text: EditableText)]
    private var row: ActionRow
    /// The focused text field, or nil when the actions have focus.
    private var focus: Int?

    init(spec: ModalValue, primitive: SurfacePrimitive) {
        self.primitive = primitive
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
        isSheet = primitive == .dialog && spec["style"]?.stringValue == "actionSheet"
        fields = (spec["textFields"]?.arrayValue ?? []).map {
            (kind: $0["kind"]?.stringValue ?? "plain", placeholder: $0["placeholder"]?.stringValue,
             text: EditableText($0["text"]?.stringValue ?? ""))
        }
        row = ActionRow(actions: TerminalAction.list(from: spec))
        focus = fields.isEmpty ? nil : 0
    }

    func update(spec: ModalValue) {
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
        isSheet = primitive == .dialog && spec["style"]?.stringValue == "actionSheet"
        let newFields = (spec["textFields"]?.arrayValue ?? []).enumerated().map { index, field in
            // Text the user typed survives a patch; a field the patch adds starts from its spec.
            (kind: field["kind"]?.stringValue ?? "plain", placeholder: field["placeholder"]?.stringValue,
             text: index < fields.count ? fields[index].text : EditableText(field["text"]?.stringValue ?? ""))
        }
        fields = newFields
        if let current = focus, current >= fields.count { focus = fields.isEmpty ? nil : fields.count - 1 }
        row.replace(with: TerminalAction.list(from: spec))
    }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        if let current = focus, fields[current].text.apply(key) { return .redraw }
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
            if let current = focus {
                if current > 0 { focus = current - 1 }
            } else if isSheet, row.move(-1) {
                break
            } else if !fields.isEmpty {
                focus = fields.count - 1
            } else {
                return .ignored
            }
        case .down:
            if let current = focus {
                focus = current + 1 < fields.count ? current + 1 : nil
            } else if !(isSheet && row.move(1)) {
                return .ignored
            }
        case .left where !isSheet && focus == nil:
            row.move(-1)
        case .right where !isSheet && focus == nil:
            row.move(1)
        case .home where isSheet && focus == nil:
            row.selectFirst()
        case .end where isSheet && focus == nil:
            row.selectLast()
        case .character(let character) where isSheet && focus == nil:
            guard let index = row.shortcut(character) else { break }
            return .result(answer(index))
        case .pageUp, .pageDown, .home, .end:
            return .ignored
        default:
            break
        }
        return .redraw
    }

    private func answer(_ index: Int) -> ModalValue {
        if primitive == .prompt { return ["action": .int(Int64(index))] }
        return ["action": .int(Int64(index)), "textFields": .array(fields.map { .string($0.text.text) })]
    }

    func drawing(style: TerminalStyle) -> ScreenDrawing {
        var drawing = ScreenDrawing(lines: [])
        if let title {
            drawing.lines.append(style.paint(TerminalSafeText.line(title), .bold))
            drawing.headerCount = 1
        }
        if let message { drawing.lines += TerminalSafeText.lines(message) }
        if !fields.isEmpty {
            drawing.lines.append("")
            for (index, field) in fields.enumerated() {
                let label = TerminalSafeText.line(field.placeholder ?? field.kind.capitalized)
                let focused = index == focus
                let shown = field.text.drawnLines(style: style, showsCursor: focused, mask: field.kind == "password" ? "*" : nil)
                if focused { drawing.focusLine = drawing.lines.count }
                drawing.lines.append("\(focused ? ">" : " ") \(label): \(shown.joined(separator: " "))")
            }
        }
        drawing.lines.append("")
        if isSheet {
            if focus == nil, let selected = row.selected { drawing.focusLine = drawing.lines.count + selected }
            drawing.lines += row.listLines(style: style)
        } else {
            drawing.lines.append(row.line(style: style, focused: focus == nil))
            drawing.footerCount = 2
        }
        return drawing
    }
}
