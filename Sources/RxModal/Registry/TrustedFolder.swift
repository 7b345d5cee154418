#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plugin folder opened the way sudo opens its plugin folders: component by
/// component from `/`, never following a symbolic link, each component checked
/// on its open descriptor. Whatever is found through ``descriptor`` afterwards is
/// in the very folder that was checked, however the names on the way change.
///
/// Why every parent: whoever can rename an entry of a parent can swap the
/// folder below it for their own between a check by name and a use by name.
/// A parent passes when it belongs to root or to the user running the process
/// and nobody else may write to it; a root-owned sticky folder such as `/tmp`
/// also passes (only an entry's owner may rename it there). The folder itself
/// must not be writable by others at all.
///
/// Owns its descriptor and closes it when released. Not for sharing between
/// threads; make one per use.
final class TrustedFolder {
    /// The canonical path that was opened (symbolic links resolved first).
    let path: String
    /// An `O_DIRECTORY` descriptor of the checked folder.
    let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Why a folder could not be opened as trusted.
    enum Refusal: Error, Equatable {
        /// The path is not absolute: a relative path names a different folder
        /// in every working directory.
        case relativePath
        /// The folder (or a parent) does not exist or cannot be read; `errno`'s words.
        case unreadable(String)
        /// The path names something that is not a folder.
        case notAFolder
        /// A component is unsafe: writable by others, or owned by someone else.
        case unsafe(SkippedPlugin.Reason)
    }

    /// Opens `path` as described above. Symbolic links in `path` are resolved
    /// first (`realpath`); the canonical path is then walked without following
    /// any, so a link that appears meanwhile fails the walk instead of redirecting it.
    static func open(_ path: String) -> Result<TrustedFolder, Refusal> {
        guard path.hasPrefix("/") else { return .failure(.relativePath) }
        guard let resolved = realpath(path, nil) else {
            let error = errno
            return .failure(error == ENOTDIR ? .notAFolder : .unreadable(String(cString: strerror(error))))
        }
        let canonical = String(cString: resolved)
        free(resolved)

        var current = Glibc.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        let components = canonical.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var walked = ""
        for index in 0...components.count {
            let isLast = index == components.count
            let shown = walked.isEmpty ? "/" : walked
            switch check(descriptor: current, path: shown, isFinal: isLast) {
            case .failure(let refusal):
                close(current)
                return .failure(refusal)
            case .success:
                break
            }
            if isLast { break }
            let next = openat(current, components[index], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let error = errno
            close(current)
            walked += "/" + components[index]
            guard next >= 0 else {
                switch error {
                case ELOOP, ENOTDIR:
                    // A link or a file where realpath saw a folder a moment ago.
                    return .failure(.unreadable("\(walked) changed while it was being opened"))
                default:
                    return .failure(.unreadable("\(walked): \(String(cString: strerror(error)))"))
                }
            }
            current = next
        }
        return .success(TrustedFolder(path: canonical, descriptor: current))
    }

    private static func check(descriptor: Int32, path: String, isFinal: Bool) -> Result<Void, Refusal> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable("\(path): \(String(cString: strerror(errno)))")) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(.notAFolder) }
        let status = PluginFileSafety.Status(info)
        let stickyRootParent = !isFinal && status.owner == 0 && status.mode & UInt32(S_ISVTX) != 0
        if !stickyRootParent, let problem = PluginFileSafety.problem(path: path, status: status) {
            return .failure(.unsafe(problem))
        }
        return .success(())
    }

    /// The entries of the folder, sorted by their bytes, `.` and `..` left out:
    /// the names, and the names that are not valid UTF-8 (shown repaired), which
    /// no caller could open again by name.
    func entries() -> Result<(names: [String], undecodable: [String]), Refusal> {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let message = String(cString: strerror(errno))
            if copy >= 0 { close(copy) }
            return .failure(.unreadable(message))
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        var undecodable: [String] = []
        while let entry = readdir(stream) {
            let (name, valid) = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { bytes in
                    String(validatingCString: bytes).map { ($0, true) } ?? (String(cString: bytes), false)
                }
            }
            if name == "." || name == ".." { continue }
            if valid { names.append(name) } else { undecodable.append(name) }
        }
        let byBytes: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return .success((names.sorted(by: byBytes), undecodable.sorted(by: byBytes)))
    }
}
