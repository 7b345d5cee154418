import Foundation

/// Where a photo picker's items come from: the library grid of the pictures
/// folder, scanned by the plugin (the seed's PHPicker shows the library), or
/// the desktop's own file chooser (the "files" surface primitive, which the
/// desktop surface shows through the FileChooser portal).
///
/// A plain value: any thread.
enum PhotoPickerSource: String, CaseIterable, Sendable {
    /// The file chooser inside a Flatpak or Snap sandbox, where the pictures
    /// folder is out of the app's reach and the portal is how it gets files;
    /// the library elsewhere. A surface without a file chooser gets the library.
    case automatic
    case library
    case fileChooser

    /// The way taken for a presentation in `environment`.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment,
                  flatpakInfo: String = "/.flatpak-info") -> PhotoPickerSource {
        guard self == .automatic else { return self }
        return Self.isSandboxed(environment: environment, flatpakInfo: flatpakInfo) ? .fileChooser : .library
    }

    /// Whether the process runs inside a Flatpak (its /.flatpak-info) or Snap
    /// ($SNAP, set by snapd for every confined command) sandbox.
    static func isSandboxed(environment: [String: String], flatpakInfo: String = "/.flatpak-info") -> Bool {
        FileManager.default.fileExists(atPath: flatpakInfo) || !(environment["SNAP"] ?? "").isEmpty
    }

}
