/// What one key did to an interactive screen.
enum ScreenOutcome: Equatable {
    /// The screen changed (or not); keep showing it.
    case redraw
    /// The screen has no use for the key: the surface may use it to scroll the
    /// viewport (Up, Down, PgUp, PgDn, Home, End).
    case ignored
    /// The user answered; the value follows the primitive's result schema.
    case result(ModalValue)
}

/// A screen's lines and which of them the surface must keep in view when the
/// window is too short to show them all (`TerminalViewport`).
struct ScreenDrawing: Equatable {
    /// The lines, without line ends.
    var lines: [String]
    /// How many lines at the start stay at the top (the title).
    var headerCount = 0
    /// How many lines at the end stay at the bottom (the action row, a hint).
    var footerCount = 0
    /// The line that holds the focus (a field, the cursor item), kept in view.
    var focusLine: Int?
}

/// The interactive form of one primitive: its state, how keys change it, and
/// how it is drawn. One class per primitive (`DialogScreen` for dialog and
/// prompt, `ChoiceScreen`, `FormScreen`, `ProgressScreen`).
///
/// Not thread-safe: the terminal surface uses a screen only under its lock.
protocol TerminalScreen: AnyObject {
    /// Handles one key.
    func handle(_ key: TerminalKey) -> ScreenOutcome
    /// The screen as drawn; `style` decides colors.
    func drawing(style: TerminalStyle) -> ScreenDrawing
    /// Takes a changed (already validated) spec, keeping what the user did where
    /// it still fits.
    func update(spec: ModalValue)
}

enum TerminalScreens {
    /// The screen for a validated spec; nil for openURL, which draws nothing.
    static func make(for spec: ModalValue, primitive: SurfacePrimitive) -> TerminalScreen? {
        switch primitive {
        case .dialog, .prompt: return DialogScreen(spec: spec, primitive: primitive)
        case .choice: return ChoiceScreen(spec: spec)
        case .form: return FormScreen(spec: spec)
        case .progress: return ProgressScreen(spec: spec)
        case .openURL, .files, .composeEmail: return nil   // the last two are refused by show
        }
    }
}
