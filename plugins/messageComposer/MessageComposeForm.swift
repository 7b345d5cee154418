import RxModalPluginABI
import SwiftPluginSupport

/// The messageComposer's form: recipients (addresses), subject (line), body
/// (text), attachments; actions Send (preferred) and Cancel (cancel). An answer's
/// attachment list is taken as the list of paths to send. A message that cannot
/// be sent as typed (no recipient, a control character, an unreadable file) is
/// shown again with the user's edits and the problem at the field it names
/// (``FormFields``).
///
/// Immutable: usable from any thread.
struct MessageComposeForm: Sendable {
    static let actions: [(title: String, style: String)] = [("Send", "default"), ("Cancel", "cancel")]

    let message: TextMessage
    /// Why the previous answer was not sent; nil the first time.
    var problem: String? = nil

    var spec: PluginValue {
        typealias field = FormFields.Field
        return .object([
            ("primitive", "form"),
            ("title", "New Message"),
            ("fields", FormFields([
                field("recipients", "To", "addresses", .array(message.recipients.map(PluginValue.string))),
                field("subject", "Subject", "line", .string(message.subject)),
                field("body", "Message", "text", .string(message.body)),
                field("attachments", "Attachments", "attachments", .array(message.attachments.map(PluginValue.string))),
            ], problem: problem).value),
            ("actions", .array(Self.actions.enumerated().map { index, action in
                .object([("title", .string(action.title)), ("style", .string(action.style)),
                         ("enabled", true), ("preferred", .bool(index == 0))])
            })),
        ])
    }

    enum Choice { case send, cancel }

    func read(_ answer: PluginValue) throws -> (Choice, TextMessage) {
        guard let index = answer["action"]?.intValue, Self.actions.indices.contains(Int(index)) else {
            throw PluginError(Int32(RXM_ERR_INTERNAL), "the surface answered \(answer), which names none of the form's actions")
        }
        var edited = message
        let fields = answer["fields"] ?? .object([])
        if let value = fields["recipients"] {
            guard let list = value.stringList else { throw PluginError.invalidArgument("recipients: expected a list of strings") }
            edited.recipients = list
        }
        if let value = fields["attachments"] {
            guard let list = value.stringList else { throw PluginError.invalidArgument("attachments: expected a list of strings") }
            edited.attachments = list
        }
        for name in ["subject", "body"] {
            guard let value = fields[name] else { continue }
            guard let text = value.stringValue else { throw PluginError.invalidArgument("\(name): expected a string") }
            if name == "subject" { edited.subject = text } else { edited.body = text }
        }
        return (Self.actions[Int(index)].style == "cancel" ? .cancel : .send, edited)
    }
}
