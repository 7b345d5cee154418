import Foundation

/// Saves messages as drafts in a Maildir, the way Maildir writers must: the file is
/// written completely under `tmp/`, flushed to disk, then renamed into `cur/` with the
/// info suffix `:2,D` (the Draft flag), so that a reader never sees a partial message.
/// Names are `<seconds>.M<microseconds>P<pid>Q<counter>.<host>`, unique per process
/// and per delivery. Drafts are mode 0600; the folders are made, checked and kept
/// private by ``MaildirFolders`` (no symbolic links, no folders others can write).
///
/// Default directory: `$XDG_DATA_HOME/rxmodal/Drafts`, or `~/.local/share/rxmodal/Drafts`
/// when XDG_DATA_HOME is unset or not absolute (XDG Base Directory specification).
///
/// Usable from any thread, also concurrently: the counter is atomic under a lock and
/// each save writes its own file.
public final class MaildirDraftStore: @unchecked Sendable {
    public let directory: URL
    private let lock = NSLock()
    private var counter = 0

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store at the default location for `environment`.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("rxmodal/Drafts", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/rxmodal/Drafts", isDirectory: true)
    }

    /// Saves `data` (a whole RFC 5322 message) and returns the path of the file in `cur/`.
    @discardableResult
    public func save(_ data: Data) throws -> String {
        let folders = try MaildirFolders(directory: directory.path)
        let name = uniqueName()
        let tmpPath = directory.appendingPathComponent("tmp/\(name)").path
        let finalPath = directory.appendingPathComponent("cur/\(name):2,D").path

        let descriptor = openat(folders.tmp, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DraftStoreError.cannotWrite(path: tmpPath, detail: MaildirFolders.errnoText()) }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = MaildirFolders.errnoText()
                    return
                }
                pointer += written
                remaining -= written
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = MaildirFolders.errnoText() }
        if close(descriptor) != 0 && failure == nil { failure = MaildirFolders.errnoText() }
        if let failure {
            unlinkat(folders.tmp, name, 0)
            throw DraftStoreError.cannotWrite(path: tmpPath, detail: failure)
        }
        // link + unlink rather than rename: link refuses to replace an existing file.
        guard linkat(folders.tmp, name, folders.cur, name + ":2,D", 0) == 0 else {
            let detail = MaildirFolders.errnoText()
            unlinkat(folders.tmp, name, 0)
            throw DraftStoreError.cannotWrite(path: finalPath, detail: detail)
        }
        unlinkat(folders.tmp, name, 0)
        return finalPath
    }

    private func uniqueName() -> String {
        lock.lock()
        counter += 1
        let number = counter
        lock.unlock()
        var now = timeval()
        gettimeofday(&now, nil)
        // "/" and ":" cannot appear in the host part (Maildir convention: octal escapes).
        let host = HostName.current.replacingOccurrences(of: "/", with: "\\057").replacingOccurrences(of: ":", with: "\\072")
        return "\(now.tv_sec).M\(now.tv_usec)P\(getpid())Q\(number).\(host)"
    }

}

/// Why a draft could not be saved. A plain value: usable from any thread.
public enum DraftStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, detail: String)
    case cannotWrite(path: String, detail: String)
    /// A folder that is a symbolic link, another user's, or writable by others.
    case unsafeDirectory(path: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotCreateDirectory(path, detail): return "cannot create the draft folder \(path): \(detail)"
        case let .cannotWrite(path, detail): return "cannot write the draft \(path): \(detail)"
        case let .unsafeDirectory(path, detail): return "refusing the draft folder \(path): \(detail)"
        }
    }
}
