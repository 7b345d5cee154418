import Foundation

/// What the mail composer starts with: the seed's `MFMailComposeViewController`
/// configuration, filled in by the closure given to
/// ``RxModal/mailComposer(presenter:coordinator:configuration:)``.
///
/// Each setting is checked by the mailComposer plugin when the composer is
/// subscribed (an invalid address, a line break in the subject, an unreadable
/// file): the Single then fails with ``ModalError/invalidArgument(method:reason:)``
/// naming the method and the field, before anything is shown.
///
/// Thread safety: a reference type meant to be filled in by one closure on one
/// thread; do not share it.
public final class MailComposeConfiguration {
    /// An attachment: bytes, or a file read when the composer is subscribed.
    public enum Attachment: Equatable, Sendable {
        case data(Data, mimeType: String, fileName: String)
        /// An empty `mimeType` is guessed from the file's extension.
        case file(path: String, mimeType: String)
    }

    public var toRecipients: [String] = []
    public var ccRecipients: [String] = []
    public var bccRecipients: [String] = []
    public var subject = ""
    public var messageBody = ""
    public var isHTML = false
    public var attachments: [Attachment] = []
    /// The From address; nil: `RXMODAL_MAIL_FROM`, else `user@hostname`.
    public var preferredSendingEmailAddress: String?
    /// The Maildir for drafts (an absolute path); nil: `$XDG_DATA_HOME/rxmodal/Drafts`.
    public var draftsDirectory: String?

    public init() {}

    // The seed's controller methods.
    public func setToRecipients(_ recipients: [String]?) { toRecipients = recipients ?? [] }
    public func setCcRecipients(_ recipients: [String]?) { ccRecipients = recipients ?? [] }
    public func setBccRecipients(_ recipients: [String]?) { bccRecipients = recipients ?? [] }
    public func setSubject(_ subject: String) { self.subject = subject }
    public func setMessageBody(_ body: String, isHTML: Bool) {
        messageBody = body
        self.isHTML = isHTML
    }
    public func addAttachmentData(_ data: Data, mimeType: String, fileName: String) {
        attachments.append(.data(data, mimeType: mimeType, fileName: fileName))
    }
    /// Attaches the file at `path` (read when the composer is subscribed).
    public func addAttachmentFile(path: String, mimeType: String = "") {
        attachments.append(.file(path: path, mimeType: mimeType))
    }
    public func setPreferredSendingEmailAddress(_ address: String) { preferredSendingEmailAddress = address }

    /// Calls the plugin's methods for everything set.
    func apply(to composer: ModalConfigurator) throws {
        if !toRecipients.isEmpty { try composer.call("setToRecipients", .array(toRecipients.map(ModalValue.string))) }
        if !ccRecipients.isEmpty { try composer.call("setCcRecipients", .array(ccRecipients.map(ModalValue.string))) }
        if !bccRecipients.isEmpty { try composer.call("setBccRecipients", .array(bccRecipients.map(ModalValue.string))) }
        if !subject.isEmpty { try composer.call("setSubject", .string(subject)) }
        if !messageBody.isEmpty || isHTML { try composer.call("setMessageBody", .string(messageBody), .bool(isHTML)) }
        for attachment in attachments {
            switch attachment {
            case let .data(data, mimeType, fileName):
                try composer.call("addAttachmentData", .bytes(Array(data)), .string(mimeType), .string(fileName))
            case let .file(path, mimeType):
                try composer.call("addAttachmentFile", .string(path), .string(mimeType))
            }
        }
        if let preferredSendingEmailAddress { try composer.call("setPreferredSendingEmailAddress", .string(preferredSendingEmailAddress)) }
        if let draftsDirectory { try composer.call("setDraftsDirectory", .string(draftsDirectory)) }
    }
}
