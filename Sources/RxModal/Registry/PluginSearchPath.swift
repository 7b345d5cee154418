#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import RxModalPluginABI

/// The folders the registry looks in for plugins, in order, each with the reason
/// it is on the path; the first provider of a kind wins. Immutable value; safe to
/// share between threads.
///
/// The standard path is, in order:
/// 1. each folder of `RXMODAL_PLUGIN_PATH` (colon-separated, absolute paths
///    only), where every regular file is a candidate;
/// 2. the folders beside the runtime itself, wherever it was installed or built
///    (``runtimeFolders(image:)``): for a library in `LIBDIR`,
///    `LIBDIR/rxmodal/plugins-1`; for a program in `PREFIX/bin`,
///    `PREFIX/lib/rxmodal/plugins-1` and `PREFIX/lib/<multiarch>/rxmodal/plugins-1`;
///    for a build folder (SwiftPM's `.build/debug`), the folder itself;
/// 3. the system folders: `RXMODAL_PREFIX/lib/rxmodal/plugins-1` when that
///    variable is set, otherwise `/usr/local/lib/rxmodal/plugins-1`,
///    `/usr/lib/<multiarch>/rxmodal/plugins-1` and `/usr/lib/rxmodal/plugins-1`.
/// `RXMODAL_PLUGIN_SYSTEM_PATH`, when set (even empty), replaces 2 and 3 with
/// its own colon-separated folders, as `GST_PLUGIN_SYSTEM_PATH` does for
/// GStreamer: a host or a test that must know exactly what is loaded sets it.
/// In 2 and 3, only files named `librxmodal-*.so` are candidates. The `1` is the
/// plugin ABI's major version, so plugins of two majors can be installed side by side.
/// The variables are ignored in a set-user-ID or set-group-ID process.
public struct PluginSearchPath: Hashable, Sendable {
    /// Why a folder is on the path.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// Given by the caller (``PluginSearchPath/explicit(_:)``, `rxm_registry_open`'s list).
        case explicit
        /// An entry of `RXMODAL_PLUGIN_PATH`.
        case environment
        /// Derived from where the runtime's own file is (the path of that file).
        case runtime(image: String)
        /// Under `RXMODAL_PREFIX`.
        case prefixVariable
        /// A documented system folder.
        case system
        /// An entry of `RXMODAL_PLUGIN_SYSTEM_PATH`.
        case systemPathVariable

        public var description: String {
            switch self {
            case .explicit: return "given by the caller"
            case .environment: return "from \(PluginSearchPath.environmentVariable)"
            case .runtime(let image): return "beside the runtime, \(image)"
            case .prefixVariable: return "from \(PluginSearchPath.prefixVariable)"
            case .system: return "system folder"
            case .systemPathVariable: return "from \(PluginSearchPath.systemPathVariable)"
            }
        }
    }

    public struct Directory: Hashable, Sendable {
        public var path: String
        /// Whether every regular file is a candidate (true) or only `librxmodal-*.so`.
        public var acceptsAnyFile: Bool
        /// Whether a missing, unreadable or refused folder is reported among the
        /// skipped plugins (folders someone named) or only in the search report
        /// (defaults that may not exist, or that are not plugin folders at all).
        public var reportsIfMissing: Bool
        public var source: Source

        public init(path: String, acceptsAnyFile: Bool, reportsIfMissing: Bool, source: Source = .explicit) {
            self.path = path
            self.acceptsAnyFile = acceptsAnyFile
            self.reportsIfMissing = reportsIfMissing
            self.source = source
        }
    }

    public static let environmentVariable = "RXMODAL_PLUGIN_PATH"
    public static let prefixVariable = "RXMODAL_PREFIX"
    public static let systemPathVariable = "RXMODAL_PLUGIN_SYSTEM_PATH"
    /// `rxmodal/plugins-<ABI major>`: the plugin folder's path below a `LIBDIR`.
    public static let folderBelowLibraryDirectory = "rxmodal/plugins-\(RXM_PLUGIN_ABI_MAJOR)"
    /// Debian's multiarch name of this machine's library folder (`x86_64-linux-gnu`).
    public static let multiarchTriplet: String = {
        #if arch(x86_64)
        return "x86_64-linux-gnu"
        #elseif arch(arm64)
        return "aarch64-linux-gnu"
        #elseif arch(riscv64)
        return "riscv64-linux-gnu"
        #else
        return "unknown-linux-gnu"
        #endif
    }()

    public var directories: [Directory]

    public init(directories: [Directory]) {
        self.directories = directories
    }

    /// Exactly these folders, every regular file in them a candidate, as for
    /// `RXMODAL_PLUGIN_PATH`.
    public static func explicit(_ paths: [String]) -> PluginSearchPath {
        PluginSearchPath(directories: paths.map { Directory(path: $0, acceptsAnyFile: true, reportsIfMissing: true) })
    }

    /// The standard path (see the type's documentation) for `environment` and a
    /// runtime whose file is `runtimeImage` (nil: none derived).
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        runtimeImage: String? = PluginSearchPath.runtimeImagePath()
    ) -> PluginSearchPath {
        let environment = isSecureExecution ? [:] : environment
        var directories: [Directory] = []
        if let list = environment[environmentVariable] {
            for path in list.split(separator: ":", omittingEmptySubsequences: true) {
                directories.append(Directory(path: String(path), acceptsAnyFile: true, reportsIfMissing: true, source: .environment))
            }
        }
        if let list = environment[systemPathVariable] {
            for path in list.split(separator: ":", omittingEmptySubsequences: true) {
                directories.append(Directory(path: String(path), acceptsAnyFile: false, reportsIfMissing: true, source: .systemPathVariable))
            }
            return PluginSearchPath(directories: directories)
        }
        if let runtimeImage {
            for folder in runtimeFolders(image: runtimeImage) {
                directories.append(Directory(path: folder, acceptsAnyFile: false, reportsIfMissing: false, source: .runtime(image: runtimeImage)))
            }
        }
        if let prefix = environment[prefixVariable], !prefix.isEmpty {
            directories.append(Directory(path: prefix + "/lib/" + folderBelowLibraryDirectory,
                                         acceptsAnyFile: false, reportsIfMissing: false, source: .prefixVariable))
        } else {
            for folder in systemFolders {
                directories.append(Directory(path: folder, acceptsAnyFile: false, reportsIfMissing: false, source: .system))
            }
        }
        return PluginSearchPath(directories: directories)
    }

    /// The documented system folders, searched last.
    public static var systemFolders: [String] {
        ["/usr/local/lib/" + folderBelowLibraryDirectory,
         "/usr/lib/\(multiarchTriplet)/" + folderBelowLibraryDirectory,
         "/usr/lib/" + folderBelowLibraryDirectory]
    }

    /// The plugin folders that belong with a runtime whose file is `image`:
    /// - in a `bin`, `sbin` or `libexec` folder (a program): `../lib/rxmodal/plugins-1`
    ///   and `../lib/<multiarch>/rxmodal/plugins-1`;
    /// - in a library folder (`lib`, `lib64`, `lib32`, `libx32`, or a multiarch
    ///   folder such as `lib/x86_64-linux-gnu`):
    ///   `rxmodal/plugins-1` beside it;
    /// - anywhere else, a build folder: the folder itself, where SwiftPM puts
    ///   the package's `librxmodal-<kind>.so` products next to the programs.
    public static func runtimeFolders(image: String) -> [String] {
        guard let slash = image.lastIndex(of: "/") else { return [] }
        let folder = slash == image.startIndex ? "/" : String(image[..<slash])
        let name = lastComponent(folder)
        let parent = parentFolder(folder)
        if ["bin", "sbin", "libexec"].contains(name) {
            let lib = (parent == "/" ? "" : parent) + "/lib"
            return [lib + "/" + folderBelowLibraryDirectory, lib + "/\(multiarchTriplet)/" + folderBelowLibraryDirectory]
        }
        if libraryFolderNames.contains(name) || (libraryFolderNames.contains(lastComponent(parent)) && name.contains("-linux-")) {
            return [(folder == "/" ? "" : folder) + "/" + folderBelowLibraryDirectory]
        }
        return [folder]
    }

    /// The file that holds this runtime's code: the shared library it was linked
    /// into (librxmodal), or the program it was linked into statically, found
    /// as the mapping of `/proc/self/maps` that holds one of its functions
    /// (the kernel's name for it: symbolic links resolved, so an installed
    /// `librxmodal.so.0` names its real folder). Else the running program.
    public static func runtimeImagePath() -> String? {
        let anchor = UInt(bitPattern: unsafeBitCast(runtimeAnchor, to: UnsafeRawPointer.self))
        if let maps = readWholeFile("/proc/self/maps") {
            for line in maps.split(separator: "\n") {
                guard let mapped = MappedRange(line), mapped.contains(anchor) else { continue }
                if mapped.path.hasPrefix("/") && !mapped.path.hasSuffix(" (deleted)") { return mapped.path }
                break
            }
        }
        return executablePath()
    }

    /// The running program: `/proc/self/exe`, else an absolute `argv[0]`.
    public static func executablePath() -> String? {
        if let resolved = realpath("/proc/self/exe", nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let first = CommandLine.arguments.first, first.hasPrefix("/") else { return nil }
        return first
    }

    /// Whether the process runs set-user-ID or set-group-ID: then its
    /// environment comes from someone else, and names no plugin folder.
    static var isSecureExecution: Bool { getuid() != geteuid() || getgid() != getegid() }

    /// Whether a file in a default folder is a candidate by its name.
    static func isPluginFileName(_ name: String) -> Bool {
        name.hasPrefix("librxmodal-") && name.hasSuffix(".so") && name.count > "librxmodal-.so".count
    }

    /// A file read to its end with read(2): files of /proc report a size of 0.
    private static func readWholeFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let libraryFolderNames: Set<String> = ["lib", "lib64", "lib32", "libx32"]

    private static func lastComponent(_ folder: String) -> String {
        folder.split(separator: "/").last.map(String.init) ?? ""
    }

    private static func parentFolder(_ folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return "/" }
        return String(folder[..<slash])
    }
}

/// A C function of this module: `dladdr` of its address names the file the
/// runtime was linked into.
private let runtimeAnchor: @convention(c) () -> Void = {}

/// One line of `/proc/self/maps`: `start-end perms offset dev inode path`.
private struct MappedRange {
    var start: UInt
    var end: UInt
    var path: String

    init?(_ line: Substring) {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6 else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else { return nil }
        self.start = start
        self.end = end
        path = String(fields[5].drop(while: { $0 == " " }))
    }

    func contains(_ address: UInt) -> Bool { start <= address && address < end }
}
