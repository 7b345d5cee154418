import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// Messages written by `MIMEMessageWriter`, handed to msmtp by `SendmailTransport`,
/// received by a real SMTP server on loopback and parsed by Python's `email` package.
final class SMTPDeliveryTests: RxTestCase {
    private let identity = try! MailIdentity(address: MailAddress(parsing: "Test Identity <identity@example.net>", field: "from"))

    /// Sends `message` through msmtp to a fresh server and returns what arrived.
    private func deliver(_ message: MailMessage, writer: MIMEMessageWriter? = nil, count: Int = 1)
        throws -> [(parsed: ParsedMessage, raw: Data, mailFrom: String, rcptTos: [String])] {
        let server = try SMTPSink()
        defer { server.stop() }
        let configDirectory = try MailTestTools.temporaryDirectory("msmtp")
        defer { try? FileManager.default.removeItem(at: configDirectory) }
        let transport = SendmailTransport(command: try server.msmtpCommand(configDirectory: configDirectory), timeout: 30)
        let writer = writer ?? MIMEMessageWriter(identity: identity)
        let validated = try message.validated()
        var received: [(ParsedMessage, Data, String, [String])] = []
        for number in 1...count {
            try transport.send(writer.write(validated), sender: writer.sender(of: validated), recipients: validated.envelopeRecipients)
            let arrival = try server.waitForMessage(number)
            received.append((try ParsedMessage(file: arrival.file), try Data(contentsOf: arrival.file), arrival.mailFrom, arrival.rcptTos))
        }
        return received
    }

    func testHTMLBodyArrivesAsAlternativeWithDerivedPlainTextAndAttachmentsByteForByte() throws {
        let binary = Data((0...255).map { UInt8($0) } + (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        let text = Data("line one\r\nline two\n".utf8)
        let html = "<html><head><title>x</title><style>p{}</style></head><body><h1>Grüße</h1><p>Hello &amp; <b>welcome</b>, see <a href=\"https://example.org/a\">the site</a>.</p><ul><li>one</li><li>two</li></ul></body></html>"
        let message = MailMessage(toRecipients: ["alice@example.org"], subject: "Report", body: html, isHTML: true,
                                  attachments: [MailAttachment(data: binary, mimeType: "application/octet-stream", fileName: "data.bin"),
                                                MailAttachment(data: text, mimeType: "text/plain", fileName: "Rapport été – 日本語.txt")])
        let received = try XCTUnwrap(deliver(message).first)
        let parsed = received.parsed

        XCTAssertEqual(parsed.defects, [])
        XCTAssertEqual(parsed.parts.map { $0["content_type"] as? String }, [
            "multipart/mixed", "multipart/alternative", "text/plain", "text/html", "application/octet-stream", "text/plain",
        ])
        let plain = parsed.parts[2], htmlPart = parsed.parts[3]
        XCTAssertEqual(plain["charset"] as? String, "utf-8")
        XCTAssertEqual(plain["cte"] as? String, "quoted-printable")
        XCTAssertEqual(plain["text"] as? String, "Grüße\n\nHello & welcome, see the site (https://example.org/a).\n\n- one\n- two")
        XCTAssertEqual(htmlPart["charset"] as? String, "utf-8")
        XCTAssertEqual(htmlPart["text"] as? String, html)

        let attachments = parsed.parts.filter { $0["disposition"] as? String == "attachment" }
        XCTAssertEqual(attachments.map { $0["filename"] as? String }, ["data.bin", "Rapport été – 日本語.txt"])
        XCTAssertEqual(attachments.map { $0["cte"] as? String }, ["base64", "base64"])
        XCTAssertEqual(ParsedMessage.payload(attachments[0]), binary)
        XCTAssertEqual(ParsedMessage.payload(attachments[1]), text)
        // Base64 bodies come in 76-character lines.
        let rawText = String(decoding: received.raw, as: UTF8.self)
        XCTAssertTrue(rawText.contains(binary.base64EncodedString().prefix(76) + "\r\n"))
    }

    func testLongNonASCIIAttachmentNameUsesRFC2231ContinuationsAndDecodesExactly() throws {
        let name = String(repeating: "Ünïcödé résumé ", count: 8) + "最終版.pdf"
        let payload = Data("%PDF-1.4\n".utf8)
        let message = MailMessage(toRecipients: ["alice@example.org"], subject: "Names", body: "see attached",
                                  attachments: [MailAttachment(data: payload, mimeType: "application/pdf", fileName: name)])
        let received = try XCTUnwrap(deliver(message).first)
        let attachment = try XCTUnwrap(received.parsed.parts(ofType: "application/pdf").first)
        XCTAssertEqual(attachment["filename"] as? String, name)
        XCTAssertEqual(ParsedMessage.payload(attachment), payload)
        XCTAssertLessThanOrEqual(received.parsed.raw["max_line"] as? Int ?? .max, 998)
        XCTAssertTrue(String(decoding: received.raw, as: UTF8.self).contains("filename*1*="))
    }

    func testNonASCIISubjectAndDisplayNamesAreEncodedWordsThatDecodeExactly() throws {
        let subject = "Réunion de l’équipe 日本語の件名がとても長い場合でも正しく分割されること 🎉👩‍👩‍👧 done"
        let message = MailMessage(toRecipients: ["Zoë Ünïcode <zoe@example.org>", "\"Doe, Jane\" <jane@example.org>", "plain@example.org"],
                                  ccRecipients: ["Dr. Who <who@example.org>"], subject: subject, body: "hi",
                                  preferredSendingAddress: "Jürgen Müller <juergen@example.org>")
        let received = try XCTUnwrap(deliver(message).first)
        let parsed = received.parsed
        XCTAssertEqual(parsed.header("Subject"), subject)
        XCTAssertEqual(parsed.addresses["to"], [["Zoë Ünïcode", "zoe@example.org"], ["Doe, Jane", "jane@example.org"], ["", "plain@example.org"]])
        XCTAssertEqual(parsed.addresses["cc"], [["Dr. Who", "who@example.org"]])
        XCTAssertEqual(parsed.addresses["from"], [["Jürgen Müller", "juergen@example.org"]])
        let headerBlock = parsed.raw["header_block"] as? String ?? ""
        XCTAssertTrue(headerBlock.unicodeScalars.allSatisfy(\.isASCII), "headers must be 7-bit:\n\(headerBlock)")
        XCTAssertTrue(headerBlock.contains("=?UTF-8?B?"))
        // Every encoded-word is at most 75 characters (RFC 2047 §2).
        let words = headerBlock.components(separatedBy: "=?UTF-8?B?").dropFirst().map { "=?UTF-8?B?" + $0.components(separatedBy: "?=")[0] + "?=" }
        XCTAssertGreaterThan(words.count, 2)
        XCTAssertTrue(words.allSatisfy { $0.count <= 75 }, "\(words)")
        XCTAssertEqual(parsed.defects, [])
    }

    func testBccRecipientReceivesTheMessageButBccNeverAppearsInTheTransmittedData() throws {
        let message = MailMessage(toRecipients: ["alice@example.org"], ccRecipients: ["carol@example.org"],
                                  bccRecipients: ["Secret Person <hidden@example.com>", "-dash@example.com"],
                                  subject: "Quarterly", body: "numbers")
        let received = try XCTUnwrap(deliver(message).first)
        XCTAssertEqual(Set(received.rcptTos), ["alice@example.org", "carol@example.org", "hidden@example.com", "-dash@example.com"])
        let raw = String(decoding: received.raw, as: UTF8.self).lowercased()
        // The Message-ID and boundaries are random and may spell "bcc"; a Bcc header may not.
        XCTAssertFalse(raw.components(separatedBy: "\r\n").contains { $0.hasPrefix("bcc:") })
        XCTAssertFalse(raw.contains("hidden@example.com"))
        XCTAssertFalse(raw.contains("secret person"))
        XCTAssertFalse(raw.contains("-dash@example.com"))
        XCTAssertNil(received.parsed.header("Bcc"))
    }

    func testDateAndMessageIDHaveRFC5322ShapeAndMessageIDsAreUnique() throws {
        let message = MailMessage(toRecipients: ["alice@example.org"], subject: "Twice", body: "same message, two sends",
                                  preferredSendingAddress: "sender@mail.example.org")
        let received = try deliver(message, count: 2)
        let dates = received.compactMap { $0.parsed.header("Date") }
        let ids = received.compactMap { $0.parsed.header("Message-ID") }
        XCTAssertEqual(dates.count, 2)
        XCTAssertEqual(ids.count, 2)
        let datePattern = #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$"#
        for date in dates {
            XCTAssertNotNil(date.range(of: datePattern, options: .regularExpression), date)
        }
        for id in ids {
            XCTAssertNotNil(id.range(of: #"^<[^<>@\s]+@mail\.example\.org>$"#, options: .regularExpression), id)
        }
        XCTAssertNotEqual(ids[0], ids[1])
        XCTAssertEqual(received[0].parsed.header("MIME-Version"), "1.0")
        XCTAssertEqual(received.map(\.mailFrom), ["sender@mail.example.org", "sender@mail.example.org"])
    }

    func testPlainBodyWithLongLinesDotsAndUTF8IsQuotedPrintableWithCRLFAndShortLines() throws {
        let body = String(repeating: "Ça va très bien, merci! ", count: 150) + "\n.\n..\nFrom the start\ntrailing space \nend"
        let message = MailMessage(toRecipients: ["alice@example.org"], subject: "Long", body: body)
        let received = try XCTUnwrap(deliver(message).first)
        let part = try XCTUnwrap(received.parsed.parts.first)
        XCTAssertEqual(part["content_type"] as? String, "text/plain")
        XCTAssertEqual(part["charset"] as? String, "utf-8")
        XCTAssertEqual(part["cte"] as? String, "quoted-printable")
        XCTAssertEqual(part["text"] as? String, body + "\n")
        XCTAssertLessThanOrEqual(received.parsed.raw["max_line"] as? Int ?? .max, 78)
        XCTAssertEqual(received.parsed.raw["bare_lf"] as? Bool, false)
        XCTAssertEqual(received.parsed.raw["bare_cr"] as? Bool, false)
    }

    func testFromIsTheConfiguredIdentityWhenNoPreferredAddressIsGiven() throws {
        let writer = try MIMEMessageWriter(environment: ["RXMODAL_MAIL_FROM": "Robot Sender <robot@bots.example.org>"])
        let message = MailMessage(toRecipients: ["alice@example.org"], subject: "Identity", body: "x")
        let received = try XCTUnwrap(deliver(message, writer: writer).first)
        XCTAssertEqual(received.parsed.addresses["from"], [["Robot Sender", "robot@bots.example.org"]])
        XCTAssertEqual(received.mailFrom, "robot@bots.example.org")
        XCTAssertNotNil(received.parsed.header("Message-ID")?.range(of: "@bots.example.org>"))
    }

    func testInternationalizedDomainIsSentInPunycode() throws {
        let message = MailMessage(toRecipients: ["Jürgen <j@bücher.example>"], subject: "IDN", body: "x")
        let received = try XCTUnwrap(deliver(message).first)
        XCTAssertEqual(received.rcptTos, ["j@xn--bcher-kva.example"])
        XCTAssertEqual(received.parsed.addresses["to"], [["Jürgen", "j@xn--bcher-kva.example"]])
    }
}
