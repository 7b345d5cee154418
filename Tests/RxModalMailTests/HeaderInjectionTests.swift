import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// CR, LF or NUL in any header field is refused with the field named, before anything
/// reaches the sendmail command: the real server receives nothing and no draft is left.
final class HeaderInjectionTests: RxTestCase {
    private func assertRefused(_ message: MailMessage, field: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try SMTPSink()
        defer { server.stop() }
        let scratch = try MailTestTools.temporaryDirectory("injection")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let composer = MailComposer(
            writer: MIMEMessageWriter(identity: try MailIdentity.resolve(environment: ["RXMODAL_MAIL_FROM": "me@example.org"])),
            transport: SendmailTransport(command: try server.msmtpCommand(configDirectory: scratch), timeout: 30),
            drafts: MaildirDraftStore(directory: scratch.appendingPathComponent("Drafts")))

        XCTAssertThrowsError(try composer.send(message), file: file, line: line) { error in
            XCTAssertEqual(error as? MailValidationError, MailValidationError(field: field, reason: .forbiddenControlCharacter), file: file, line: line)
            XCTAssertTrue("\(error)".hasPrefix(field + ":"), "\(error)", file: file, line: line)
        }
        XCTAssertThrowsError(try composer.saveDraft(message), file: file, line: line)
        // A control message through the same server proves it was listening: only it arrives.
        XCTAssertEqual(try composer.send(MailMessage(toRecipients: ["control@example.org"], subject: "control", body: "x")), .sent, file: file, line: line)
        let arrival = try server.waitForMessage(1)
        XCTAssertEqual(arrival.rcptTos, ["control@example.org"], file: file, line: line)
        XCTAssertEqual(server.receivedCount, 1, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("Drafts").path), file: file, line: line)
    }

    func testSubjectWithCRLFAndInjectedBccHeaderIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], subject: "Hello\r\nBcc: victim@evil.example", body: "x"), field: "subject")
    }

    func testSubjectWithNULIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], subject: "Hello\0world", body: "x"), field: "subject")
    }

    func testToAddressWithLineFeedIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["ok@example.org", "a@example.org\nBcc: victim@evil.example"], subject: "s", body: "x"), field: "to[1]")
    }

    func testCcDisplayNameWithCarriageReturnIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], ccRecipients: ["Eve\r <eve@example.org>"], subject: "s", body: "x"), field: "cc[0]")
    }

    func testBccWithNULIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], bccRecipients: ["b@example.org\0"], subject: "s", body: "x"), field: "bcc[0]")
    }

    func testPreferredSendingAddressWithLineFeedIsRefused() throws {
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], subject: "s", body: "x",
                                      preferredSendingAddress: "me@example.org\nTo: everyone@example.org"), field: "from")
    }

    func testAttachmentFileNameWithCRLFIsRefused() throws {
        let attachment = MailAttachment(data: Data("x".utf8), mimeType: "text/plain", fileName: "a.txt\r\nContent-Type: text/html")
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], subject: "s", body: "x", attachments: [attachment]), field: "attachments[0].fileName")
    }

    func testAttachmentMIMETypeWithLineFeedIsRefused() throws {
        let attachment = MailAttachment(data: Data("x".utf8), mimeType: "text/plain\nX-Evil: 1", fileName: "a.txt")
        try assertRefused(MailMessage(toRecipients: ["a@example.org"], subject: "s", body: "x", attachments: [attachment]), field: "attachments[0].mimeType")
    }
}
