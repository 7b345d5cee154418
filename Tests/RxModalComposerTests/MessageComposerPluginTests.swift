import XCTest
import RxTestSupport
import Foundation
import RxCore
import RxModal
import MailTestSupport

/// The messageComposer plugin and `RxModal.messageComposer`, with a transport
/// command that records its arguments standing in for a phone (there is no modem
/// here): the recorded arguments must be exact, whatever the body holds.
final class MessageComposerPluginTests: RxTestCase {
    private var directory: URL!
    private let environment = EnvironmentOverride()
    private var record: URL { directory.appendingPathComponent("argv") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try MailTestTools.temporaryDirectory("sms")
        environment.set("RXMODAL_SMS_COMMAND", try script("fake-phone", """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\0' "$argument"; done > '\(record.path)'
            """))
    }

    override func tearDown() {
        environment.restore()
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private func script(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url.path
    }

    /// The arguments the fake phone received, or nil if it never ran.
    private var recordedArguments: [String]? {
        guard let data = FileManager.default.contents(atPath: record.path) else { return nil }
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    func testRegistryLoadsThePluginAndDescribesIt() throws {
        let kind = try ComposerPlugins.kind("messageComposer")
        XCTAssertTrue(kind.origin.description.hasSuffix("/librxmodal-messageComposer.so"), kind.origin.description)
        XCTAssertEqual(kind.methods.map { "\($0.name)(\($0.argumentNames.joined(separator: ","))) [\($0.signature)]" }, [
            "setRecipients(recipients) [S]", "setBody(body) [s]", "setSubject(subject) [s]", "addAttachment(path) [s]",
        ])
        let text = ComposerPlugins.registry.describe(kind)
        XCTAssertTrue(text.hasPrefix("messageComposer 1.0.0\n"), text)
        XCTAssertTrue(text.contains(#"{"result": "cancelled"}"#), text)
    }

    func testEveryMethodRefusesBadArguments() throws {
        let kind = try ComposerPlugins.kind("messageComposer")
        func refusal(_ method: String, _ arguments: ModalValue...) -> ModalError? {
            ComposerPlugins.refusal(kind, method, arguments: arguments)
        }
        XCTAssertEqual(refusal("setRecipients", ["0639981337", "06\n12"]),
                       .invalidArgument(method: "setRecipients", reason: "recipients[1]: contains a control character (line break, NUL, …)"))
        XCTAssertEqual(refusal("setRecipients", ["  "]), .invalidArgument(method: "setRecipients", reason: "recipients[0]: empty recipient"))
        XCTAssertEqual(refusal("setSubject", "a\r\nb"), .invalidArgument(method: "setSubject", reason: "subject: contains a line break or NUL character"))
        XCTAssertEqual(refusal("addAttachment", "/nonexistent/photo.jpg"),
                       .invalidArgument(method: "addAttachment", reason: "attachments[0]: no such file: /nonexistent/photo.jpg"))
        XCTAssertEqual(refusal("addAttachment", .string(directory.path)),
                       .invalidArgument(method: "addAttachment", reason: "attachments[0]: is a directory: \(directory.path)"))
        guard case .invalidArgument? = refusal("setBody", 42) else { return XCTFail("an int body was not refused by the invoker") }
        XCTAssertNil(refusal("setBody", "-rf \"quoted\" 'single'\nsecond line"), "any text is a valid body")
        XCTAssertNil(refusal("setRecipients", ["+33 6 39 98 13 37", "-n"]))
    }

    func testUnmetPreconditionIsUnsupportedBeforeAnythingIsShown() throws {
        environment.set("RXMODAL_SMS_COMMAND", nil)
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        environment.set("PATH", bin.path)   // no kdeconnect-cli, no mmcli
        XCTAssertFalse(RxModal.canSendText())
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] })
        XCTAssertEqual(modalError(result), .unsupported(kind: "messageComposer",
            reason: "no text message transport: set RXMODAL_SMS_COMMAND, or install KDE Connect (kdeconnect-cli) or ModemManager (mmcli)"))
        XCTAssertEqual(surface.transcript, [])

        environment.set("RXMODAL_SMS_COMMAND", "/nonexistent/phone")
        let named = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] })
        XCTAssertEqual(modalError(named), .unsupported(kind: "messageComposer",
            reason: "RXMODAL_SMS_COMMAND names /nonexistent/phone, which is not an executable file (on PATH or as a path)"))
        XCTAssertEqual(surface.transcript, [])

        // Without RXMODAL_SMS_COMMAND, a kdeconnect-cli on PATH is a transport.
        environment.set("RXMODAL_SMS_COMMAND", nil)
        _ = try script("bin/kdeconnect-cli", "#!/bin/sh\nexit 0\n")
        XCTAssertTrue(RxModal.canSendText())
    }

    func testSendRunsTheCommandWithExactArgumentsWhateverTheBodyHolds() throws {
        let photo = directory.appendingPathComponent("photo one.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: photo)
        let hostileBody = "--help -rf \"double\" 'single' $(touch /tmp/pwned) `id` ; | & \\\nsecond line\t-- end"
        let surface = try ScriptedSurface(json: #"[{"expect": {"primitive": "form", "title": "New Message"}, "choose": "Send"}]"#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { message in
            message.recipients = ["0639981337", "-n +33 6 00"]
            message.body = hostileBody
            message.subject = "--subject=evil"
            message.addAttachment(path: photo.path)
        })
        XCTAssertEqual(try result?.get(), .sent)
        XCTAssertEqual(recordedArguments, [
            "--subject=--subject=evil", "--attachment=\(photo.path)", "--body=\(hostileBody)", "--", "0639981337", "-n +33 6 00",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/pwned"))
        let spec = surface.transcript[ifPresent: 0]?["spec"]
        XCTAssertEqual(spec?["fields"]?.arrayValue?.map { $0["name"] }, ["recipients", "subject", "body", "attachments"])
        XCTAssertEqual(spec?["fields"]?[2]?["value"], .string(hostileBody))
        XCTAssertEqual(spec?["actions"]?.arrayValue?.map { $0["title"] }, ["Send", "Cancel"])
    }

    func testTheFormsEditsAreSent() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"choose": "Send", "fields": {"recipients": ["0700000000"], "body": "edited\nbody", "attachments": []}}]
            """#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { message in
            message.recipients = ["0639981337"]
            message.body = "Hello World!"
        })
        XCTAssertEqual(try result?.get(), .sent)
        XCTAssertEqual(recordedArguments, ["--body=edited\nbody", "--", "0700000000"])
    }

    func testAFailingCommandYieldsFailedWithItsMessage() throws {
        environment.set("RXMODAL_SMS_COMMAND", try script("no-signal", "#!/bin/sh\necho 'no signal' >&2\nexit 3\n"))
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] })
        XCTAssertEqual(try result?.get(), .failed(message: "no-signal exited with status 3: no signal"))
    }

    func testAMessageThatCannotBeSentIsShownAgainWithTheProblemThenSentWhenFixed() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"choose": "Send", "fields": {"recipients": [], "body": "typed body"}},
             {"expect": {"primitive": "form"}, "choose": "Send", "fields": {"recipients": ["0700000000"]}}]
            """#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] })
        XCTAssertEqual(try result?.get(), .sent)
        XCTAssertEqual(surface.transcript[ifPresent: 1]?["spec"]?["fields"]?[0],
                       ["name": "recipients", "label": "To", "kind": "addresses", "value": [],
                        "error": "recipients: at least one recipient is needed"], "the problem at the field it names")
        XCTAssertEqual(recordedArguments, ["--body=typed body", "--", "0700000000"], "the body typed the first time was kept")
    }

    func testCancelIsAValueAndRunsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let result = outcome(of: RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] })
        XCTAssertEqual(try result?.get(), .cancelled)
        XCTAssertNil(recordedArguments)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testDisposingWhileShownDismissesOnceAndEmitsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let box = OutcomeBox<MessageComposeResult>()
        let subscription = RxModal.messageComposer(presenter: .surface(surface)) { $0.recipients = ["0639981337"] }.subscribe { box.set($0) }
        surface.waitUntilShown(1)
        subscription.dispose()
        subscription.dispose()
        surface.waitUntilDismissed(0, times: 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(box.count, 0)
        XCTAssertNil(recordedArguments)
    }
}
