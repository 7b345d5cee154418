import Foundation

/// Where the plugin scanner program (`rxmodal-plugin-scanner`) is: named by
/// `RXMODAL_PLUGIN_SCANNER`, or beside the runtime, found the way its plugin
/// folders are (``PluginSearchPath/runtimeFolders(image:)``): `LIBDIR/rxmodal/`
/// for a library in `LIBDIR`, `PREFIX/lib/rxmodal/` (or the multiarch folder)
/// for a program in `PREFIX/bin`, and the build folder itself otherwise.
/// Stateless; safe from any thread.
public enum PluginScannerLocation {
    public static let environmentVariable = "RXMODAL_PLUGIN_SCANNER"
    public static let fileName = "rxmodal-plugin-scanner"

    /// The folders a scanner beside a runtime whose file is `image` may be in.
    public static func folders(image: String) -> [String] {
        PluginSearchPath.runtimeFolders(image: image).map { folder in
            // The plugin folder is LIBDIR/rxmodal/plugins-N: the scanner is in
            // LIBDIR/rxmodal. A build folder holds both itself.
            folder.hasSuffix("/" + PluginSearchPath.folderBelowLibraryDirectory)
                ? String(folder.dropLast(PluginSearchPath.folderBelowLibraryDirectory.count)) + "rxmodal"
                : folder
        }
    }

    /// The scanner to use, or nil: the variable's (an absolute path; empty for
    /// none) in a process that is not set-ID, else the first that exists beside
    /// the runtime.
    public static func find(environment: [String: String],
                            runtimeImage: String? = PluginSearchPath.runtimeImagePath()) -> String? {
        if !PluginSearchPath.isSecureExecution, let named = environment[environmentVariable] {
            return named.hasPrefix("/") ? named : nil
        }
        guard let runtimeImage else { return nil }
        return folders(image: runtimeImage).map { $0 + "/" + fileName }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
