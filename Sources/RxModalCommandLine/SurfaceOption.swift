import RxModal

/// The `--surface` option: `terminal`, `desktop`, `desktop:PARENT` or `script:FILE`.
///
/// A plain value; safe from any thread.
public enum SurfaceOption: Equatable, Sendable {
    /// The terminal surface: interactive on the controlling terminal, line mode
    /// (through standard input) in a process without one.
    case terminal
    /// GTK 4 windows (``DesktopSurface``); with a parent window (a portal-style
    /// handle, `x11:XID` or `wayland:HANDLE`), transient for it.
    case desktop(parentWindow: String?)
    /// A scripted surface answering from the JSON script in the file.
    case script(path: String)

    /// Parses the option's value; a usage error names what is accepted.
    public init(parsing text: String, helpTopic: String?) throws {
        if text == "terminal" {
            self = .terminal
        } else if text == "desktop" {
            self = .desktop(parentWindow: nil)
        } else if text.hasPrefix("desktop:"), text.count > "desktop:".count {
            self = .desktop(parentWindow: String(text.dropFirst("desktop:".count)))
        } else if text.hasPrefix("script:"), text.count > "script:".count {
            self = .script(path: String(text.dropFirst("script:".count)))
        } else {
            throw UsageError("--surface takes terminal, desktop, desktop:PARENT or script:FILE, not “\(text)”", helpTopic: helpTopic)
        }
    }
}
