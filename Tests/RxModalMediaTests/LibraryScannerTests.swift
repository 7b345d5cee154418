import XCTest
@testable import RxModalMedia

/// The scanner over a music library generated with sox and mutagen: tags read
/// back, what is skipped and counted, and the scan cache.
final class LibraryScannerTests: MediaTestCase {
    private func scanner(_ root: String, cache: Bool = false, tags: TagLibReader = .shared,
                         types: ContentTypeDetector = .shared) -> LibraryScanner {
        LibraryScanner(roots: [root], cacheFile: cache ? folder + "/cache/scan.tsv" : nil, contentTypes: types, tags: tags)
    }

    private func requireTagLib() throws {
        guard TagLibReader.shared.isAvailable else {
            throw XCTSkip("TagLib's C library is absent (\(TagLibReader.shared.unavailableReason ?? "")): ./scripts/test installs libtagc0")
        }
    }

    func testTagsReadBackMatchWhatWasWritten() throws {
        try requireTagLib()
        let (_, manifest) = try makeLibrary("music")
        let records = scanner(folder + "/library").scan().records
        for entry in manifest {
            let path = entry["path"] as! String
            let written = entry["tags"] as! [String: Any]
            let record = try XCTUnwrap(records.first { $0.path == path }, path)
            XCTAssertEqual(record.category, .audio, path)
            XCTAssertEqual(record.tags?.title, written["title"] as? String, path)
            XCTAssertEqual(record.tags?.artist, written["artist"] as? String, path)
            XCTAssertEqual(record.tags?.album, written["album"] as? String, path)
            XCTAssertEqual(record.tags?.genre, written["genre"] as? String, path)
            XCTAssertEqual(record.tags?.trackNumber, written["trackNumber"] as? Int, path)
            XCTAssertEqual(record.tags?.albumArtist, written["albumArtist"] as? String, path)
            let duration = try XCTUnwrap(record.tags?.duration, path)
            XCTAssertEqual(duration, Double(entry["duration"] as! Int), accuracy: 1, path)
        }
        XCTAssertEqual(records.first { $0.path.hasSuffix("untagged.wav") }?.title, "untagged")
    }

    /// Tags read on several threads at once equal the tags read one at a time.
    func testTagsReadConcurrentlyAreTheSame() throws {
        try requireTagLib()
        let (_, manifest) = try makeLibrary("music")
        let paths = manifest.map { $0["path"] as! String }
        let serial = paths.map { TagLibReader.shared.read(path: $0) }
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                for (index, path) in paths.enumerated() where TagLibReader.shared.read(path: path) != serial[index] {
                    mismatches.add()
                }
            }
        }
        XCTAssertEqual(mismatches.value, 0)
        XCTAssertTrue(serial.allSatisfy { $0?.title != nil || $0 != nil })
    }

    func testContentTypesComeFromTheContent() throws {
        let (root, _) = try makeLibrary("music")
        // A FLAC file named .mp3 is still FLAC.
        try FileManager.default.moveItem(atPath: root + "/Artist B/Album Y/02 beta.flac", toPath: root + "/Artist B/Album Y/02 beta.mp3")
        for detector in [ContentTypeDetector.shared, ContentTypeDetector(disableLibmagic: true)] {
            let records = scanner(root, types: detector).scan().records
            let byName = Dictionary(records.map { ($0.fileName, $0.contentType) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(byName["02 beta.mp3"], "audio/flac", detector.backend)
            XCTAssertEqual(byName["01 alpha.mp3"], "audio/mpeg", detector.backend)
            XCTAssertEqual(byName["gamma.ogg"], "audio/ogg", detector.backend)
            XCTAssertEqual(byName["untagged.wav"].map { $0.hasSuffix("wav") }, true, detector.backend)
            XCTAssertNil(byName["notes.txt"], "text is not offered")
        }
        XCTAssertTrue(ContentTypeDetector.shared.usesLibmagic, "libmagic is on these machines: " + ContentTypeDetector.shared.backend)
    }

    /// The signatures checked before libmagic agree with libmagic on every fixture they recognize.
    func testTheSignatureFastPathAgreesWithLibmagic() throws {
        guard ContentTypeDetector.shared.usesLibmagic else { throw XCTSkip("libmagic is absent") }
        let (music, _) = try makeLibrary("music", named: "music")
        let (photos, _) = try makeLibrary("photos", named: "photos")
        var compared = 0
        for root in [music, photos] {
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
                let head = [UInt8](data.prefix(8192))
                try head.withUnsafeBytes { bytes in
                    guard let signature = ContentSniffer.signatureType(head: bytes) else { return }
                    let magic = try XCTUnwrap(ContentTypeDetector.shared.libmagicType(head: bytes))
                    XCTAssertEqual(magic.split(separator: "/").first, signature.split(separator: "/").first, relative)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 12)
    }

    func testWithoutTagLibTitlesFallBackToFileNames() throws {
        let (root, _) = try makeLibrary("music")
        let reader = TagLibReader(disable: true)
        XCTAssertFalse(reader.isAvailable)
        XCTAssertNotNil(reader.unavailableReason)
        let records = scanner(root, tags: reader).scan().records.filter { $0.category == .audio }
        XCTAssertEqual(Set(records.map(\.title)), ["01 alpha", "02 beta", "gamma", "episode1", "chapter1", "untagged", "hidden"])
        XCTAssertTrue(records.allSatisfy { $0.tags == nil })
    }

    func testLoopsDamagedFilesAndNonUTF8NamesAreSkippedAndCounted() throws {
        let (root, _) = try makeLibrary("music")
        let result = scanner(root).scan()
        XCTAssertEqual(result.report.symlinkLoops, 1, "Artist A/loop -> ..")
        XCTAssertEqual(result.report.nonUTF8Names, 1)
        XCTAssertEqual(result.report.unreadableFolders, 0)
        if TagLibReader.shared.isAvailable || ContentTypeDetector.shared.usesLibmagic {
            XCTAssertEqual(result.report.brokenFiles, 1, "corrupt.mp3")
        }
        XCTAssertFalse(result.records.contains { $0.fileName == "corrupt.mp3" })
        XCTAssertEqual(result.records.filter { $0.category == .audio }.count, 7)
        XCTAssertFalse(result.records.contains { $0.path.contains("/loop/") }, "nothing is reached twice through the loop")
    }

    func testADanglingLinkAndAMissingRootAreCounted() throws {
        let (root, _) = try makeLibrary("music")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.mp3", withDestinationPath: root + "/nowhere.mp3")
        let result = LibraryScanner(roots: [root, folder + "/absent"], cacheFile: nil).scan()
        XCTAssertEqual(result.report.danglingSymlinks, 1)
        XCTAssertEqual(result.report.missingRoots, [folder + "/absent"])
        XCTAssertFalse(result.records.isEmpty)
    }

    /// chmod 000 does not stop root, so as root the folder is scanned by an
    /// unprivileged user (setpriv, uid 65534) through the benchmark's scan mode.
    func testAnUnreadableFolderIsSkippedAndCounted() throws {
        let (root, _) = try makeLibrary("music")
        XCTAssertEqual(chmod(root + "/Private", 0), 0)
        let report: [String: Any]
        if geteuid() == 0 {
            let asRoot = scanner(root).scan()
            XCTAssertEqual(asRoot.report.unreadableFolders, 0, "root reads a mode-000 folder: the case needs another user")
            let executable = try benchExecutable()
            let output = try run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", executable, "scan", root])
            report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        } else {
            let result = scanner(root).scan()
            report = ["unreadableFolders": result.report.unreadableFolders, "paths": result.records.map(\.path)]
        }
        XCTAssertEqual(report["unreadableFolders"] as? Int, 1)
        let paths = try XCTUnwrap(report["paths"] as? [String])
        XCTAssertFalse(paths.contains { $0.contains("/Private/") })
        XCTAssertTrue(paths.contains { $0.hasSuffix("01 alpha.mp3") }, "the rest is still scanned")
    }

    func testASecondScanReadsOnlyWhatChanged() throws {
        let (root, _) = try makeLibrary("music")
        let first = scanner(root, cache: true).scan()
        XCTAssertEqual(first.report.filesRead, first.report.filesSeen)
        XCTAssertEqual(first.report.filesFromCache, 0)
        XCTAssertNil(first.report.cacheProblem)

        let second = scanner(root, cache: true).scan()
        XCTAssertEqual(second.report.filesRead, 0)
        XCTAssertEqual(second.report.filesFromCache, first.report.filesSeen)
        XCTAssertEqual(second.records, first.records, "what the cache gives equals what the files said")
        XCTAssertEqual(second.report.brokenFiles, first.report.brokenFiles)

        // A new modification time is a change, even at the same size.
        let changed = root + "/Artist C/gamma.ogg"
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, changed, &times, 0), 0)
        try FileManager.default.removeItem(atPath: root + "/untagged.wav")
        let third = scanner(root, cache: true).scan()
        XCTAssertEqual(third.report.filesRead, 1)
        XCTAssertEqual(third.report.filesFromCache, first.report.filesSeen - 2)
        XCTAssertEqual(third.records.first { $0.path == changed }?.modificationTime, 1_000_000_000 * 1_000_000_000)
        XCTAssertFalse(third.records.contains { $0.path.hasSuffix("untagged.wav") })
    }

    func testADamagedCacheFileIsIgnored() throws {
        let (root, _) = try makeLibrary("music")
        let reference = scanner(root).scan()
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        for garbage in ["not a cache\n", ScanCache.header + "\n/x\t1\n\t\t\\\n", ScanCache.header + "\n" + String(repeating: "\t", count: 40)] {
            try garbage.write(toFile: folder + "/cache/scan.tsv", atomically: true, encoding: .utf8)
            let result = scanner(root, cache: true).scan()
            XCTAssertEqual(result.report.filesRead, result.report.filesSeen)
            XCTAssertEqual(result.records, reference.records)
        }
    }

    func testFieldsWithTabsNewlinesAndBackslashesSurviveTheCache() throws {
        var tags = AudioTags()
        tags.title = "a\tb\nc\\d"
        tags.artist = "Ünïcødé"
        let record = MediaFileRecord(path: "/x/y\tz.mp3", size: 3, modificationTime: 4, contentType: "audio/mpeg", tags: tags)
        try ScanCache.save([record], to: folder + "/cache/one.tsv")
        XCTAssertEqual(ScanCache.load(from: folder + "/cache/one.tsv"), [record.path: record])
    }

    private func benchExecutable() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        let path = directory.appendingPathComponent("rxmodal-media-bench").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("rxmodal-media-bench is not built next to the tests (looked at \(path))")
        }
        return path
    }
}

/// A count shared by threads. Guarded by its lock.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
