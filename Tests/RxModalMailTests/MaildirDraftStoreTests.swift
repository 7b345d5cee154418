import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// Drafts are Maildir messages that Python's `mailbox.Maildir` reads back.
final class MaildirDraftStoreTests: RxTestCase {
    func testSavedDraftIsReadBackByMailboxMaildirWithDraftFlagAndBcc() throws {
        let scratch = try MailTestTools.temporaryDirectory("drafts")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let maildir = scratch.appendingPathComponent("Mail/Drafts")
        let composer = MailComposer(writer: MIMEMessageWriter(identity: try MailIdentity.resolve(environment: ["RXMODAL_MAIL_FROM": "me@example.org"])),
                                    transport: nil, drafts: MaildirDraftStore(directory: maildir))
        let message = MailMessage(toRecipients: ["alice@example.org"], bccRecipients: ["Hidden <hidden@example.org>"],
                                  subject: "Brouillon — à finir", body: "Première ligne\nseconde")
        let first = try composer.saveDraft(message)
        let second = try composer.saveDraft(message)
        guard case .saved(let firstPath) = first, case .saved(let secondPath) = second else { return XCTFail("\(first) \(second)") }
        XCTAssertNotEqual(firstPath, secondPath)
        XCTAssertTrue(firstPath.hasPrefix(maildir.appendingPathComponent("cur").path + "/"))
        XCTAssertTrue(firstPath.hasSuffix(":2,D"))
        let name = URL(fileURLWithPath: firstPath).lastPathComponent
        XCTAssertNotNil(name.range(of: #"^\d+\.M\d+P\d+Q\d+\.[^/:]+:2,D$"#, options: .regularExpression), name)
        for sub in ["cur", "new", "tmp"] {
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: maildir.appendingPathComponent(sub).path, isDirectory: &isDirectory) && isDirectory.boolValue, sub)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: maildir.appendingPathComponent("tmp").path), [])

        let drafts = try XCTUnwrap(MailTestTools.pythonJSON("read_maildir.py", [maildir.path]) as? [[String: Any]])
        XCTAssertEqual(drafts.count, 2)
        for draft in drafts {
            XCTAssertEqual(draft["subdir"] as? String, "cur")
            XCTAssertEqual(draft["flags"] as? String, "D")
            let headers = (draft["headers"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
            XCTAssertEqual(headers.first { $0.0 == "Subject" }?.1, "Brouillon — à finir")
            XCTAssertEqual(headers.first { $0.0 == "Bcc" }?.1, "Hidden <hidden@example.org>")
            XCTAssertEqual(draft["body"] as? String, "Première ligne\nseconde\n")
        }
    }

    func testDefaultFolderFollowsXDGDataHomeThenHome() {
        XCTAssertEqual(MaildirDraftStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path, "/x/data/rxmodal/Drafts")
        XCTAssertEqual(MaildirDraftStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path, "/home/u/.local/share/rxmodal/Drafts")
        XCTAssertEqual(MaildirDraftStore.defaultDirectory(environment: ["HOME": "/home/u"]).path, "/home/u/.local/share/rxmodal/Drafts")
    }

    func testUnwritableFolderIsAClearError() throws {
        let scratch = try MailTestTools.temporaryDirectory("blocked")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let blocker = scratch.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let store = MaildirDraftStore(directory: blocker.appendingPathComponent("Drafts"))
        XCTAssertThrowsError(try store.save(Data("Subject: x\r\n\r\nx\r\n".utf8))) { error in
            guard case .cannotCreateDirectory(let path, _)? = error as? DraftStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasPrefix(blocker.path), path)
        }
    }
}
