/// One action of a dialog, form or prompt, as the spec describes it.
struct TerminalAction: Equatable {
    let title: String
    let style: String
    let enabled: Bool
    let preferred: Bool

    static func list(from spec: ModalValue) -> [TerminalAction] {
        (spec["actions"]?.arrayValue ?? []).map {
            TerminalAction(title: $0["title"]?.stringValue ?? "",
                           style: $0["style"]?.stringValue ?? "default",
                           enabled: $0["enabled"]?.boolValue ?? true,
                           preferred: $0["preferred"]?.boolValue ?? false)
        }
    }

    /// Whether Enter (or an empty answer) may choose it without the user moving
    /// to it first: an enabled action that is not destructive. A destructive
    /// choice is never the default (dialog's --defaultno, GNOME's guidelines),
    /// even when a kind prefers it.
    var mayBeDefault: Bool { enabled && style != "destructive" }
}

/// The row of actions at the bottom of a dialog, form or prompt, and which one
/// is selected: the preferred action first (if it may be the default, see
/// ``TerminalAction/mayBeDefault``), else the first enabled default-style
/// action, else the first that may be the default, else the first enabled one. Disabled actions are drawn in
/// parentheses (and dim) and are never selected. Enter chooses the selected
/// action; Esc the cancel action, if there is one and it is enabled.
///
/// Drawn as `[ Cancel ]  [>Sign In<]  ( Delete Account )`: the selected action
/// between `>` and `<`, so selection is visible without color.
///
/// Not thread-safe (part of a screen).
struct ActionRow {
    private(set) var actions: [TerminalAction]
    private(set) var selected: Int?

    init(actions: [TerminalAction]) {
        self.actions = actions
        self.selected = nil
        self.selected = initialSelection()
    }

    private func initialSelection() -> Int? {
        actions.firstIndex { $0.preferred && $0.mayBeDefault }
            ?? actions.firstIndex { $0.style == "default" && $0.enabled }
            ?? actions.firstIndex { $0.mayBeDefault }
            ?? actions.firstIndex { $0.enabled }
    }

    /// New actions from an update: the selection stays if that action is still
    /// enabled, else it goes to the initial choice (so an action becoming
    /// enabled does not steal the user's selection).
    mutating func replace(with newActions: [TerminalAction]) {
        let keep = selected.flatMap { newActions.indices.contains($0) && newActions[$0].enabled ? $0 : nil }
        actions = newActions
        selected = keep ?? initialSelection()
    }

    /// Moves the selection by `step` enabled actions; false at either end.
    @discardableResult
    mutating func move(_ step: Int) -> Bool {
        guard let current = selected else { return false }
        var index = current + step
        while actions.indices.contains(index) {
            if actions[index].enabled { selected = index; return true }
            index += step
        }
        return false
    }

    mutating func selectFirst() { selected = actions.firstIndex { $0.enabled } ?? selected }
    mutating func selectLast() { selected = actions.lastIndex { $0.enabled } ?? selected }

    /// The index Esc chooses: the enabled cancel action, if any.
    var cancelIndex: Int? { actions.firstIndex { $0.style == "cancel" && $0.enabled } }

    /// The enabled action a typed key stands for in a list of actions: its
    /// number (1 to 9, as drawn), or the first letter of its title when only
    /// one enabled action starts with it. Nil when the key means none.
    func shortcut(_ character: Character) -> Int? {
        if let digit = character.wholeNumberValue, character.isASCII, (1...9).contains(digit) {
            let index = digit - 1
            return actions.indices.contains(index) && actions[index].enabled ? index : nil
        }
        guard character.isLetter else { return nil }
        let letter = character.lowercased()
        let matches = actions.indices.filter { actions[$0].enabled && actions[$0].title.first?.lowercased() == letter }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The actions as a vertical list, as an action sheet shows them:
    ///
    ///     > 1  Copy Link
    ///       2  Delete            (red)
    ///      (3  Archive)          (disabled: dim, in parentheses)
    ///
    /// The selected action is marked by `>` and, with color, drawn in reverse
    /// video; numbers past 9 are not drawn (they have no key).
    func listLines(style: TerminalStyle) -> [String] {
        actions.enumerated().map { index, action in
            let title = TerminalSafeText.line(action.title)
            let number = index < 9 ? "\(index + 1)  " : "   "
            if !action.enabled { return style.paint(" (\(number)\(title))", .dim) }
            var attributes: [TerminalStyle.Attribute] = []
            if action.style == "destructive" { attributes.append(.red) }
            if index == selected {
                attributes += [.reverse, .bold]
                return "> " + style.paint("\(number)\(title)", attributes: attributes)
            }
            return "  " + style.paint("\(number)\(title)", attributes: attributes)
        }
    }

    mutating func select(_ index: Int) {
        if actions.indices.contains(index), actions[index].enabled { selected = index }
    }

    func line(style: TerminalStyle, focused: Bool) -> String {
        actions.enumerated().map { index, action in
            let title = TerminalSafeText.line(action.title)
            if !action.enabled { return style.paint("( \(title) )", .dim) }
            var attributes: [TerminalStyle.Attribute] = []
            if action.style == "destructive" { attributes.append(.red) }
            if index == selected {
                if focused { attributes.append(.reverse) }
                attributes.append(.bold)
                return style.paint("[>\(title)<]", attributes: attributes)
            }
            return style.paint("[ \(title) ]", attributes: attributes)
        }.joined(separator: "  ")
    }
}
