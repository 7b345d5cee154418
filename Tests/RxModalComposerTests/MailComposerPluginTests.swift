import XCTest
import Foundation
import RxCore
import RxModal
import MailTestSupport

/// The mailComposer plugin, loaded by the registry from the build directory, and
/// its façade `RxModal.mailComposer`: what it declares, what it refuses, what the
/// form shows, and what a real SMTP server and a real Maildir receive.
final class MailComposerPluginTests: RxTestCase {
    private var world: MailWorld!

    override func setUpWithError() throws {
        try super.setUpWithError()
        world = try MailWorld()
    }

    override func tearDown() {
        world?.close()
        world = nil
        super.tearDown()
    }

    private func composer(_ surface: ScriptedSurface, _ configure: @escaping (MailComposeConfiguration) -> Void) -> Single<MailComposeResult> {
        let drafts = world.drafts.path
        return RxModal.mailComposer(presenter: .surface(surface)) { mail in
            mail.draftsDirectory = drafts
            configure(mail)
        }
    }

    func testRegistryLoadsThePluginFromTheBuildDirectoryAndDescribesIt() throws {
        let kind = try ComposerPlugins.kind("mailComposer")
        XCTAssertTrue(kind.origin.description.hasSuffix("/librxmodal-mailComposer.so"), kind.origin.description)
        XCTAssertEqual(kind.methods.map { "\($0.name)(\($0.argumentNames.joined(separator: ","))) [\($0.signature)]" }, [
            "setToRecipients(recipients) [S]", "setCcRecipients(recipients) [S]", "setBccRecipients(recipients) [S]",
            "setSubject(subject) [s]", "setMessageBody(body,isHTML) [sb]", "addAttachmentData(data,mimeType,fileName) [yss]",
            "addAttachmentFile(path,mimeType) [ss]", "setPreferredSendingEmailAddress(address) [s]", "setDraftsDirectory(path) [s]",
            "setTransport(transport) [s]",
        ])
        XCTAssertTrue(kind.methods.allSatisfy { !$0.doc.isEmpty })
        let text = ComposerPlugins.registry.describe(kind)
        XCTAssertTrue(text.hasPrefix("mailComposer 1.0.0\n"), text)
        XCTAssertTrue(text.contains("precondition: yes   authorization: no"), text)
        XCTAssertTrue(text.contains(#"{"result": "sent", "via"?: "mailClient"}"#), text)
        XCTAssertEqual(ComposerPlugins.registry.describeAsValue(kind)["hasPrecondition"], true)
    }

    func testEveryMethodRefusesBadArgumentsNamingTheField() throws {
        let kind = try ComposerPlugins.kind("mailComposer")
        func refusal(_ method: String, _ arguments: ModalValue...) -> String {
            guard case .invalidArgument(let method, let reason)? = ComposerPlugins.refusal(kind, method, arguments: arguments) else {
                return "accepted or not refused by the plugin: \(String(describing: ComposerPlugins.refusal(kind, method, arguments: arguments)))"
            }
            return "\(method): \(reason)"
        }
        XCTAssertEqual(refusal("setToRecipients", ["ok@example.org", "not an address"]),
                       "setToRecipients: to[1]: not a valid e-mail address")
        XCTAssertEqual(refusal("setCcRecipients", ["a@example.org\r\nBcc: x@example.org"]),
                       "setCcRecipients: cc[0]: contains a line break or NUL character, which a mail header cannot hold")
        XCTAssertEqual(refusal("setBccRecipients", ["@example.org"]), "setBccRecipients: bcc[0]: not a valid e-mail address")
        XCTAssertEqual(refusal("setSubject", "Hi\nBcc: evil@example.org"),
                       "setSubject: subject: contains a line break or NUL character, which a mail header cannot hold")
        XCTAssertEqual(refusal("addAttachmentData", .bytes([1, 2]), "not a type", "a.bin"),
                       "addAttachmentData: attachments[0].mimeType: not a MIME type of the form type/subtype")
        XCTAssertEqual(refusal("addAttachmentData", .bytes([1, 2]), "text/plain", " "),
                       "addAttachmentData: attachments[0].fileName: the attachment needs a file name")
        XCTAssertEqual(refusal("addAttachmentData", .bytes([1]), "text/plain", "a\r\n.txt"),
                       "addAttachmentData: attachments[0].fileName: contains a line break or NUL character, which a mail header cannot hold")
        XCTAssertEqual(refusal("addAttachmentFile", "/nonexistent/report.pdf", ""),
                       "addAttachmentFile: attachments[0].path: attachment cannot be read (no such file: /nonexistent/report.pdf)")
        XCTAssertEqual(refusal("addAttachmentFile", .string(world.directory.path), ""),
                       "addAttachmentFile: attachments[0].path: attachment cannot be read (is a directory: \(world.directory.path))")
        XCTAssertEqual(refusal("setPreferredSendingEmailAddress", "me at example"),
                       "setPreferredSendingEmailAddress: from: not a valid e-mail address")
        XCTAssertEqual(refusal("setDraftsDirectory", "relative/Drafts"),
                       "setDraftsDirectory: draftsDirectory: expected an absolute path, got relative/Drafts")
        // The host checks types against the signature before the plugin sees anything.
        guard case .invalidArgument? = ComposerPlugins.refusal(kind, "setMessageBody", arguments: ["body", "yes"]) else {
            return XCTFail("a string for isHTML was not refused by the invoker")
        }
        // Valid arguments are taken.
        XCTAssertNil(ComposerPlugins.refusal(kind, "setToRecipients", arguments: [["Ada <ada@example.org>", "b@bücher.example"]]))
        XCTAssertNil(ComposerPlugins.refusal(kind, "setMessageBody", arguments: ["<p>Hi</p>", true]))
        XCTAssertNil(ComposerPlugins.refusal(kind, "setPreferredSendingEmailAddress", arguments: [""]))
    }

    func testFacadeFailsAtSubscribeTimeWithThePluginsRefusalAndShowsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let result = outcome(of: composer(surface) { $0.setToRecipients(["a@example.org", "b@@example.org"]) })
        XCTAssertEqual(modalError(result), .invalidArgument(method: "setToRecipients", reason: "to[1]: not a valid e-mail address"))
        XCTAssertEqual(surface.transcript, [])
    }

    func testUnmetPreconditionIsUnsupportedBeforeAnythingIsShown() throws {
        world.environment.set("RXMODAL_SENDMAIL", "/nonexistent/sendmail")
        XCTAssertFalse(RxModal.canSendMail())
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let result = outcome(of: composer(surface) { $0.setToRecipients(["a@example.org"]) })
        XCTAssertEqual(modalError(result), .unsupported(kind: "mailComposer",
            reason: "RXMODAL_SENDMAIL names /nonexistent/sendmail, which is not an executable file (on PATH or as a path)"))
        XCTAssertEqual(surface.transcript, [], "nothing was shown")
        XCTAssertEqual(world.server.receivedCount, 0)
    }

    func testCanSendMailFollowsTheCommandThatIsConfigured() throws {
        XCTAssertTrue(RxModal.canSendMail(), "RXMODAL_SENDMAIL names the msmtp script")
        world.environment.set("RXMODAL_SENDMAIL", nil)
        let bin = world.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        world.environment.set("PATH", bin.path)   // no sendmail, no msmtp there
        XCTAssertEqual(RxModal.canSendMail(), FileManager.default.isExecutableFile(atPath: "/usr/sbin/sendmail"))
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("msmtp").path,
                                                   withDestinationPath: try MailTestTools.msmtp())
        XCTAssertTrue(RxModal.canSendMail(), "msmtp found on PATH")
    }

    func testSendShowsTheComposeFormAndDeliversACorrectMessageWithoutBcc() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"primitive": "form", "title": "Grüße from the test"}, "choose": "Send"}]"#)
        let attachmentFile = world.directory.appendingPathComponent("notes.txt")
        let fileBytes = Data("first line\nsecond line\n".utf8)
        try fileBytes.write(to: attachmentFile)
        let binary = Data((0...255).map { UInt8($0) })
        let result = outcome(of: composer(surface) { mail in
            mail.setToRecipients(["Ada Lovelace <ada@example.org>"])
            mail.setCcRecipients(["cc@example.org"])
            mail.setBccRecipients(["hidden@example.org"])
            mail.setSubject("Grüße from the test")
            mail.setMessageBody("<p>Hello <b>World</b>!</p>", isHTML: true)
            mail.addAttachmentData(binary, mimeType: "application/octet-stream", fileName: "bytes.bin")
            mail.addAttachmentFile(path: attachmentFile.path)
        })
        XCTAssertEqual(try result?.get(), .sent)

        let shown = surface.transcript[ifPresent: 0]?["spec"]
        XCTAssertEqual(shown?["fields"], [
            ["name": "to", "label": "To", "kind": "addresses", "value": ["Ada Lovelace <ada@example.org>"]],
            ["name": "cc", "label": "Cc", "kind": "addresses", "value": ["cc@example.org"]],
            ["name": "bcc", "label": "Bcc", "kind": "addresses", "value": ["hidden@example.org"]],
            ["name": "subject", "label": "Subject", "kind": "line", "value": "Grüße from the test"],
            ["name": "body", "label": "Body (HTML)", "kind": "text", "value": "<p>Hello <b>World</b>!</p>"],
            ["name": "from", "label": "From", "kind": "readOnly", "value": "Composer Test <composer@example.net>"],
            ["name": "attachments", "label": "Attachments", "kind": "attachments", "value": ["bytes.bin", "notes.txt"]],
        ])
        XCTAssertEqual(shown?["actions"]?.arrayValue?.map { $0["title"] }, ["Send", "Save Draft", "Cancel"])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)

        let arrival = try world.server.waitForMessage(1)
        XCTAssertEqual(arrival.mailFrom, "composer@example.net")
        XCTAssertEqual(Set(arrival.rcptTos), ["ada@example.org", "cc@example.org", "hidden@example.org"])
        let parsed = try ParsedMessage(file: arrival.file)
        XCTAssertEqual(parsed.defects, [])
        XCTAssertEqual(parsed.header("Subject"), "Grüße from the test")
        XCTAssertEqual(parsed.addresses["to"], [["Ada Lovelace", "ada@example.org"]])
        XCTAssertEqual(parsed.addresses["cc"], [["", "cc@example.org"]])
        XCTAssertEqual(parsed.addresses["from"], [["Composer Test", "composer@example.net"]])
        XCTAssertNil(parsed.header("Bcc"))
        XCTAssertEqual(parsed.raw["has_bcc_text"] as? Bool, false)
        XCTAssertFalse(String(decoding: try Data(contentsOf: arrival.file), as: UTF8.self).contains("hidden@example.org"))
        XCTAssertNotNil(parsed.header("Date"))
        XCTAssertNotNil(parsed.header("Message-ID"))
        XCTAssertEqual(parsed.parts.map { $0["content_type"] as? String },
                       ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "application/octet-stream", "text/plain"])
        XCTAssertEqual(parsed.parts[2]["text"] as? String, "Hello World!")
        XCTAssertEqual(parsed.parts[3]["text"] as? String, "<p>Hello <b>World</b>!</p>")
        let attachments = parsed.parts.filter { $0["disposition"] as? String == "attachment" }
        XCTAssertEqual(attachments.map { $0["filename"] as? String }, ["bytes.bin", "notes.txt"])
        XCTAssertEqual(attachments.map { ParsedMessage.payload($0) }, [binary, fileBytes])
        XCTAssertEqual(try world.readDrafts().count, 0, "a sent message leaves no draft")
    }

    func testWhatIsEditedInTheFormIsWhatIsSent() throws {
        let extra = world.directory.appendingPathComponent("added.csv")
        try Data("a,b\n1,2\n".utf8).write(to: extra)
        let script = """
        [{"choose": "Send", "fields": {"to": ["edited@example.org"], "cc": [], "subject": "Edited subject",
          "body": "Typed in the form\\n-- \\nme", "attachments": ["kept.txt", "\(extra.path)"]}}]
        """
        let surface = try ScriptedSurface(json: script)
        let result = outcome(of: composer(surface) { mail in
            mail.setToRecipients(["original@example.org"])
            mail.setCcRecipients(["dropped@example.org"])
            mail.setSubject("Original")
            mail.addAttachmentData(Data("kept".utf8), mimeType: "text/plain", fileName: "kept.txt")
            mail.addAttachmentData(Data("removed".utf8), mimeType: "text/plain", fileName: "removed.txt")
        })
        XCTAssertEqual(try result?.get(), .sent)
        let arrival = try world.server.waitForMessage(1)
        XCTAssertEqual(arrival.rcptTos, ["edited@example.org"])
        let parsed = try ParsedMessage(file: arrival.file)
        XCTAssertEqual(parsed.header("Subject"), "Edited subject")
        XCTAssertNil(parsed.header("Cc"))
        XCTAssertEqual(parsed.parts(ofType: "text/plain").first?["text"] as? String, "Typed in the form\n-- \nme")
        let attachments = parsed.parts.filter { $0["disposition"] as? String == "attachment" }
        XCTAssertEqual(attachments.map { $0["filename"] as? String }, ["kept.txt", "added.csv"])
        XCTAssertEqual(attachments.map { $0["content_type"] as? String }, ["text/plain", "text/csv"])
        XCTAssertEqual(attachments.map { ParsedMessage.payload($0) }, [Data("kept".utf8), Data("a,b\n1,2\n".utf8)])
    }

    func testSaveDraftWritesAMaildirMessageThatKeepsBccAndSendsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Save Draft"}]"#)
        let result = outcome(of: composer(surface) { mail in
            mail.setToRecipients(["to@example.org"])
            mail.setBccRecipients(["hidden@example.org"])
            mail.setSubject("Draft subject")
            mail.setMessageBody("Not finished yet", isHTML: false)
        })
        guard case .saved(let draftPath)? = try result?.get() else { return XCTFail("not saved: \(String(describing: result))") }
        // The path names the draft the Maildir holds: its file, in cur/, with the draft flag.
        let draftFile = URL(fileURLWithPath: draftPath)
        XCTAssertEqual(draftFile.deletingLastPathComponent().standardizedFileURL.path,
                       world.drafts.appendingPathComponent("cur").standardizedFileURL.path)
        XCTAssertTrue(draftFile.lastPathComponent.hasSuffix(":2,D"), draftFile.lastPathComponent)
        XCTAssertTrue(try String(contentsOf: draftFile, encoding: .utf8).contains("Subject: Draft subject"))
        XCTAssertEqual(seedDescription(of: .saved(draftPath: draftPath)), "saved")
        XCTAssertEqual(String(describing: MailComposeResult.saved(draftPath: draftPath)), "saved", "the seed's word")
        let drafts = try world.readDrafts()
        XCTAssertEqual(drafts.count, 1)
        XCTAssertEqual(drafts.first?["subdir"] as? String, "cur")
        XCTAssertEqual(drafts.first?["flags"] as? String, "D")
        XCTAssertEqual(drafts.first?["body"] as? String, "Not finished yet\n", "as the engine writes it: a final line break")
        let headers = (drafts.first?["headers"] as? [[String]] ?? []).map { ($0[0].lowercased(), $0[1]) }
        XCTAssertTrue(headers.contains { $0 == ("subject", "Draft subject") }, "\(headers)")
        XCTAssertTrue(headers.contains { $0 == ("bcc", "hidden@example.org") }, "\(headers)")
        XCTAssertEqual(world.server.receivedCount, 0)
    }

    func testFailedSendSavesADraftAndYieldsFailedWithTheTransportsMessage() throws {
        world.environment.set("RXMODAL_SENDMAIL", try world.script("broken-sendmail", """
            #!/bin/sh
            cat > /dev/null
            echo "relay refused: no route to example.org" >&2
            exit 75
            """))
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        let result = outcome(of: composer(surface) { mail in
            mail.setToRecipients(["to@example.org"])
            mail.setSubject("Keep me")
            mail.setMessageBody("Precious words", isHTML: false)
        })
        guard case .failed(let message, let draftPath?)? = try result?.get() else {
            return XCTFail("not failed with a kept draft: \(String(describing: result))")
        }
        XCTAssertEqual(message, "broken-sendmail exited with status 75: relay refused: no route to example.org")
        XCTAssertTrue(try String(contentsOfFile: draftPath, encoding: .utf8).contains("Subject: Keep me"), "the path names the kept draft")
        XCTAssertEqual(seedDescription(of: .failed(message: message)), "failed")
        let drafts = try world.readDrafts()
        XCTAssertEqual(drafts.count, 1, "the message was kept as a draft")
        XCTAssertEqual(drafts.first?["body"] as? String, "Precious words\n")
    }

    func testCancelIsAValueAndNothingIsSentOrSaved() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let result = outcome(of: composer(surface) { $0.setToRecipients(["to@example.org"]) })
        XCTAssertEqual(try result?.get(), .cancelled)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(world.server.receivedCount, 0)
        XCTAssertEqual(try world.readDrafts().count, 0)
    }

    func testInvalidInputTypedInTheFormIsShownAgainWithTheProblemAtItsFieldAndNothingIsSentOrSaved() throws {
        for (fields, field, expected) in [
            (#"{"to": ["not an address"], "body": "typed"}"#, "to", "to[0]: not a valid e-mail address"),
            (#"{"subject": "Hi\r\nBcc: evil@example.org", "body": "typed"}"#, "subject",
             "subject: contains a line break or NUL character, which a mail header cannot hold"),
            (#"{"attachments": ["/nonexistent/file.pdf"], "body": "typed"}"#, "attachments",
             "attachments[0].path: attachment cannot be read (no such file: /nonexistent/file.pdf)"),
            (#"{"to": [], "cc": [], "bcc": [], "body": "typed"}"#, "to", "to: at least one recipient is needed (To, Cc or Bcc)"),
        ] {
            let surface = try ScriptedSurface(json: #"[{"choose": "Send", "fields": "# + fields + #"}, {"cancel": true}]"#)
            let result = outcome(of: composer(surface) { $0.setToRecipients(["to@example.org"]) })
            XCTAssertEqual(try result?.get(), .cancelled, fields)
            let transcript = surface.transcript
            guard transcript.count == 2 else { XCTFail("the form was not shown again: \(surface.transcriptJSON)"); continue }
            let again = transcript[ifPresent: 1]?["spec"]?["fields"]?.arrayValue ?? []
            func named(_ name: String) -> ModalValue? { again.first { $0["name"]?.stringValue == name } }
            XCTAssertEqual(named(field)?["error"], .string(expected), fields)
            XCTAssertEqual(again.filter { $0["error"] != nil }.count, 1, "only that field has an error: \(again)")
            XCTAssertNil(named("problem"), "the problem is at its field, not above the form")
            XCTAssertEqual(named("body")?["value"], "typed", "what was typed is shown again")
            XCTAssertEqual(transcript[ifPresent: 0]?["dismissals"], 1)
            XCTAssertEqual(transcript[ifPresent: 1]?["dismissals"], 1)
            XCTAssertEqual(transcript[ifPresent: 1]?["depth"], 0, "the first form was taken down before the second was shown")
        }
        XCTAssertEqual(world.server.receivedCount, 0)
        XCTAssertEqual(try world.readDrafts().count, 0)
    }

    func testAProblemFixedInTheFormShownAgainIsSentWithEverythingTyped() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"choose": "Send", "fields": {"to": ["ada at example.org"], "subject": "Typed subject", "body": "Typed body"}},
             {"expect": {"primitive": "form"}, "choose": "Send", "fields": {"to": ["ada@example.org"]}}]
            """#)
        let result = outcome(of: composer(surface) { _ in })
        XCTAssertEqual(try result?.get(), .sent)
        let arrival = try world.server.waitForMessage(1)
        XCTAssertEqual(arrival.rcptTos, ["ada@example.org"])
        let parsed = try ParsedMessage(file: arrival.file)
        XCTAssertEqual(parsed.header("Subject"), "Typed subject")
        XCTAssertEqual(parsed.parts(ofType: "text/plain").first?["text"] as? String, "Typed body\n")
    }

    func testDisposingWhileShownDismissesOnceAndEmitsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let box = OutcomeBox<MailComposeResult>()
        let subscription = composer(surface) { $0.setToRecipients(["to@example.org"]) }.subscribe { box.set($0) }
        surface.waitUntilShown(1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)
        subscription.dispose()
        subscription.dispose()
        surface.waitUntilDismissed(0, times: 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        // Still once, a while later.
        usleep(50_000)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
        XCTAssertEqual(box.count, 0)
    }

    /// The seed's `rxModalDescription` of a result, as a seed user's `switch`
    /// spells it: `case .saved:` still matches, now that the case carries the
    /// draft's path.
    private func seedDescription(of result: MailComposeResult) -> String {
        switch result {
        case .cancelled: return "cancelled"
        case .saved: return "saved"
        case .sent: return "sent"
        case .failed: return "failed"
        }
    }
}
