import Foundation
import Glibc

/// The drafts Maildir and its `tmp/`, `new/` and `cur/`, opened for writing so
/// that a draft (unsent mail, Bcc included) can be read by no one else and
/// cannot be sent somewhere else:
/// * missing folders are made with mode 0700 (those above the Maildir too);
/// * the Maildir and its three folders are opened without following symbolic
///   links: a link in their place is refused, as is a folder of another user
///   (root excepted) — writing there would put the draft where someone else chose;
/// * a folder writable by group or others is refused, not repaired: others may
///   already have put files or links in it;
/// * a folder of ours that others may only read or enter is tightened to 0700.
/// Folders above the Maildir are the user's own arrangement and may be links.
///
/// Thread safety: owns four descriptors, closed when released; one save at a time
/// per value (each save opens its own).
final class MaildirFolders {
    let tmp: Int32
    let cur: Int32
    private let descriptors: [Int32]

    init(directory: String) throws(DraftStoreError) {
        var descriptors: [Int32] = []
        do throws(DraftStoreError) {
            let parent = (directory as NSString).deletingLastPathComponent
            try Self.createMissingFolders(parent)
            let parentDescriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parentDescriptor >= 0 else { throw DraftStoreError.cannotCreateDirectory(path: parent, detail: Self.errnoText()) }
            defer { close(parentDescriptor) }
            let maildir = try Self.openPrivateFolder(in: parentDescriptor, named: (directory as NSString).lastPathComponent, path: directory)
            descriptors.append(maildir)
            for sub in ["tmp", "new", "cur"] {
                descriptors.append(try Self.openPrivateFolder(in: maildir, named: sub, path: directory + "/" + sub))
            }
        } catch {
            descriptors.forEach { close($0) }
            throw error
        }
        self.descriptors = descriptors
        tmp = descriptors[1]
        cur = descriptors[3]
    }

    deinit { descriptors.forEach { close($0) } }

    private static func openPrivateFolder(in parent: Int32, named name: String, path: String) throws(DraftStoreError) -> Int32 {
        if mkdirat(parent, name, 0o700) != 0 && errno != EEXIST {
            throw .cannotCreateDirectory(path: path, detail: errnoText())
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let detail = errnoText()
            var status = stat()
            if fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK {
                throw .unsafeDirectory(path: path, detail: "it is a symbolic link; drafts are not written through one")
            }
            throw .cannotCreateDirectory(path: path, detail: detail)
        }
        var status = stat()
        var problem: DraftStoreError?
        if fstat(descriptor, &status) != 0 {
            problem = .cannotCreateDirectory(path: path, detail: errnoText())
        } else if status.st_uid != geteuid() && status.st_uid != 0 {
            problem = .unsafeDirectory(path: path, detail: "it belongs to user \(status.st_uid), not to this user (\(geteuid()))")
        } else if status.st_mode & 0o022 != 0 {
            problem = .unsafeDirectory(path: path, detail: "it is writable by others (mode \(String(status.st_mode & 0o7777, radix: 8))); chmod go-w, or remove it")
        } else if status.st_mode & 0o077 != 0 && status.st_uid == geteuid() && fchmod(descriptor, 0o700) != 0 {
            problem = .cannotCreateDirectory(path: path, detail: "cannot make it private (chmod 700): \(errnoText())")
        }
        if let problem {
            close(descriptor)
            throw problem
        }
        return descriptor
    }

    /// `mkdir -p` with mode 0700 for each folder made; existing ones are left as they are.
    private static func createMissingFolders(_ path: String) throws(DraftStoreError) {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST { throw .cannotCreateDirectory(path: made, detail: errnoText()) }
        }
    }

    static func errnoText() -> String {
        let code = errno
        return strerror(code).flatMap { String(validatingCString: $0) } ?? "error \(code)"
    }
}
