import Foundation
import Glibc

/// The folder that holds one of the user's private files (the media scan cache,
/// which lists every photo and song; the media-library answers; the plugin
/// registry cache), opened so that no one else can read what is written or
/// redirect it elsewhere.
///
/// Opening creates the missing folders of the path with mode 0700. The file's own
/// folder is then opened without following a symbolic link and checked:
/// * a symbolic link, or a folder of another user (root excepted) is refused:
///   writing through it would put the file where someone else chose;
/// * a folder writable by group or others is refused, not repaired: others may
///   already have put files in it;
/// * a folder of ours that others may only read or enter (0755 from earlier
///   versions) is tightened to 0700.
///
/// Files are written whole to a temporary file created with `O_EXCL | O_NOFOLLOW`
/// and mode 0600, then renamed over the old one (a symbolic link in its
/// place is replaced, never followed); they are read with `O_NOFOLLOW`.
///
/// Thread safety: owns one descriptor, closed when released; use it from one
/// thread. Writers of one file in one folder each write their own temporary file.
package final class PrivateFolder {
    package let path: String
    private let descriptor: Int32

    /// Opens the folder of `file` to write it, creating that folder and the
    /// missing ones above it.
    package static func creating(folderOf file: String) throws(PrivateFolderError) -> PrivateFolder {
        guard let folder = try open(folderOf: file, creating: true) else { throw .cannotCreate(path: file, detail: "no folder") }
        return folder
    }

    /// Opens the folder of `file` to read it; nil when there is no such folder.
    package static func existing(folderOf file: String) throws(PrivateFolderError) -> PrivateFolder? {
        try open(folderOf: file, creating: false)
    }

    private static func open(folderOf file: String, creating: Bool) throws(PrivateFolderError) -> PrivateFolder? {
        let path = (file as NSString).deletingLastPathComponent
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        if creating { try createMissingFolders(parent) }
        let parentDescriptor = Glibc.open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentDescriptor >= 0 else {
            if errno == ENOENT && !creating { return nil }
            throw .cannotCreate(path: parent, detail: errnoText())
        }
        defer { close(parentDescriptor) }
        if creating && mkdirat(parentDescriptor, name, 0o700) != 0 && errno != EEXIST {
            throw .cannotCreate(path: path, detail: errnoText())
        }
        let opened = openat(parentDescriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            if errno == ENOENT && !creating { return nil }
            let detail = errnoText()
            var status = stat()
            if fstatat(parentDescriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK {
                throw .symbolicLink(path: path)
            }
            throw .cannotCreate(path: path, detail: detail)
        }
        do {
            try checkOwnerAndMode(of: opened, path: path)
        } catch {
            close(opened)
            throw error
        }
        return PrivateFolder(path: path, descriptor: opened)
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The file's bytes; nil when it does not exist. A symbolic link, a file of
    /// another user or one writable by others is not read.
    package func read(_ name: String) throws(PrivateFolderError) -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw errno == ELOOP ? .symbolicLink(path: path + "/" + name) : .cannotRead(path: path + "/" + name, detail: errnoText())
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .cannotRead(path: path + "/" + name, detail: "not a regular file")
        }
        guard status.st_uid == geteuid() || status.st_uid == 0 else {
            throw .foreignOwner(path: path + "/" + name, owner: status.st_uid)
        }
        guard status.st_mode & 0o022 == 0 else { throw .writableByOthers(path: path + "/" + name, mode: status.st_mode & 0o7777) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(file, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path + "/" + name, detail: errnoText()) }
            if count == 0 { return data }
            data.append(buffer, count: count)
        }
    }

    /// Replaces the file `name` with `data`, mode 0600.
    package func write(_ data: Data, to name: String) throws(PrivateFolderError) {
        let temporary = ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .cannotWrite(path: path + "/" + name, detail: errnoText()) }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = Glibc.write(file, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errnoText()
                    return
                }
                pointer += written
                remaining -= written
            }
        }
        // No fsync: after a crash a cache or answer file may come back empty,
        // which reads as "no cache" or "not asked yet"; both cost time only.
        if close(file) != 0 && failure == nil { failure = errnoText() }
        if failure == nil && renameat(descriptor, temporary, descriptor, name) != 0 { failure = errnoText() }
        if let failure {
            unlinkat(descriptor, temporary, 0)
            throw .cannotWrite(path: path + "/" + name, detail: failure)
        }
    }

    private static func checkOwnerAndMode(of descriptor: Int32, path: String) throws(PrivateFolderError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotCreate(path: path, detail: errnoText()) }
        guard status.st_uid == geteuid() || status.st_uid == 0 else { throw .foreignOwner(path: path, owner: status.st_uid) }
        guard status.st_mode & 0o022 == 0 else { throw .writableByOthers(path: path, mode: status.st_mode & 0o7777) }
        if status.st_mode & 0o077 != 0 && status.st_uid == geteuid() && fchmod(descriptor, 0o700) != 0 {
            throw .cannotCreate(path: path, detail: "cannot make it private (chmod 700): \(errnoText())")
        }
    }

    /// `mkdir -p` with mode 0700 for each folder made; existing ones are left as they are.
    private static func createMissingFolders(_ path: String) throws(PrivateFolderError) {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST { throw .cannotCreate(path: made, detail: errnoText()) }
        }
    }
}

private func errnoText() -> String {
    let code = errno
    return String(cString: strerror(code))
}
