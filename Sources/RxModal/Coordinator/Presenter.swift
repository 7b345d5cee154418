import Foundation
import Synchronization

/// Where a modal is shown: the Linux counterpart of the seed's `Presenter`,
/// resolved lazily, when the modal is subscribed (not when it is described).
///
/// - `.default` is, in this order:
///   1. the scripted surface given by the `RXMODAL_SCRIPT` environment variable
///      (JSON text, or `@/path/to/file`; see ``SurfaceScript``) when it is set and
///      not empty — an explicit request wins, so that scripted runs started from
///      a terminal stay headless. That scripted surface is one for the process, so
///      successive modals take successive steps of the script; it is read again
///      (from step 1) when the variable's value changes. A malformed script fails
///      the subscription with the script's error;
///   2. the surface `RXMODAL_SURFACE` names, when it is set: `terminal` (line
///      mode in a process without a controlling terminal) or `desktop`;
///   3. the terminal, when the process has a controlling terminal — whatever
///      standard input and output are, so a program reading a pipe still asks
///      its user: one interactive ``TerminalSurface`` on `/dev/tty` for the
///      whole process. Installing the desktop surface never turns a shell script
///      run in a terminal (gnome-terminal, tmux, `ssh -X`) into windows;
///   4. the desktop (``DesktopSurface``), when the process has no terminal and the
///      environment names a display (`WAYLAND_DISPLAY` or `DISPLAY`): an app
///      started from the desktop;
///   5. otherwise ``ModalError/missingSurface``.
/// - `.desktop` presents in GTK 4 windows (``DesktopSurface``), or fails the
///   subscription with the reason it cannot.
/// - `.surface(s)` presents on `s`.
///
/// Immutable; safe to share between threads.
public enum Presenter: Sendable {
    case `default`
    case desktop
    /// The desktop, every window transient for the host's window named by a
    /// portal-style handle (`x11:XID`, `wayland:HANDLE`): see ``DesktopSurface``.
    case desktopTransient(forParentWindow: String)
    case surface(any ModalSurface)

    /// The environment variable that names the surface `.default` uses.
    public static let surfaceEnvironmentVariable = "RXMODAL_SURFACE"

    /// The seed's default presenter, spelled as it was: here, ``default``. (The
    /// seed's other presenters name UIKit windows and views, which Linux has not.)
    public static var keyWindow: Presenter { .default }

    /// The surface to present on, or ``ModalError/missingSurface``.
    public func resolve() throws -> any ModalSurface {
        switch self {
        case .surface(let surface):
            return surface
        case .desktop:
            return try DesktopSurface.shared()
        case .desktopTransient(let parentWindow):
            return try DesktopSurface.shared(parentWindow: parentWindow)
        case .default:
            if let scripted = try EnvironmentScriptedSurface.current() { return scripted }
            switch ProcessInfo.processInfo.environment[Self.surfaceEnvironmentVariable] ?? "" {
            case "": break
            case "desktop": return try DesktopSurface.shared()
            case "terminal":
                // As `--surface terminal`: line mode when there is no controlling terminal.
                return ProcessTerminalSurface.current() ?? TerminalSurface.standard()
            case let other:
                throw ModalError.invalidArgument(method: Self.surfaceEnvironmentVariable,
                                                 reason: "“\(other)” is not a surface: give terminal or desktop")
            }
            if let terminal = ProcessTerminalSurface.current() { return terminal }
            if DesktopSurface.hasDisplay() { return try DesktopSurface.shared() }
            throw ModalError.missingSurface
        }
    }
}

/// The process's scripted surface from `RXMODAL_SCRIPT`, kept while the
/// variable's value stays the same. Guarded by a mutex; safe from any thread.
enum EnvironmentScriptedSurface {
    private static let cached = Mutex<(text: String, surface: ScriptedSurface)?>(nil)

    static func current() throws -> ScriptedSurface? {
        guard let raw = getenv(SurfaceScript.environmentVariable), raw.pointee != 0 else { return nil }
        let text = String(cString: raw)
        return try cached.withLock { cached in
            if let cached, cached.text == text { return cached.surface }
            guard let surface = try ScriptedSurface.fromEnvironment() else { return nil }
            cached = (text, surface)
            return surface
        }
    }
}

/// The process's interactive terminal surface, made on first use when the
/// process has a controlling terminal. Guarded by a mutex; safe from any thread.
enum ProcessTerminalSurface {
    private static let cached = Mutex<TerminalSurface?>(nil)

    static func current() -> TerminalSurface? {
        cached.withLock { cached in
            if let cached { return cached }
            cached = TerminalSurface.onControllingTerminal()
            return cached
        }
    }
}
