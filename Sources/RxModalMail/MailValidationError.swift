/// Why a message was refused before anything was written, sent or saved.
///
/// `field` names the offending field the way the compose form shows it:
/// `subject`, `from`, `to[0]`, `cc[1]`, `bcc[0]`, `attachments[2].fileName`,
/// `attachments[2].mimeType`, `attachments[2].path`.
///
/// A plain value: usable from any thread.
public struct MailValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// CR, LF or NUL in a header field: a header injection attempt or a paste accident.
        case forbiddenControlCharacter
        /// Not an RFC 5322 address (optionally with a display name).
        case invalidAddress
        /// An attachment file that cannot be read; `detail` says why.
        case unreadableAttachment(detail: String)
        /// A MIME type that is not `type/subtype`.
        case invalidMIMEType
        /// An empty attachment file name.
        case emptyFileName
    }

    public let field: String
    public let reason: Reason

    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .forbiddenControlCharacter:
            return "\(field): contains a line break or NUL character, which a mail header cannot hold"
        case .invalidAddress:
            return "\(field): not a valid e-mail address"
        case .unreadableAttachment(let detail):
            return "\(field): attachment cannot be read (\(detail))"
        case .invalidMIMEType:
            return "\(field): not a MIME type of the form type/subtype"
        case .emptyFileName:
            return "\(field): the attachment needs a file name"
        }
    }
}
