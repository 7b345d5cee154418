import Foundation
import PrivateFiles

/// Whether each application may read the user's media library, persisted in
/// `$XDG_CONFIG_HOME/rxmodal/media-library-authorization` (or under
/// `~/.config`): one line per application, `identifier<TAB>status`, where
/// status is `authorized`, `denied` or `restricted` (an administrator may
/// write `restricted`; the pickers never do). An application without a line
/// has not been asked (`notDetermined`). Written atomically and privately, and
/// read only from a private place (``PrivateFolder``): answers in a symbolic
/// link, or in a folder or file another user could have written, are not
/// believed — every application there reads as `notDetermined` — and answering
/// there throws, saying why.
///
/// Thread safety: reads and writes from any thread; writes from this process
/// are serialized by a lock (two processes answering at the same instant may
/// lose one answer, which then is asked again).
public struct MediaLibraryAuthorizationStore: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case notDetermined, denied, restricted, authorized
    }

    public let file: String
    private static let writeLock = NSLock()

    public init(file: String) { self.file = file }

    /// The store of the user's configuration folder.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> MediaLibraryAuthorizationStore {
        MediaLibraryAuthorizationStore(file: MediaLibraryRoots.configHome(environment) + "/rxmodal/media-library-authorization")
    }

    public func status(for application: String) -> Status {
        entries()[application] ?? .notDetermined
    }

    /// Every application's recorded answer (those without one are not listed).
    public func recordedStatuses() -> [String: Status] { entries() }

    /// Records `status` (`notDetermined` removes the line: the user will be asked again).
    public func setStatus(_ status: Status, for application: String) throws {
        guard !application.isEmpty, !application.contains(where: { $0 == "\t" || $0.isNewline }) else {
            throw CocoaError(.fileWriteInvalidFileName)
        }
        Self.writeLock.lock()
        defer { Self.writeLock.unlock() }
        var all = entries()
        all[application] = status == .notDetermined ? nil : status
        let text = all.keys.sorted().map { "\($0)\t\(all[$0]!.rawValue)\n" }.joined()
        try PrivateFolder.creating(folderOf: file).write(Data(text.utf8), to: (file as NSString).lastPathComponent)
    }

    private func entries() -> [String: Status] {
        guard let folder = try? PrivateFolder.existing(folderOf: file),
              let data = try? folder.read((file as NSString).lastPathComponent),
              let text = String(data: data, encoding: .utf8) else { return [:] }
        var result: [String: Status] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            // An unknown word is read as denied: a damaged file must not grant access.
            if parts.count == 2 { result[String(parts[0])] = Status(rawValue: String(parts[1])) ?? .denied }
        }
        return result
    }
}
