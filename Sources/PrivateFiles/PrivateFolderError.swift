import Foundation

/// Why a private file (a cache, the media-library answers) was not read or
/// written; each says which path and what to do. A plain value: any thread.
public enum PrivateFolderError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    case symbolicLink(path: String)
    case foreignOwner(path: String, owner: UInt32)
    case writableByOthers(path: String, mode: UInt32)
    case cannotCreate(path: String, detail: String)
    case cannotRead(path: String, detail: String)
    case cannotWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case let .symbolicLink(path):
            return "\(path) is a symbolic link; refusing to follow it (make it a real folder or file)"
        case let .foreignOwner(path, owner):
            return "\(path) belongs to user \(owner), not to this user (\(geteuid())); refusing to use it"
        case let .writableByOthers(path, mode):
            return "\(path) is writable by others (mode \(String(mode, radix: 8))); refusing to use it (chmod go-w, or remove it)"
        case let .cannotCreate(path, detail): return "cannot create \(path): \(detail)"
        case let .cannotRead(path, detail): return "cannot read \(path): \(detail)"
        case let .cannotWrite(path, detail): return "cannot write \(path): \(detail)"
        }
    }

    public var errorDescription: String? { description }
}
