import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// The engine the plugin calls: sent through the real server, or failed with a draft kept.
final class MailComposerTests: RxTestCase {
    private func writer() throws -> MIMEMessageWriter {
        MIMEMessageWriter(identity: try MailIdentity.resolve(environment: ["RXMODAL_MAIL_FROM": "Me <me@example.org>"]))
    }

    func testSendDeliversThroughMsmtpToTheServerAndLeavesNoDraft() throws {
        let server = try SMTPSink()
        defer { server.stop() }
        let scratch = try MailTestTools.temporaryDirectory("composer")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let composer = MailComposer(writer: try writer(),
                                    transport: SendmailTransport(command: try server.msmtpCommand(configDirectory: scratch), timeout: 30),
                                    drafts: MaildirDraftStore(directory: scratch.appendingPathComponent("Drafts")))
        let outcome = try composer.send(MailMessage(toRecipients: ["alice@example.org"], bccRecipients: ["bob@example.org"], subject: "Hi", body: "Hello"))
        XCTAssertEqual(outcome, .sent)
        let arrival = try server.waitForMessage(1)
        XCTAssertEqual(arrival.mailFrom, "me@example.org")
        XCTAssertEqual(arrival.rcptTos, ["alice@example.org", "bob@example.org"])
        XCTAssertEqual(try ParsedMessage(file: arrival.file).header("Subject"), "Hi")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("Drafts").path))
    }

    func testFailingTransportReportsItsMessageAndKeepsTheMessageAsADraft() throws {
        let scratch = try MailTestTools.temporaryDirectory("composer-fail")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let failing = scratch.appendingPathComponent("failing-sendmail")
        try Data("#!/bin/sh\ncat >/dev/null\necho 'msmtp: cannot connect to smtp.example.org: Connection refused' >&2\nexit 1\n".utf8).write(to: failing)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
        let environment = ["RXMODAL_SENDMAIL": failing.path, "RXMODAL_MAIL_FROM": "me@example.org",
                           "XDG_DATA_HOME": scratch.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin"]
        let composer = try MailComposer(environment: environment)
        let message = MailMessage(toRecipients: ["alice@example.org"], bccRecipients: ["bob@example.org"], subject: "Keep me", body: "precious words")

        let outcome = try composer.send(message)
        guard case let .failed(text, draftPath?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(text, "failing-sendmail exited with status 1: msmtp: cannot connect to smtp.example.org: Connection refused")
        let maildir = scratch.appendingPathComponent("data/rxmodal/Drafts")
        XCTAssertTrue(draftPath.hasPrefix(maildir.path + "/cur/"))
        let drafts = try XCTUnwrap(MailTestTools.pythonJSON("read_maildir.py", [maildir.path]) as? [[String: Any]])
        XCTAssertEqual(drafts.count, 1)
        XCTAssertEqual(drafts.first?["flags"] as? String, "D")
        XCTAssertEqual(drafts.first?["body"] as? String, "precious words\n")
        let headers = (drafts.first?["headers"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
        XCTAssertEqual(headers.first { $0.0 == "Bcc" }?.1, "bob@example.org")
        XCTAssertEqual(headers.first { $0.0 == "Subject" }?.1, "Keep me")
    }

    func testWithoutAnyCommandSendFailsWithADraftAndSaysWhy() throws {
        let scratch = try MailTestTools.temporaryDirectory("composer-none")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let composer = MailComposer(writer: try writer(), transport: nil, drafts: MaildirDraftStore(directory: scratch.appendingPathComponent("Drafts")))
        let outcome = try composer.send(MailMessage(toRecipients: ["alice@example.org"], subject: "s", body: "b"))
        guard case let .failed(text, draftPath?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(text.hasPrefix("no sendmail-compatible command found"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: draftPath))
    }
}
