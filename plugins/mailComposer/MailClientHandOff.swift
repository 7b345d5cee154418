import Foundation
import PrivateFiles
import RxModalMail
import RxModalPluginABI
import SwiftPluginSupport

/// The mailClient transport: the configured message as a "composeEmail" spec,
/// handed to the user's mail client instead of being shown in a form of ours.
///
/// The portal takes attachments as files, and the mail client reads them when
/// the user sends, after this modal has ended; so each attachment (held in
/// memory since it was added) is written to a private folder of its own
/// (mode 0700, files 0600) under `$XDG_CACHE_HOME/rxmodal/outgoing-mail/`, and
/// folders older than a week are removed at the next hand-off.
///
/// Immutable; any thread.
struct MailClientHandOff {
    static let keptFor: TimeInterval = 7 * 24 * 3600

    let message: MailMessage
    let environment: [String: String]

    func spec() throws -> PluginValue {
        let paths = try writeAttachments()
        // A mail client takes plain text from the portal: an HTML body goes as its text.
        let body = message.isHTML ? HTMLToText.plainText(fromHTML: message.body) : message.body
        return .members([
            ("primitive", .string("composeEmail")),
            ("to", .array(message.toRecipients.map { .string($0) })),
            ("cc", .array(message.ccRecipients.map { .string($0) })),
            ("bcc", .array(message.bccRecipients.map { .string($0) })),
            ("subject", message.subject.isEmpty ? nil : .string(message.subject)),
            ("body", body.isEmpty ? nil : .string(body)),
            ("attachments", .array(paths.map { .string($0) })),
        ])
    }

    /// The modal's result for the surface's answer.
    static func result(for answer: PluginValue) -> PluginValue {
        if answer["handedOff"] == .bool(true) { return .object([("result", "sent"), ("via", "mailClient")]) }
        return .object([("result", "cancelled")])
    }

    private var outgoing: String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return cache + "/rxmodal/outgoing-mail"
    }

    private func writeAttachments() throws -> [String] {
        guard !message.attachments.isEmpty else { return [] }
        removeOldFolders()
        let folderPath = outgoing + "/" + UUID().uuidString
        do {
            let folder = try PrivateFolder.creating(folderOf: folderPath + "/attachment")
            var used: Set<String> = []
            return try message.attachments.enumerated().map { index, attachment in
                let name = Self.fileName(attachment.fileName, index: index, used: &used)
                try folder.write(attachment.data, to: name)
                return folderPath + "/" + name
            }
        } catch {
            throw PluginError(Int32(RXM_ERR_IO), "mailComposer: cannot keep the attachments for the mail client: \(error)")
        }
    }

    /// A name the folder can hold: the attachment's own, without folders or a
    /// leading dot, made unique within the message.
    static func fileName(_ given: String, index: Int, used: inout Set<String>) -> String {
        var name = String(given.split(separator: "/").last ?? "")
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty { name = "attachment-\(index + 1)" }
        if used.contains(name) { name = "\(index + 1)-\(name)" }
        used.insert(name)
        return name
    }

    private func removeOldFolders() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: outgoing) else { return }
        let cutoff = Date(timeIntervalSinceNow: -Self.keptFor)
        for name in names {
            let path = outgoing + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeDirectory,
                  let modified = attributes[.modificationDate] as? Date, modified < cutoff else { continue }
            try? manager.removeItem(atPath: path)
        }
    }
}
