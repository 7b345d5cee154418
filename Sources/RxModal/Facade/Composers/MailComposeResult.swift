/// How the mail composer ended: the seed's `MFMailComposeResult`. Cancel is a
/// value, as in the seed.
///
/// A plain value: usable from any thread.
public enum MailComposeResult: Equatable, Sendable {
    case cancelled
    /// Saved as a draft in the drafts Maildir.
    case saved
    /// The sendmail command accepted the message.
    case sent
    /// Not sent: `message` is the transport's error (the message was kept as a
    /// draft, unless the message also says that saving failed).
    case failed(message: String)

    /// The mailComposer plugin's result value (see its result description).
    init(value: ModalValue) throws {
        switch value["result"]?.stringValue {
        case "cancelled": self = .cancelled
        case "saved": self = .saved
        case "sent": self = .sent
        case "failed": self = .failed(message: value["message"]?.stringValue ?? "")
        default: throw ModalError.malformedValue("the mailComposer emitted \(value.json), which is no MailComposeResult")
        }
    }
}
