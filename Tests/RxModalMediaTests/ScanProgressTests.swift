import XCTest
@testable import RxModalMedia

/// A scan reports how far it has got and stops when asked (what a picker's
/// progress shows and what Esc or disposal do).
final class ScanProgressTests: MediaTestCase {
    /// `count` small files spread over three folders; returns the root.
    private func plainLibrary(_ count: Int) throws -> String {
        let root = folder + "/plain"
        for index in 0..<count {
            let directory = root + "/folder\(index % 3)"
            if index < 3 { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try Data("note \(index)\n".utf8).write(to: URL(fileURLWithPath: directory + "/note\(index).txt"))
        }
        return root
    }

    func testTheProgressCountsWhatTheScanDid() throws {
        let root = try plainLibrary(600)
        let progress = ScanProgress()
        XCTAssertEqual(progress.snapshot, ScanProgress.Snapshot())
        let result = LibraryScanner(roots: [root], cacheFile: nil).scan(progress: progress)
        XCTAssertFalse(result.report.cancelled)
        XCTAssertEqual(result.report.filesSeen, 600)
        XCTAssertEqual(progress.snapshot, ScanProgress.Snapshot(filesSeen: 600, filesToRead: 600, filesRead: 600))
    }

    func testACancelledScanStopsWithNothingAndLeavesTheCacheAlone() throws {
        let root = try plainLibrary(600)
        let cache = folder + "/cache/scan.tsv"
        let progress = ScanProgress()
        progress.cancel()
        let result = LibraryScanner(roots: [root], cacheFile: cache).scan(progress: progress)
        XCTAssertTrue(result.report.cancelled)
        XCTAssertEqual(result.records, [])
        XCTAssertEqual(progress.snapshot.filesRead, 0, "nothing is read once cancelled")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "a cancelled scan writes no cache")
        // The same scan, not cancelled, does write it.
        _ = LibraryScanner(roots: [root], cacheFile: cache).scan(progress: ScanProgress())
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache))
    }
}
