#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The rule sudo and GStreamer apply before loading code from a file: the file
/// and its folders must not be writable by group or others, and must belong to
/// root or to the user running the process. Applied to what `fstat` says of an
/// open descriptor (``TrustedFolder``, ``CheckedPluginFile``), never to a path
/// that could change before it is used. Stateless; safe from any thread.
enum PluginFileSafety {
    struct Status {
        var mode: UInt32
        var owner: UInt32

        init(mode: UInt32, owner: UInt32) {
            self.mode = mode
            self.owner = owner
        }

        init(_ info: stat) {
            self.init(mode: UInt32(info.st_mode), owner: UInt32(info.st_uid))
        }
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
}
