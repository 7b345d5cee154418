import Foundation

/// The directories the registry looks in for plugins, in order; the first
/// provider of a kind wins. Immutable value; safe to share between threads.
///
/// The standard path is, in order:
/// 1. each directory of `RXMODAL_PLUGIN_PATH` (colon-separated), where every
///    regular file is a candidate;
/// 2. the directory of the running executable or test bundle, where SwiftPM puts
///    the package's own `librxmodal-<kind>.so` products;
/// 3. `<prefix>/lib/rxmodal/plugins`, with the prefix from `RXMODAL_PREFIX` or
///    `/usr/local`.
/// In 2 and 3, only files named `librxmodal-*.so` are candidates: those
/// directories hold other things too.
public struct PluginSearchPath: Hashable, Sendable {
    public struct Directory: Hashable, Sendable {
        public var path: String
        /// Whether every regular file is a candidate (true) or only `librxmodal-*.so`.
        public var acceptsAnyFile: Bool
        /// Whether a missing or unreadable directory is reported (explicit
        /// directories) or passed over quietly (defaults that may not exist).
        public var reportsIfMissing: Bool

        public init(path: String, acceptsAnyFile: Bool, reportsIfMissing: Bool) {
            self.path = path
            self.acceptsAnyFile = acceptsAnyFile
            self.reportsIfMissing = reportsIfMissing
        }
    }

    public static let environmentVariable = "RXMODAL_PLUGIN_PATH"
    public static let prefixVariable = "RXMODAL_PREFIX"
    public static let defaultPrefix = "/usr/local"

    public var directories: [Directory]

    public init(directories: [Directory]) {
        self.directories = directories
    }

    /// Exactly these directories, every regular file in them a candidate, as for
    /// `RXMODAL_PLUGIN_PATH`.
    public static func explicit(_ paths: [String]) -> PluginSearchPath {
        PluginSearchPath(directories: paths.map { Directory(path: $0, acceptsAnyFile: true, reportsIfMissing: true) })
    }

    /// The standard path (see the type's documentation) for `environment`.
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = PluginSearchPath.currentExecutablePath()
    ) -> PluginSearchPath {
        var directories: [Directory] = []
        if let list = environment[environmentVariable] {
            for path in list.split(separator: ":", omittingEmptySubsequences: true) {
                directories.append(Directory(path: String(path), acceptsAnyFile: true, reportsIfMissing: true))
            }
        }
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            let directory = String(executablePath[..<slash])
            directories.append(Directory(path: directory.isEmpty ? "/" : directory, acceptsAnyFile: false, reportsIfMissing: false))
        }
        let prefix = environment[prefixVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPrefix
        directories.append(Directory(path: prefix + "/lib/rxmodal/plugins", acceptsAnyFile: false, reportsIfMissing: false))
        return PluginSearchPath(directories: directories)
    }

    /// The running executable (for `swift test`, the `.xctest` bundle, itself an
    /// executable on Linux): `/proc/self/exe`, else an absolute
    /// `CommandLine.arguments[0]`.
    public static func currentExecutablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.hasPrefix("/") { return first }
        if first.contains("/") { return FileManager.default.currentDirectoryPath + "/" + first }
        return nil
    }

    /// Whether a file in a default directory is a candidate by its name.
    static func isPluginFileName(_ name: String) -> Bool {
        name.hasPrefix("librxmodal-") && name.hasSuffix(".so") && name.count > "librxmodal-.so".count
    }
}
