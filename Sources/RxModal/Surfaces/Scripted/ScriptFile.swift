import Foundation
import Glibc

/// Reads a script file, refusing what is not one: a device (`/dev/zero` never
/// ends), a FIFO (opening it would wait for a writer; it is opened with
/// `O_NONBLOCK` and refused), a folder, or a file larger than
/// ``maximumBytes`` — a script is a handful of steps. The errors say which.
///
/// Stateless; safe from any thread.
enum ScriptFile {
    /// The largest script read: 4 MiB.
    static let maximumBytes = 4 << 20

    static func read(_ path: String) throws -> String {
        let shown = ModalValue.string(path).json
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw malformed("cannot read \(shown): \(errnoText())") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw malformed("cannot read \(shown): \(errnoText())") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw malformed("\(shown) is not a regular file (it is \(kind(of: status.st_mode))); a script is a JSON file")
        }
        guard status.st_size <= maximumBytes else {
            throw malformed("\(shown) is too large (\(status.st_size) bytes; a script may have at most \(maximumBytes) bytes)")
        }
        // Read in chunks rather than trusting st_size: the file may grow meanwhile,
        // and some regular files (under /proc) report a size of 0.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw malformed("cannot read \(shown): \(errnoText())") }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= maximumBytes else {
                throw malformed("\(shown) is too large (more than \(maximumBytes) bytes, the most a script may have)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw malformed("\(shown) is not UTF-8 text")
        }
        return text
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    private static func malformed(_ reason: String) -> ModalError {
        .invalidArgument(method: "script", reason: reason)
    }

    private static func errnoText() -> String {
        let code = errno
        return String(cString: strerror(code))
    }
}
