import Foundation
import RxModalMail
import RxModalPluginABI
import SwiftPluginSupport

/// The compose form the mailComposer shows (a "form" primitive) and what its
/// answer becomes: a `MailMessage` sent or saved through `MailComposer`.
///
/// Fields: to, cc, bcc (addresses), subject (line), body (text), from (read-only:
/// the preferred address or the configured identity), attachments (their file
/// names). Actions, in this order: Send (preferred), Save Draft, Cancel (cancel).
///
/// An answer's attachment list keeps the configured attachments it names (one per
/// name, so removing a name removes that attachment) and attaches any other entry
/// as a file path, read at that moment.
///
/// When what the user typed cannot be sent or saved (a malformed address, a line
/// break in the subject, an unreadable file), the form is shown again with the
/// user's edits and what is wrong as the "error" of the field it names (or, for
/// a problem of no one field, a read-only "problem" field first): nothing typed
/// is lost, and nothing is sent or saved.
///
/// Immutable: usable from any thread.
struct MailComposeForm: Sendable {
    static let actions: [(title: String, style: String)] = [("Send", "default"), ("Save Draft", "default"), ("Cancel", "cancel")]

    let message: MailMessage
    let sender: String
    /// Why the previous answer was not sent or saved; nil the first time.
    var problem: String? = nil

    var spec: PluginValue {
        func addresses(_ list: [String]) -> PluginValue { .array(list.map(PluginValue.string)) }
        typealias field = FormFields.Field
        return .object([
            ("primitive", "form"),
            ("title", .string(message.subject.isEmpty ? "New Message" : message.subject)),
            ("fields", FormFields([
                field("to", "To", "addresses", addresses(message.toRecipients)),
                field("cc", "Cc", "addresses", addresses(message.ccRecipients)),
                field("bcc", "Bcc", "addresses", addresses(message.bccRecipients)),
                field("subject", "Subject", "line", .string(message.subject)),
                field("body", message.isHTML ? "Body (HTML)" : "Body", "text", .string(message.body)),
                field("from", "From", "readOnly", .string(sender)),
                field("attachments", "Attachments", "attachments", addresses(message.attachments.map(\.fileName))),
            ], problem: problem).value),
            ("actions", .array(Self.actions.enumerated().map { index, action in
                .object([("title", .string(action.title)), ("style", .string(action.style)),
                         ("enabled", true), ("preferred", .bool(index == 0))])
            })),
        ])
    }

    enum Choice { case send, save, cancel }

    /// The chosen action, the message as edited, and what makes it impossible to
    /// send or save, if anything (a `MailValidationError`'s text, naming the field).
    /// Throws a ``PluginError`` for an answer that does not fit the form at all.
    func read(_ answer: PluginValue) throws -> (Choice, MailMessage, problem: String?) {
        guard let index = answer["action"]?.intValue, Self.actions.indices.contains(Int(index)) else {
            throw PluginError(Int32(RXM_ERR_INTERNAL), "the surface answered \(answer), which names none of the form's actions")
        }
        let choice: Choice = [.send, .save, .cancel][Int(index)]
        var edited = message
        let fields = answer["fields"] ?? .object([])
        func list(_ name: String) throws -> [String]? {
            guard let value = fields[name] else { return nil }
            guard let strings = value.stringList else { throw PluginError.invalidArgument("\(name): expected a list of strings") }
            return strings
        }
        func text(_ name: String) throws -> String? {
            guard let value = fields[name] else { return nil }
            guard let string = value.stringValue else { throw PluginError.invalidArgument("\(name): expected a string") }
            return string
        }
        if let to = try list("to") { edited.toRecipients = to }
        if let cc = try list("cc") { edited.ccRecipients = cc }
        if let bcc = try list("bcc") { edited.bccRecipients = bcc }
        if let subject = try text("subject") { edited.subject = subject }
        if let body = try text("body") { edited.body = body }
        guard choice != .cancel else { return (choice, edited, nil) }
        if let names = try list("attachments") {
            var available = message.attachments
            do {
                edited.attachments = try names.enumerated().map { offset, name in
                    if let found = available.firstIndex(where: { $0.fileName == name }) {
                        return available.remove(at: found)
                    }
                    return try MailAttachment(contentsOfFile: name, mimeType: MIMETypeGuess.forPath(name),
                                              field: "attachments[\(offset)].path")
                }
            } catch {
                return (choice, edited, "\(error)")   // the attachments as they were
            }
        }
        do {
            _ = try edited.validated()
        } catch {
            return (choice, edited, "\(error)")
        }
        // A draft may have no recipient yet; a message sent without one would
        // only be refused by the transport, after the form is gone.
        if choice == .send, edited.toRecipients.isEmpty, edited.ccRecipients.isEmpty, edited.bccRecipients.isEmpty {
            return (choice, edited, "to: at least one recipient is needed (To, Cc or Bcc)")
        }
        return (choice, edited, nil)
    }

    /// Runs the chosen action (blocking: sending runs the sendmail command) and
    /// returns the kind's result value, or throws a ``PluginError`` for a message
    /// that fails validation (nothing was sent or saved then).
    static func perform(_ choice: Choice, _ message: MailMessage, with composer: MailComposer) throws -> PluginValue {
        do {
            switch choice {
            case .cancel:
                return .object([("result", "cancelled")])
            case .save:
                do {
                    guard case .saved(let path) = try composer.saveDraft(message) else { throw PluginError(Int32(RXM_ERR_INTERNAL), "saveDraft did not save") }
                    return .object([("result", "saved"), ("draftPath", .string(path))])
                } catch let failure as DraftStoreError {
                    return .object([("result", "failed"), ("message", .string(failure.description))])
                }
            case .send:
                switch try composer.send(message) {
                case .sent:
                    return .object([("result", "sent")])
                case .failed(let text, let draftPath):
                    var members: [(String, PluginValue)] = [("result", "failed"), ("message", .string(text))]
                    if let draftPath { members.append(("draftPath", .string(draftPath))) }
                    return .object(members)
                case .saved(let path):
                    return .object([("result", "saved"), ("draftPath", .string(path))])
                }
            }
        } catch let failure as MailValidationError {
            throw PluginError.invalidArgument(failure.description)
        }
    }
}
