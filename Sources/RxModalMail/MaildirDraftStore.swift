import Foundation

/// Saves messages as drafts in a Maildir, the way Maildir writers must: the file is
/// written completely under `tmp/`, flushed to disk, then renamed into `cur/` with the
/// info suffix `:2,D` (the Draft flag), so that a reader never sees a partial message.
/// Names are `<seconds>.M<microseconds>P<pid>Q<counter>.<host>`, unique per process
/// and per delivery. `cur/`, `new/` and `tmp/` are created (mode 0700) as needed.
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
        try createDirectories()
        let name = uniqueName()
        let tmpPath = directory.appendingPathComponent("tmp/\(name)").path
        let finalPath = directory.appendingPathComponent("cur/\(name):2,D").path

        let descriptor = open(tmpPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DraftStoreError.cannotWrite(path: tmpPath, detail: Self.errnoText()) }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Self.errnoText()
                    return
                }
                pointer += written
                remaining -= written
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = Self.errnoText() }
        if close(descriptor) != 0 && failure == nil { failure = Self.errnoText() }
        if let failure {
            unlink(tmpPath)
            throw DraftStoreError.cannotWrite(path: tmpPath, detail: failure)
        }
        // link + unlink rather than rename: link refuses to replace an existing file.
        guard link(tmpPath, finalPath) == 0 else {
            let detail = Self.errnoText()
            unlink(tmpPath)
            throw DraftStoreError.cannotWrite(path: finalPath, detail: detail)
        }
        unlink(tmpPath)
        return finalPath
    }

    private func createDirectories() throws {
        for sub in ["cur", "new", "tmp"] {
            let path = directory.appendingPathComponent(sub).path
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw DraftStoreError.cannotCreateDirectory(path: path, detail: error.localizedDescription)
            }
        }
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

    private static func errnoText() -> String {
        let code = errno
        return strerror(code).flatMap { String(validatingCString: $0) } ?? "error \(code)"
    }
}

/// Why a draft could not be saved. A plain value: usable from any thread.
public enum DraftStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, detail: String)
    case cannotWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotCreateDirectory(path, detail): return "cannot create the draft folder \(path): \(detail)"
        case let .cannotWrite(path, detail): return "cannot write the draft \(path): \(detail)"
        }
    }
}
