import Foundation
import RxModal

/// The surface a command presents on, from `--surface` and the environment:
///
/// - `--surface terminal`: ``TerminalSurface/standard(environment:)`` (the
///   controlling terminal, or line mode on standard input/error when the
///   process has none);
/// - `--surface desktop`: GTK 4 windows (``Presenter/desktop``); `desktop:PARENT`,
///   transient for the window PARENT names (``Presenter/desktopTransient(forParentWindow:)``);
/// - `--surface script:FILE`: a ``ScriptedSurface`` reading FILE;
/// - neither: what ``Presenter/default`` does — `RXMODAL_SCRIPT` if set (read
///   here, so its transcript can be written), else the controlling terminal,
///   else no surface (``ModalError/missingSurface``).
///
/// `--transcript` needs a scripted surface. Made once per command, on the main
/// thread; the surfaces themselves are safe from any thread.
struct SurfaceSelection {
    let presenter: Presenter
    /// The scripted surface in use, whose transcript `--transcript` writes.
    let scripted: ScriptedSurface?

    init(option: SurfaceOption?, transcriptPath: String?, helpTopic: String?) throws {
        switch option {
        case .terminal:
            presenter = .surface(TerminalSurface.standard())
            scripted = nil
        case .desktop(let parentWindow):
            presenter = parentWindow.map { .desktopTransient(forParentWindow: $0) } ?? .desktop
            scripted = nil
        case .script(let path):
            let surface: ScriptedSurface
            do { surface = try ScriptedSurface(contentsOfFile: path) } catch {
                throw UsageError("--surface script:\(path): \(error)", helpTopic: helpTopic)
            }
            presenter = .surface(surface)
            scripted = surface
        case nil:
            let fromEnvironment: ScriptedSurface?
            do { fromEnvironment = try ScriptedSurface.fromEnvironment() } catch {
                throw UsageError("\(SurfaceScript.environmentVariable): \(error)", helpTopic: helpTopic)
            }
            presenter = fromEnvironment.map { .surface($0) } ?? .default
            scripted = fromEnvironment
        }
        if transcriptPath != nil && scripted == nil {
            throw UsageError("--transcript records what a scripted surface showed: give --surface script:FILE "
                             + "(or set \(SurfaceScript.environmentVariable))", helpTopic: helpTopic)
        }
    }

    /// The queue the coordinator calls the plugins on for this surface: its own
    /// (a serial surface), else the shared coordinator's. Asked after the run,
    /// when the surface has already been resolved (and, for GTK, loaded) once.
    var presentationQueue: DispatchQueue {
        (try? presenter.resolve())?.presentationQueue ?? ModalCoordinator.shared.queue
    }

    /// Writes the transcript if one was asked for; a failure is reported, not thrown,
    /// so it never hides the modal's own outcome.
    func writeTranscript(to path: String?, console: Console) -> Bool {
        guard let path, let scripted else { return true }
        do {
            try scripted.writeTranscript(to: path)
            return true
        } catch {
            console.error("rxmodal: --transcript: \(error)")
            return false
        }
    }
}
