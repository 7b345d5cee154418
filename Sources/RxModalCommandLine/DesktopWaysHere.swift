import Foundation

/// What `rxmodal describe` adds for the kinds that can reach the desktop's own
/// dialogs: which way each takes in this process's surroundings, by default.
/// The rules are the plugins' (their method docs say them); this reads the same
/// facts — a Flatpak or Snap sandbox, $BROWSER — so a user sees the outcome.
///
/// Stateless; any thread.
enum DesktopWaysHere {
    static func lines(forKind kind: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                      flatpakInfo: String = "/.flatpak-info") -> [String] {
        let sandboxed = FileManager.default.fileExists(atPath: flatpakInfo) || !(environment["SNAP"] ?? "").isEmpty
        switch kind {
        case "photoPicker":
            return [sandboxed
                ? "source automatic takes here: fileChooser (inside a Flatpak or Snap sandbox; the library on a surface without a file chooser)"
                : "source automatic takes here: library (not in a Flatpak or Snap sandbox)"]
        case "mailComposer":
            return ["transport by default: sendmail (this composer's form); mailClient hands the message to the desktop's Email portal"]
        case "webAuthenticationSession":
            let browser = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
            return [browser.isEmpty
                ? "browser here: the OpenURI portal on the desktop surface when the session has one, else the desktop's URL handler"
                : "browser here: \(browser) ($BROWSER)"]
        default:
            return []
        }
    }
}
