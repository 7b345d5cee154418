#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One plugin file opened by descriptor inside a ``TrustedFolder`` and checked
/// on that descriptor: a regular file, owned by root or the current user, not
/// writable by others, and (unless only its identity is wanted) a whole ELF
/// shared object for this machine. What is later
/// handed to the dynamic linker is this descriptor, so the code that runs is the
/// code that was checked.
///
/// Owns its descriptor and closes it when released, unless it was handed on
/// with ``releaseDescriptor()``. Not for sharing between threads.
final class CheckedPluginFile {
    /// The path it was found under (for messages and origins).
    let path: String
    private(set) var descriptor: Int32
    /// Device, inode, size and modification time: what identifies this version
    /// of the file.
    let identity: PluginFileIdentity

    private init(path: String, descriptor: Int32, identity: PluginFileIdentity) {
        self.path = path
        self.descriptor = descriptor
        self.identity = identity
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Hands the descriptor to the caller, who closes it or keeps it.
    func releaseDescriptor() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    /// Opens `name` in `folder` and checks it. A symbolic link is followed to its
    /// target, whose own folder is then opened and checked as a trusted folder
    /// too: whoever can write there could replace the target.
    /// `path` is how the file is named in messages (the search path's spelling).
    /// `checkImage`: also read the ELF headers (needed before the file is
    /// mapped; a registry that only looks its identity up in its cache reads none).
    static func open(_ name: String, in folder: TrustedFolder, path: String, checkImage: Bool) -> Result<CheckedPluginFile, SkippedPlugin.Reason> {
        // O_NONBLOCK: a FIFO put in place of a plugin must not block the open.
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        var descriptor = openat(folder.descriptor, name, flags)
        var opened = path
        if descriptor < 0 && errno == ELOOP {
            let linkPath = (folder.path == "/" ? "" : folder.path) + "/" + name
            guard let target = realpath(linkPath, nil) else {
                return .failure(.notASharedObject("\(path): \(String(cString: strerror(errno)))"))
            }
            let resolved = String(cString: target)
            free(target)
            let slash = resolved.lastIndex(of: "/")!
            let parent = slash == resolved.startIndex ? "/" : String(resolved[..<slash])
            let targetFolder: TrustedFolder
            switch TrustedFolder.open(parent) {
            case .success(let found): targetFolder = found
            case .failure(let refusal): return .failure(refusal.reason(for: parent))
            }
            descriptor = openat(targetFolder.descriptor, String(resolved[resolved.index(after: slash)...]), flags)
            opened = resolved
        }
        guard descriptor >= 0 else {
            return .failure(.notASharedObject("\(path): \(String(cString: strerror(errno)))"))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            return .failure(.notASharedObject("\(path): \(message)"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notASharedObject("\(path): not a regular file"))
        }
        if let problem = PluginFileSafety.problem(path: opened, status: PluginFileSafety.Status(info)) {
            close(descriptor)
            return .failure(problem)
        }
        // The non-blocking flag has done its work; the dynamic linker reads normally.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if checkImage, let problem = ELFImageCheck.problem(descriptor: descriptor, size: Int(info.st_size)) {
            close(descriptor)
            return .failure(.invalidImage(problem))
        }
        return .success(CheckedPluginFile(path: path, descriptor: descriptor, identity: PluginFileIdentity(info)))
    }
}

/// What identifies one version of a file: device, inode, size and modification
/// time (nanoseconds). A file replaced or rewritten gets another identity.
public struct PluginFileIdentity: Hashable, Sendable, Codable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

extension TrustedFolder.Refusal {
    /// The refusal as a skipped plugin's reason, for `folder`.
    func reason(for folder: String) -> SkippedPlugin.Reason {
        switch self {
        case .relativePath: return .relativeFolder
        case .unreadable(let message): return .unreadableDirectory(message)
        case .notAFolder: return .unreadableDirectory("not a directory")
        case .unsafe(let reason): return reason
        }
    }
}
