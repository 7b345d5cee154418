/// What the user composed: the fields of the seed's mail compose controller.
///
/// Addresses are kept as typed; `validated()` checks every field at once and returns
/// the parsed form, or throws the first `MailValidationError` (in field order:
/// from, to, cc, bcc, subject, attachments). Nothing is written or sent from an
/// unvalidated message.
///
/// A plain value: usable from any thread.
public struct MailMessage: Equatable, Sendable {
    public var toRecipients: [String]
    public var ccRecipients: [String]
    public var bccRecipients: [String]
    public var subject: String
    public var body: String
    public var isHTML: Bool
    public var attachments: [MailAttachment]
    /// The seed's `setPreferredSendingEmailAddress`; nil → the configured identity.
    public var preferredSendingAddress: String?

    public init(toRecipients: [String] = [], ccRecipients: [String] = [], bccRecipients: [String] = [],
                subject: String = "", body: String = "", isHTML: Bool = false,
                attachments: [MailAttachment] = [], preferredSendingAddress: String? = nil) {
        self.toRecipients = toRecipients
        self.ccRecipients = ccRecipients
        self.bccRecipients = bccRecipients
        self.subject = subject
        self.body = body
        self.isHTML = isHTML
        self.attachments = attachments
        self.preferredSendingAddress = preferredSendingAddress
    }

    /// Checks every header field and returns the message with parsed addresses.
    public func validated() throws -> ValidatedMailMessage {
        let from = try preferredSendingAddress.map { try MailAddress(parsing: $0, field: "from") }
        func parse(_ list: [String], _ name: String) throws -> [MailAddress] {
            try list.enumerated().map { try MailAddress(parsing: $1, field: "\(name)[\($0)]") }
        }
        let to = try parse(toRecipients, "to")
        let cc = try parse(ccRecipients, "cc")
        let bcc = try parse(bccRecipients, "bcc")
        if subject.containsHeaderBreakingCharacter {
            throw MailValidationError(field: "subject", reason: .forbiddenControlCharacter)
        }
        for (index, attachment) in attachments.enumerated() {
            let field = "attachments[\(index)]"
            if attachment.fileName.containsHeaderBreakingCharacter {
                throw MailValidationError(field: "\(field).fileName", reason: .forbiddenControlCharacter)
            }
            if attachment.fileName.trimmingASCIIWhitespace().isEmpty {
                throw MailValidationError(field: "\(field).fileName", reason: .emptyFileName)
            }
            if attachment.mimeType.containsHeaderBreakingCharacter {
                throw MailValidationError(field: "\(field).mimeType", reason: .forbiddenControlCharacter)
            }
            if !Self.isMIMEType(attachment.mimeType) {
                throw MailValidationError(field: "\(field).mimeType", reason: .invalidMIMEType)
            }
        }
        return ValidatedMailMessage(source: self, from: from, to: to, cc: cc, bcc: bcc)
    }

    /// RFC 2045 `type "/" subtype` made of token characters.
    private static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let tspecials = Set("()<>@,;:\\\"/[]?=".unicodeScalars)
        return parts.count == 2 && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !tspecials.contains($0) }
        }
    }
}

/// A message whose fields passed validation, with its addresses parsed.
///
/// A plain value: usable from any thread.
public struct ValidatedMailMessage: Equatable, Sendable {
    public let source: MailMessage
    /// The preferred sending address, parsed; nil → the configured identity.
    public let from: MailAddress?
    public let to: [MailAddress]
    public let cc: [MailAddress]
    public let bcc: [MailAddress]

    /// Every envelope recipient, To then Cc then Bcc, duplicates removed.
    public var envelopeRecipients: [String] {
        var seen = Set<String>()
        return (to + cc + bcc).map(\.asciiAddrSpec).filter { seen.insert($0.lowercased()).inserted }
    }
}

extension String {
    var containsHeaderBreakingCharacter: Bool {
        unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}
