#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file (or in-process descriptor) the registry did not take, and why.
/// Immutable; safe to share between threads.
///
/// Also thrown by ``ModalRegistry/register(descriptor:)`` (with the path
/// `"in-process"`), so a refused registration carries the same reason a refused
/// file would.
public struct SkippedPlugin: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory that was skipped, or `"in-process"`.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// Why a plugin was skipped. `description` is the human-readable form.
    /// (An `Error` so validation can throw it with a typed `throws`.)
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// `dlopen` refused the file; the message is `dlerror()`'s.
        case notASharedObject(String)
        /// The file loads but exports no `rxm_plugin_entry`.
        case noEntrySymbol
        /// The descriptor's ABI major version is not the host's.
        case abiMismatch(found: UInt32, expected: UInt32)
        /// `path` (the file, or a directory on the way to it) is writable by group
        /// or others; `bits` are the offending permission bits (of 0o022).
        case unsafePermissions(path: String, mode: UInt32, bits: UInt32)
        /// `path` is owned by neither root nor the user running the process.
        case untrustedOwner(path: String, owner: UInt32)
        /// The kind is already provided by an earlier plugin; the first one wins.
        case duplicateKind(String, providedBy: PluginOrigin)
        /// The entry function returned NULL (the plugin declined this host).
        case entryReturnedNull
        /// The descriptor breaks a rule of the ABI.
        case malformedDescriptor(DescriptorDefect)
        /// A search-path directory could not be read (missing, not a directory, …).
        case unreadableDirectory(String)
        /// A search-path entry is not an absolute path: it would name a different
        /// folder in every working directory.
        case relativeFolder
        /// The file is not a whole ELF shared object for this machine (checked
        /// before the dynamic linker maps it); what is wrong.
        case invalidImage(String)
        /// The file is not the version that was scanned (another device, inode,
        /// size or time), or its descriptor no longer says what the scan read.
        case changedSinceScan
        /// The plugin scanner process refused the file; its words.
        case refusedByScanner(String)
        /// Reading the file's descriptor killed the plugin scanner process.
        case crashedScanner(signal: Int32)
        /// Reading the file's descriptor made the plugin scanner process exit.
        case exitedScanner(status: Int32)
        /// The plugin scanner process did not finish reading the file in time.
        case hungScanner(seconds: Int)

        public var description: String {
            switch self {
            case .notASharedObject(let message):
                return "not a loadable shared object: \(message)"
            case .noEntrySymbol:
                return "no \(ModalRegistry.entrySymbol) symbol"
            case .abiMismatch(let found, let expected):
                return "plugin ABI major version \(found), host expects \(expected)"
            case .unsafePermissions(let path, let mode, let bits):
                var who: [String] = []
                if bits & 0o020 != 0 { who.append("group") }
                if bits & 0o002 != 0 { who.append("others") }
                return "unsafe permissions: \(path) (mode \(String(mode & 0o7777, radix: 8))) is writable by \(who.joined(separator: " and "))"
            case .untrustedOwner(let path, let owner):
                return "unsafe owner: \(path) belongs to uid \(owner), neither root nor the current user"
            case .duplicateKind(let kind, let origin):
                return "duplicate kind “\(kind)”, already provided by \(origin)"
            case .entryReturnedNull:
                return "\(ModalRegistry.entrySymbol) returned NULL"
            case .malformedDescriptor(let defect):
                return "malformed descriptor: \(defect)"
            case .unreadableDirectory(let message):
                return "cannot read plugin directory: \(message)"
            case .relativeFolder:
                return "not an absolute path: plugin folders must be named from /"
            case .invalidImage(let problem):
                return "not a loadable plugin image: \(problem)"
            case .changedSinceScan:
                return "the file changed since it was scanned; list the plugins again"
            case .refusedByScanner(let message):
                return message
            case .crashedScanner(let signal):
                return "crashed the plugin scanner with signal \(signal) (\(String(cString: strsignal(signal))))"
            case .exitedScanner(let status):
                return "made the plugin scanner exit with status \(status)"
            case .hungScanner(let seconds):
                return "the plugin scanner did not finish reading it within \(seconds) s"
            }
        }
    }
}
