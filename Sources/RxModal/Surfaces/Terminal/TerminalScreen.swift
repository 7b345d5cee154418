/// What one key did to an interactive screen.
enum ScreenOutcome: Equatable {
    /// The screen changed (or not); keep showing it.
    case redraw
    /// The user answered; the value follows the primitive's result schema.
    case result(ModalValue)
}

/// The interactive form of one primitive: its state, how keys change it, and
/// how it is drawn. One class per primitive (`DialogScreen` for dialog and
/// prompt, `ChoiceScreen`, `FormScreen`, `ProgressScreen`).
///
/// Not thread-safe: the terminal surface uses a screen only under its lock.
protocol TerminalScreen: AnyObject {
    /// Handles one key.
    func handle(_ key: TerminalKey) -> ScreenOutcome
    /// The screen's lines, without line ends; `style` decides colors.
    func lines(style: TerminalStyle) -> [String]
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
        case .openURL: return nil
        }
    }
}
