import Foundation

/// Writes a validated message as RFC 5322 / MIME bytes with CRLF line endings.
///
/// Structure: a text body is one `text/plain; charset=UTF-8` part; an HTML body is a
/// `multipart/alternative` of a derived text/plain part and the text/html part; with
/// attachments the body is the first part of a `multipart/mixed` followed by one
/// base64 part per attachment. Text is quoted-printable, so every line is ≤ 76
/// characters whatever the body holds.
///
/// `Bcc` is never written for `.transmission`; `.draft` keeps it (as mail programs
/// keep it in postponed messages), so that a saved draft loses no recipient.
///
/// An immutable value: usable from any thread.
public struct MIMEMessageWriter: Sendable {
    public enum Purpose: Sendable {
        case transmission
        case draft
    }

    /// Used when the message names no preferred sending address.
    public let identity: MailIdentity
    /// The clock for the `Date` header (tests may fix it).
    public let now: @Sendable () -> Date

    public init(identity: MailIdentity, now: @escaping @Sendable () -> Date = Date.init) {
        self.identity = identity
        self.now = now
    }

    /// The writer with the identity from the environment (`RXMODAL_MAIL_FROM`, else user@hostname).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.init(identity: try MailIdentity.resolve(environment: environment))
    }

    /// The From mailbox this writer uses for `message`.
    public func sender(of message: ValidatedMailMessage) -> MailAddress {
        message.from ?? identity.address
    }

    public func write(_ message: ValidatedMailMessage, purpose: Purpose = .transmission) -> Data {
        let source = message.source
        let from = sender(of: message)
        var headers: [String] = []
        headers.append(MIMEEncoding.addressHeader(name: "From", addresses: [from]))
        if !message.to.isEmpty {
            headers.append(MIMEEncoding.addressHeader(name: "To", addresses: message.to))
        } else if message.cc.isEmpty {
            // RFC 5322 wants a destination field; an empty group says "only blind recipients".
            headers.append("To: undisclosed-recipients:;")
        }
        if !message.cc.isEmpty {
            headers.append(MIMEEncoding.addressHeader(name: "Cc", addresses: message.cc))
        }
        if purpose == .draft && !message.bcc.isEmpty {
            headers.append(MIMEEncoding.addressHeader(name: "Bcc", addresses: message.bcc))
        }
        headers.append(MIMEEncoding.unstructuredHeader(name: "Subject", value: source.subject))
        headers.append("Date: \(Self.rfc5322Date(now()))")
        headers.append("Message-ID: \(Self.messageID(domain: from.asciiDomain))")
        headers.append("MIME-Version: 1.0")

        let body = bodyEntity(source)
        let entity: Entity
        if source.attachments.isEmpty {
            entity = body
        } else {
            entity = .multipart(subtype: "mixed", parts: [body] + source.attachments.map(Self.attachmentEntity))
        }
        var output = headers.joined(separator: MIMEEncoding.crlf) + MIMEEncoding.crlf
        output += render(entity)
        return Data(output.utf8)
    }

    // MARK: entities

    private indirect enum Entity {
        case leaf(headers: [String], content: String)
        case multipart(subtype: String, parts: [Entity])
    }

    private func bodyEntity(_ message: MailMessage) -> Entity {
        let plain = Self.textEntity(subtype: "plain", text: message.isHTML ? HTMLToText.plainText(fromHTML: message.body) : message.body)
        guard message.isHTML else { return plain }
        return .multipart(subtype: "alternative", parts: [plain, Self.textEntity(subtype: "html", text: message.body)])
    }

    private static func textEntity(subtype: String, text: String) -> Entity {
        .leaf(headers: ["Content-Type: text/\(subtype); charset=UTF-8",
                        "Content-Transfer-Encoding: quoted-printable"],
              content: MIMEEncoding.quotedPrintable(text))
    }

    private static func attachmentEntity(_ attachment: MailAttachment) -> Entity {
        var nameParameters: [String]
        let disposition: [String]
        if let quoted = MIMEEncoding.quotedParameter(attachment.fileName) {
            nameParameters = ["name=\(quoted)"]
            disposition = ["filename=\(quoted)"]
        } else {
            // RFC 2231 is the standard for parameters; the RFC 2047 form of `name`
            // is for older readers that only look at Content-Type.
            nameParameters = ["name=\"\(MIMEEncoding.encodedWords(attachment.fileName).replacingOccurrences(of: "\r\n ", with: " "))\""]
            disposition = MIMEEncoding.extendedParameter(name: "filename", value: attachment.fileName)
        }
        if nameParameters[0].utf8.count > 900 { nameParameters = [] } // never a line over 998
        let contentType = ([attachment.mimeType.lowercased()] + nameParameters).joined(separator: ";" + MIMEEncoding.crlf + " ")
        return .leaf(headers: ["Content-Type: \(contentType)",
                               "Content-Transfer-Encoding: base64",
                               "Content-Disposition: " + (["attachment"] + disposition).joined(separator: ";" + MIMEEncoding.crlf + " ")],
                     content: MIMEEncoding.base64Lines(attachment.data))
    }

    /// Headers, blank line, content; all with CRLF.
    private func render(_ entity: Entity) -> String {
        switch entity {
        case let .leaf(headers, content):
            return headers.joined(separator: MIMEEncoding.crlf) + MIMEEncoding.crlf + MIMEEncoding.crlf + content
        case let .multipart(subtype, parts):
            // "=_" cannot occur in quoted-printable or base64 output, so the boundary
            // cannot collide with any part's content.
            let boundary = "=_RxModal_\(UUID().uuidString)"
            var output = "Content-Type: multipart/\(subtype);" + MIMEEncoding.crlf + " boundary=\"\(boundary)\"" + MIMEEncoding.crlf
            output += MIMEEncoding.crlf
            output += "This is a multi-part message in MIME format." + MIMEEncoding.crlf
            // Every rendered part ends with CRLF, which serves as the CRLF that belongs
            // to the next delimiter (RFC 2046 §5.1.1).
            for part in parts {
                output += "--\(boundary)" + MIMEEncoding.crlf
                output += render(part)
            }
            output += "--\(boundary)--" + MIMEEncoding.crlf
            return output
        }
    }

    // MARK: Date and Message-ID

    /// `Tue, 01 Jul 2025 14:03:09 +0200`, in the local time zone, English names (RFC 5322 §3.3).
    public static func rfc5322Date(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    /// `<time.random@domain>`: unique by a random UUID, the domain the sender's (or the host's).
    public static func messageID(domain: String) -> String {
        let seconds = Int(Date().timeIntervalSince1970)
        let right = domain.isEmpty || domain.hasPrefix("[") ? HostName.current : domain
        return "<\(seconds).\(UUID().uuidString.lowercased())@\(right)>"
    }
}
