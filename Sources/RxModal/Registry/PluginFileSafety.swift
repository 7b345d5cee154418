#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The checks sudo and GStreamer make before loading code from a file: the file
/// and its directory must not be writable by group or others, and must belong to
/// root or to the user running the process. Stateless; safe from any thread.
enum PluginFileSafety {
    enum FileType { case regular, directory, other }

    struct Status {
        var type: FileType
        var mode: UInt32
        var owner: UInt32
    }

    /// Why `stat` failed: the `errno` message.
    struct Failure: Error {
        var message: String
    }

    /// `stat` of `path`, following symbolic links.
    static func status(of path: String) -> Result<Status, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Failure(message: String(cString: strerror(errno)))) }
        let format = UInt32(info.st_mode) & 0o170000
        let type: FileType = format == 0o100000 ? .regular : format == 0o040000 ? .directory : .other
        return .success(Status(type: type, mode: UInt32(info.st_mode), owner: UInt32(info.st_uid)))
    }

    /// Why loading code from `path` (with `status`) would be unsafe, or nil.
    static func problem(path: String, status: Status) -> SkippedPlugin.Reason? {
        let writable = status.mode & 0o022
        if writable != 0 {
            return .unsafePermissions(path: path, mode: status.mode & 0o7777, bits: writable)
        }
        if status.owner != 0 && status.owner != UInt32(geteuid()) {
            return .untrustedOwner(path: path, owner: status.owner)
        }
        return nil
    }

    /// The canonical absolute path (symbolic links resolved), or nil.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
