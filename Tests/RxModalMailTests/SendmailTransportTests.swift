import XCTest
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RxModalMail
import MailTestSupport

/// The sendmail command: how it is found, how it is called, how its failure is reported.
final class SendmailTransportTests: RxTestCase {
    private func script(_ directory: URL, _ name: String, _ body: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    func testCommandIsCalledWithoutShellWithEveryRecipientAfterDoubleDashAndTheMessageOnStdin() throws {
        let directory = try MailTestTools.temporaryDirectory("record")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stand-in sendmail that records its arguments (one per line) and its stdin.
        let recorder = try script(directory, "record-sendmail", """
        for a in "$@"; do printf '%s\\n' "$a"; done > "\(directory.path)/args"
        cat > "\(directory.path)/stdin"
        """)
        let message = MailMessage(toRecipients: ["a@example.org", "\"$(touch pwned)\"@example.org"], ccRecipients: ["c@example.org"],
                                  bccRecipients: ["-oQ/tmp@example.org", "a@example.org"], subject: "s", body: "body",
                                  preferredSendingAddress: "me@example.org")
        let writer = MIMEMessageWriter(identity: try MailIdentity.resolve(environment: ["RXMODAL_MAIL_FROM": "x@example.org"]))
        let validated = try message.validated()
        let transport = SendmailTransport(command: SendmailCommand(executablePath: recorder, leadingArguments: ["-C", "conf"]), timeout: 30)
        try transport.send(writer.write(validated), sender: writer.sender(of: validated), recipients: validated.envelopeRecipients)

        let arguments = try String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
        XCTAssertEqual(arguments.split(separator: "\n").map(String.init),
                       ["-C", "conf", "-i", "-f", "me@example.org", "--", "a@example.org", "\"$(touch pwned)\"@example.org", "c@example.org", "-oQ/tmp@example.org"])
        let stdin = try Data(contentsOf: directory.appendingPathComponent("stdin"))
        XCTAssertTrue(String(decoding: stdin, as: UTF8.self).hasPrefix("From: me@example.org\r\nTo: a@example.org, "))
        // Random parts of the message (its Message-ID) may spell "bcc"; a Bcc header or a
        // Bcc-only address may not appear.
        let transmitted = String(decoding: stdin, as: UTF8.self).lowercased()
        XCTAssertFalse(transmitted.components(separatedBy: "\r\n").contains { $0.hasPrefix("bcc:") })
        XCTAssertFalse(transmitted.contains("-oq/tmp@example.org"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "pwned"))
    }

    /// A host that sends many mails keeps its descriptors: Foundation's Process
    /// leaked about two descriptors a send.
    func testAHundredSendsLeaveTheOpenDescriptorsAsTheyWere() throws {
        let directory = try MailTestTools.temporaryDirectory("many")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try script(directory, "sink-sendmail", "cat > /dev/null; echo chatty >&2")
        let transport = SendmailTransport(command: SendmailCommand(executablePath: sink), timeout: 30)
        let message = Data(String(repeating: "a line of the message\r\n", count: 200).utf8)
        let sender = try MailAddress(parsing: "me@example.org", field: "From")
        for _ in 0..<10 { try transport.send(message, sender: sender, recipients: ["you@example.org"]) }
        let descriptorsBefore = try openDescriptorCount()

        for _ in 0..<100 { try transport.send(message, sender: sender, recipients: ["you@example.org"]) }

        XCTAssertEqual(try openDescriptorCount(), descriptorsBefore)
    }

    private func openDescriptorCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    func testFailingCommandReportsItsExitStatusAndStderr() throws {
        let directory = try MailTestTools.temporaryDirectory("fail")
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = try script(directory, "failing-sendmail", "cat > /dev/null\necho 'relay.example: 554 relay access denied' >&2\nexit 1")
        let transport = try SendmailTransport(environment: ["RXMODAL_SENDMAIL": failing, "PATH": "/usr/bin:/bin"])
        let sender = try MailAddress(parsing: "me@example.org", field: "from")
        XCTAssertThrowsError(try transport.send(Data("Subject: x\r\n\r\nx\r\n".utf8), sender: sender, recipients: ["a@example.org"])) { error in
            XCTAssertEqual(error as? MailTransportError, .commandFailed(command: "failing-sendmail", status: 1, stderr: "relay.example: 554 relay access denied"))
            XCTAssertEqual("\(error)", "failing-sendmail exited with status 1: relay.example: 554 relay access denied")
        }
    }

    func testCommandThatExitsWithoutReadingALargeMessageIsReportedNotCrashed() throws {
        let directory = try MailTestTools.temporaryDirectory("early")
        defer { try? FileManager.default.removeItem(at: directory) }
        let early = try script(directory, "early-exit", "echo 'gave up' >&2\nexit 75")
        let transport = SendmailTransport(command: SendmailCommand(executablePath: early), timeout: 30)
        let big = Data(repeating: 0x41, count: 4 << 20)
        XCTAssertThrowsError(try transport.send(big, sender: try MailAddress(parsing: "me@example.org", field: "from"), recipients: ["a@example.org"])) {
            XCTAssertEqual($0 as? MailTransportError, .commandFailed(command: "early-exit", status: 75, stderr: "gave up"))
        }
    }

    func testCommandRunningPastTheTimeoutIsStoppedAndReported() throws {
        let directory = try MailTestTools.temporaryDirectory("slow")
        defer { try? FileManager.default.removeItem(at: directory) }
        let slow = try script(directory, "slow-sendmail", "exec sleep 30")
        let transport = SendmailTransport(command: SendmailCommand(executablePath: slow), timeout: 0.5)
        XCTAssertThrowsError(try transport.send(Data("x".utf8), sender: try MailAddress(parsing: "me@example.org", field: "from"), recipients: ["a@example.org"])) {
            XCTAssertEqual($0 as? MailTransportError, .timedOut(command: "slow-sendmail", seconds: 0.5))
        }
    }

    func testCanSendMailFollowsRXMODAL_SENDMAILThenPATHWithoutFallingBackFromAConfiguredCommand() throws {
        let directory = try MailTestTools.temporaryDirectory("locate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configured = try script(directory, "my-mailer", "exit 0")
        let binDirectory = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: binDirectory, withIntermediateDirectories: true)
        let msmtpOnPath = try script(binDirectory, "msmtp", "exit 0")
        let empty = directory.appendingPathComponent("empty").path

        XCTAssertTrue(SendmailTransport.canSendMail(environment: ["RXMODAL_SENDMAIL": configured, "PATH": empty]))
        XCTAssertEqual(SendmailCommand.locate(environment: ["RXMODAL_SENDMAIL": "my-mailer", "PATH": directory.path])?.executablePath, configured)
        XCTAssertFalse(SendmailTransport.canSendMail(environment: ["RXMODAL_SENDMAIL": directory.appendingPathComponent("missing").path, "PATH": binDirectory.path]))
        XCTAssertEqual(SendmailCommand.locate(environment: ["PATH": "\(empty):\(binDirectory.path)"])?.executablePath, msmtpOnPath)
        XCTAssertFalse(SendmailTransport.canSendMail(environment: ["RXMODAL_SENDMAIL": directory.path, "PATH": empty]), "a directory is not a command")
        if !FileManager.default.isExecutableFile(atPath: "/usr/sbin/sendmail") {
            XCTAssertFalse(SendmailTransport.canSendMail(environment: ["PATH": empty]))
            XCTAssertThrowsError(try SendmailTransport(environment: ["PATH": empty])) { XCTAssertEqual($0 as? MailTransportError, .noCommand) }
        }
    }
}
