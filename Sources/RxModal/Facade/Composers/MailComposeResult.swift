/// How the mail composer ended: the seed's `MFMailComposeResult`. Cancel is a
/// value, as in the seed.
///
/// Code written against the seed matches it as before: a case pattern may
/// leave a case's associated values out, so `case .saved:` and `case .failed:`
/// match whatever they carry, and a seed-style `switch` compiles unchanged
/// (`Tests/RxModalComposerTests/MailComposerPluginTests.swift` has one).
/// Only a comparison with a bare case (`result == .saved`) needs a pattern
/// instead: `if case .saved = result`.
///
/// A plain value: usable from any thread.
public enum MailComposeResult: Equatable, Sendable, CustomStringConvertible {
    case cancelled
    /// Saved as a draft: `draftPath` is the message's file in the drafts
    /// Maildir (in its `cur` folder, flagged as a draft), where the mail
    /// program that reads that Maildir finds it. An associated value rather
    /// than a property, because an enumeration case has no storage of its own.
    case saved(draftPath: String)
    /// The sendmail command accepted the message; with the mailClient
    /// transport, the user's mail client has it (the user sends it from there).
    case sent
    /// Not sent: `message` is the transport's error, and `draftPath` the draft
    /// the message was kept as — nil when saving it failed too (the message
    /// then says so) or when Save Draft itself failed.
    case failed(message: String, draftPath: String? = nil)

    /// The mailComposer plugin's result value (see its result description).
    init(value: ModalValue) throws {
        switch value["result"]?.stringValue {
        case "cancelled": self = .cancelled
        case "saved":
            guard let path = value["draftPath"]?.stringValue, path.hasPrefix("/") else {
                throw ModalError.malformedValue("the mailComposer emitted \(value.json): a saved draft without its absolute draftPath")
            }
            self = .saved(draftPath: path)
        case "sent": self = .sent
        case "failed": self = .failed(message: value["message"]?.stringValue ?? "", draftPath: value["draftPath"]?.stringValue)
        default: throw ModalError.malformedValue("the mailComposer emitted \(value.json), which is no MailComposeResult")
        }
    }

    /// The seed's word for the result (`cancelled`, `saved`, `sent`,
    /// `failed`), and the transport's message for `failed`. The draft's path
    /// is in the value, not in the word.
    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .saved: return "saved"
        case .sent: return "sent"
        case .failed(let message, _): return "failed: \(message)"
        }
    }
}
