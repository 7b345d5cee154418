import Foundation
import SwiftPluginSupport

/// What the messageComposer sends: the fields of the seed's
/// MFMessageComposeViewController. A plain value: usable from any thread.
struct TextMessage: Sendable, Equatable {
    var recipients: [String] = []
    var body = ""
    var subject = ""
    /// Paths of files to attach, checked readable when added.
    var attachments: [String] = []

    /// Refuses what no transport may receive: an empty recipient, control
    /// characters in a recipient or the subject.
    static func checkRecipient(_ text: String, field: String) throws {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { throw PluginError.invalidArgument("\(field): empty recipient") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw PluginError.invalidArgument("\(field): contains a control character (line break, NUL, …)")
        }
    }

    static func checkSubject(_ text: String) throws {
        if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw PluginError.invalidArgument("subject: contains a line break or NUL character")
        }
    }

    static func checkAttachment(_ path: String, field: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PluginError.invalidArgument("\(field): no such file: \(path)")
        }
        guard !isDirectory.boolValue else { throw PluginError.invalidArgument("\(field): is a directory: \(path)") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw PluginError.invalidArgument("\(field): cannot be read: \(path)") }
    }

    /// Every check at once, for what the form gives back.
    func validated() throws -> TextMessage {
        if recipients.isEmpty { throw PluginError.invalidArgument("recipients: at least one recipient is needed") }
        for (index, recipient) in recipients.enumerated() { try Self.checkRecipient(recipient, field: "recipients[\(index)]") }
        try Self.checkSubject(subject)
        for (index, path) in attachments.enumerated() { try Self.checkAttachment(path, field: "attachments[\(index)]") }
        return self
    }
}

/// The messageComposer's configuration and its presentations.
///
/// Thread safety: `lock` guards every field.
final class MessageComposerConfig: @unchecked Sendable {
    private let lock = NSLock()
    private var message = TextMessage()
    private var sessions: [FormSession] = []

    var snapshot: TextMessage { lock.withLock { message } }

    func change(_ body: (inout TextMessage) -> Void) { lock.withLock { body(&message) } }

    func keep(_ session: FormSession) { lock.withLock { sessions.append(session) } }

    func free() {
        let all = lock.withLock { () -> [FormSession] in defer { sessions = [] }; return sessions }
        all.forEach { $0.dispose() }
    }
}
