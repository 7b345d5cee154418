/// Work under way (a picker scanning a large library), drawn as
///
///     Photos
///     Scanning… 12345 files seen
///     Esc cancels
///
/// The plugin changes the message with updates as the work goes on and
/// dismisses the screen when it is done. Keys: Esc gives up; every other key
/// is ignored (nothing is asked).
///
/// Result: `{"cancelled": true}` when the user gives up.
final class ProgressScreen: TerminalScreen {
    private var title: String?
    private var message: String?

    init(spec: ModalValue) {
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
    }

    func update(spec: ModalValue) {
        title = spec["title"]?.stringValue
        message = spec["message"]?.stringValue
    }

    func handle(_ key: TerminalKey) -> ScreenOutcome {
        key == .escape ? .result(["cancelled": true]) : .redraw
    }

    func drawing(style: TerminalStyle) -> ScreenDrawing {
        var lines: [String] = []
        if let title { lines.append(style.paint(TerminalSafeText.line(title), .bold)) }
        if let message { lines += TerminalSafeText.lines(message) }
        lines.append(style.paint("Esc cancels", .dim))
        // In a short window the title and the hint stay; the message scrolls.
        return ScreenDrawing(lines: lines, headerCount: title == nil ? 0 : 1, footerCount: 1)
    }
}
