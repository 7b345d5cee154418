import Foundation

/// What became of a composed message: the engine's part of the seed's
/// `MFMailComposeResult` (cancel is decided by the form, not here).
///
/// A plain value: usable from any thread.
public enum MailComposeOutcome: Equatable, Sendable {
    /// The sendmail command accepted the message.
    case sent
    /// Saved as a draft at `draftPath`.
    case saved(draftPath: String)
    /// Sending failed; `message` is the transport's error. The message was saved as a
    /// draft at `draftPath`, or `draftPath` is nil and `message` also says why saving failed.
    case failed(message: String, draftPath: String?)
}

/// The engine the mailComposer plugin calls: validates, writes, sends, saves drafts,
/// and never loses a message — a failed send is saved as a draft.
///
/// Invalid input throws a `MailValidationError` naming the field, before anything is
/// written, sent or saved. `send` and `saveDraft` block (they run a command and write
/// files): call them from a background thread or scheduler. Instances are immutable:
/// usable from any thread, also concurrently.
public struct MailComposer: Sendable {
    public let writer: MIMEMessageWriter
    /// Nil when no sendmail-compatible command exists: `send` then fails (and saves a draft).
    public let transport: SendmailTransport?
    public let drafts: MaildirDraftStore

    public init(writer: MIMEMessageWriter, transport: SendmailTransport?, drafts: MaildirDraftStore) {
        self.writer = writer
        self.transport = transport
        self.drafts = drafts
    }

    /// The composer configured from the environment: identity (`RXMODAL_MAIL_FROM`),
    /// command (`RXMODAL_SENDMAIL`, PATH) and the default draft folder.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.init(writer: try MIMEMessageWriter(environment: environment),
                  transport: try? SendmailTransport(environment: environment),
                  drafts: MaildirDraftStore(environment: environment))
    }

    public func send(_ message: MailMessage) throws -> MailComposeOutcome {
        let validated = try message.validated()
        let failure: String
        if let transport {
            do {
                try transport.send(writer.write(validated, purpose: .transmission),
                                   sender: writer.sender(of: validated), recipients: validated.envelopeRecipients)
                return .sent
            } catch {
                failure = "\(error)"
            }
        } else {
            failure = "\(MailTransportError.noCommand)"
        }
        do {
            return .failed(message: failure, draftPath: try drafts.save(writer.write(validated, purpose: .draft)))
        } catch {
            return .failed(message: "\(failure); the draft could not be saved either: \(error)", draftPath: nil)
        }
    }

    /// Saves the message as a draft (Bcc included). Throws a `MailValidationError` for
    /// invalid input, a `DraftStoreError` when the file cannot be written.
    public func saveDraft(_ message: MailMessage) throws -> MailComposeOutcome {
        let validated = try message.validated()
        return .saved(draftPath: try drafts.save(writer.write(validated, purpose: .draft)))
    }
}
