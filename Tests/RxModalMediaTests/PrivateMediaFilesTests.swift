import XCTest
import Foundation
import RxModalMedia
import RxTestSupport

/// The scan cache (every photo's path, size and date) and the media-library
/// answers are the user's alone: 0600 files in 0700 folders, never written
/// through a symbolic link or into a folder someone else controls.
final class PrivateMediaFilesTests: MediaTestCase {
    private func scanWithCache(at cacheFile: String) throws -> LibraryScanner.Result {
        let root = folder + "/library"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("not really a picture".utf8).write(to: URL(fileURLWithPath: root + "/holiday.jpg"))
        return LibraryScanner(roots: [root], cacheFile: cacheFile).scan()
    }



    func testTheScanCacheIsWrittenForItsOwnerOnly() throws {
        let cacheFile = folder + "/cache/rxmodal/media-scan.tsv"
        let result = try scanWithCache(at: cacheFile)
        XCTAssertNil(result.report.cacheProblem)
        XCTAssertEqual(fileMode(cacheFile), 0o600)
        XCTAssertEqual(fileMode(folder + "/cache/rxmodal"), 0o700)
        XCTAssertEqual(fileMode(folder + "/cache"), 0o700, "a missing XDG_CACHE_HOME is made private too")
    }

    func testAReadableCacheFolderFromAnEarlierVersionIsMadePrivate() throws {
        let cacheFolder = folder + "/cache/rxmodal"
        try makeFolder(cacheFolder, mode: 0o755)
        try Data("old".utf8).write(to: URL(fileURLWithPath: cacheFolder + "/media-scan.tsv"))
        XCTAssertEqual(chmod(cacheFolder + "/media-scan.tsv", 0o644), 0)

        let result = try scanWithCache(at: cacheFolder + "/media-scan.tsv")
        XCTAssertNil(result.report.cacheProblem)
        XCTAssertEqual(fileMode(cacheFolder), 0o700)
        XCTAssertEqual(fileMode(cacheFolder + "/media-scan.tsv"), 0o600)
    }

    func testASymbolicLinkInPlaceOfTheCacheFolderIsRefusedAndNothingIsWrittenThroughIt() throws {
        let elsewhere = folder + "/elsewhere"
        try makeFolder(elsewhere, mode: 0o755)
        try makeFolder(folder + "/cache", mode: 0o700)
        try FileManager.default.createSymbolicLink(atPath: folder + "/cache/rxmodal", withDestinationPath: elsewhere)

        let result = try scanWithCache(at: folder + "/cache/rxmodal/media-scan.tsv")
        let problem = try XCTUnwrap(result.report.cacheProblem)
        XCTAssertTrue(problem.contains("symbolic link"), problem)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
        XCTAssertEqual(fileMode(elsewhere), 0o755, "the link's target is left alone")
    }

    func testACacheFolderWritableByOthersIsRefusedNotRepaired() throws {
        let cacheFolder = folder + "/cache/rxmodal"
        try makeFolder(cacheFolder, mode: 0o777)
        let result = try scanWithCache(at: cacheFolder + "/media-scan.tsv")
        let problem = try XCTUnwrap(result.report.cacheProblem)
        XCTAssertTrue(problem.contains("writable by others"), problem)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cacheFolder), [])
        XCTAssertEqual(fileMode(cacheFolder), 0o777)
    }

    func testACacheFolderOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a folder to another user needs root") }
        let cacheFolder = folder + "/cache/rxmodal"
        try makeFolder(cacheFolder, mode: 0o700)
        XCTAssertEqual(chown(cacheFolder, 65534, 65534), 0)
        let result = try scanWithCache(at: cacheFolder + "/media-scan.tsv")
        let problem = try XCTUnwrap(result.report.cacheProblem)
        XCTAssertTrue(problem.contains("belongs to user 65534"), problem)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cacheFolder), [])
    }

    func testTheAuthorizationAnswersAreWrittenForTheirOwnerOnly() throws {
        try authorize(.authorized, "private-app")
        let store = MediaLibraryAuthorizationStore.standard()
        XCTAssertEqual(store.status(for: "private-app"), .authorized)
        XCTAssertEqual(fileMode(store.file), 0o600)
        XCTAssertEqual(fileMode(folder + "/config/rxmodal"), 0o700)
    }

    /// A folder someone else planted must neither receive the answer nor grant access.
    func testASymbolicLinkInPlaceOfTheConfigurationFolderIsNeitherWrittenNorBelieved() throws {
        let planted = folder + "/planted"
        try makeFolder(planted, mode: 0o755)
        try "private-app\tauthorized\n".write(toFile: planted + "/media-library-authorization", atomically: true, encoding: .utf8)
        try makeFolder(folder + "/config", mode: 0o700)
        try FileManager.default.createSymbolicLink(atPath: folder + "/config/rxmodal", withDestinationPath: planted)

        let store = MediaLibraryAuthorizationStore.standard()
        XCTAssertEqual(store.status(for: "private-app"), .notDetermined)
        XCTAssertThrowsError(try store.setStatus(.denied, for: "other-app")) { error in
            XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: planted + "/media-library-authorization", encoding: .utf8),
                       "private-app\tauthorized\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: planted), ["media-library-authorization"])
    }
}
