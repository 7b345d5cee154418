import XCTest
import Foundation
import RxModalMail
import MailTestSupport
import RxTestSupport

/// Drafts hold unsent mail, Bcc included: 0600 files in 0700 folders, never
/// written through a symbolic link or into a folder someone else can write.
final class PrivateDraftsTests: RxTestCase {
    private var scratch: URL!
    private let message = Data("Subject: private\r\nBcc: hidden@example.org\r\n\r\nsecret\r\n".utf8)

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try MailTestTools.temporaryDirectory("private")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
        try super.tearDownWithError()
    }



    /// Every regular file under `url`, recursively.
    private func files(under url: URL) -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).filter {
            (try? FileManager.default.attributesOfItem(atPath: url.path + "/" + $0))?[.type] as? FileAttributeType == .typeRegular
        }
    }

    func testANewDraftAndItsFoldersAreForTheOwnerOnly() throws {
        let drafts = scratch.appendingPathComponent("data/rxmodal/Drafts")
        let path = try MaildirDraftStore(directory: drafts).save(message)
        XCTAssertEqual(fileMode(path), 0o600)
        for folder in ["", "/cur", "/new", "/tmp"] {
            XCTAssertEqual(fileMode(drafts.path + folder), 0o700, "Drafts\(folder)")
        }
        XCTAssertEqual(fileMode(scratch.appendingPathComponent("data/rxmodal").path), 0o700)
    }

    func testFoldersOfOursThatOthersCanReadAreMadePrivate() throws {
        let drafts = scratch.appendingPathComponent("Drafts")
        for folder in ["cur", "new", "tmp"] { try makeFolder((drafts.appendingPathComponent(folder)).path, mode: 0o755) }
        XCTAssertEqual(chmod(drafts.path, 0o755), 0)
        let path = try MaildirDraftStore(directory: drafts).save(message)
        XCTAssertEqual(fileMode(path), 0o600)
        for folder in ["", "/cur", "/new", "/tmp"] {
            XCTAssertEqual(fileMode(drafts.path + folder), 0o700, "Drafts\(folder)")
        }
    }

    func testASymbolicLinkInPlaceOfTheDraftsFolderIsRefusedAndNothingIsWrittenThroughIt() throws {
        let target = scratch.appendingPathComponent("target")
        try makeFolder((target).path, mode: 0o755)
        let drafts = scratch.appendingPathComponent("Drafts")
        try FileManager.default.createSymbolicLink(at: drafts, withDestinationURL: target)
        XCTAssertThrowsError(try MaildirDraftStore(directory: drafts).save(message)) { error in
            XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.path), [])
    }

    func testASymbolicLinkInPlaceOfTmpOrCurIsRefusedAndNothingIsWrittenThroughIt() throws {
        for linked in ["tmp", "cur"] {
            let drafts = scratch.appendingPathComponent("Drafts-\(linked)")
            let target = scratch.appendingPathComponent("target-\(linked)")
            try makeFolder((target).path, mode: 0o700)
            for folder in ["cur", "new", "tmp"] where folder != linked {
                try makeFolder((drafts.appendingPathComponent(folder)).path, mode: 0o700)
            }
            XCTAssertEqual(chmod(drafts.path, 0o700), 0)
            try FileManager.default.createSymbolicLink(at: drafts.appendingPathComponent(linked), withDestinationURL: target)
            XCTAssertThrowsError(try MaildirDraftStore(directory: drafts).save(message)) { error in
                XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
            }
            XCTAssertEqual(files(under: target), [], linked)
            XCTAssertEqual(files(under: drafts), [], linked)
        }
    }

    func testFoldersWritableByOthersAreRefusedNotRepaired() throws {
        for loose in ["", "cur", "new", "tmp"] {
            let drafts = scratch.appendingPathComponent("Drafts-\(loose)")
            for folder in ["cur", "new", "tmp"] { try makeFolder((drafts.appendingPathComponent(folder)).path, mode: 0o700) }
            XCTAssertEqual(chmod(drafts.path, 0o700), 0)
            XCTAssertEqual(chmod(drafts.appendingPathComponent(loose).path, 0o777), 0)
            XCTAssertThrowsError(try MaildirDraftStore(directory: drafts).save(message), "Drafts/\(loose)") { error in
                XCTAssertTrue("\(error)".contains("writable by others"), "\(error)")
            }
            XCTAssertEqual(files(under: drafts), [], "Drafts/\(loose)")
            XCTAssertEqual(fileMode(drafts.appendingPathComponent(loose).path), 0o777)
        }
    }

    func testADraftsFolderOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a folder to another user needs root") }
        let drafts = scratch.appendingPathComponent("Drafts")
        try makeFolder((drafts).path, mode: 0o700)
        XCTAssertEqual(chown(drafts.path, 65534, 65534), 0)
        XCTAssertThrowsError(try MaildirDraftStore(directory: drafts).save(message)) { error in
            XCTAssertTrue("\(error)".contains("belongs to user 65534"), "\(error)")
        }
        XCTAssertEqual(files(under: drafts), [])
    }
}
