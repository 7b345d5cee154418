import XCTest
import RxCore
import RxModal
import RxModalMedia

/// `RxModal.photoPicker` through the `photoPicker` plugin on a scripted
/// surface, over pictures made with Pillow (and a hand-made MP4 header).
final class PhotoPickerTests: MediaTestCase {
    private func picker(_ root: String, script: String, _ configure: (inout PhotoPickerConfiguration) -> Void = { _ in }) throws
        -> (Result<[PhotoPickerResult], Error>?, ScriptedSurface) {
        let surface = try ScriptedSurface(json: script)
        var configuration = PhotoPickerConfiguration()
        configuration.libraryRoots = [root]
        configure(&configuration)
        let result = outcome(RxModal.photoPicker(presenter: .surface(surface), configuration: configuration))
        surface.drain()
        return (result, surface)
    }

    private func titles(_ surface: ScriptedSurface) -> [String]? {
        surface.transcript.first?["spec"]?["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
    }

    func testTheChoiceShowsNewestFirstWithDateSizeAndDimensions() throws {
        let (root, _) = try makeLibrary("photos")
        let (result, surface) = try picker(root, script: #"[{"select": [1]}]"#)
        XCTAssertEqual(try result?.get().map(\.fileURL.lastPathComponent), ["camera.jpg"])
        XCTAssertEqual(titles(surface), ["withexif.png", "camera.jpg", "capture.png", "diagram.png", "clip.mp4"])
        let spec = try XCTUnwrap(surface.transcript.first?["spec"])
        XCTAssertEqual(spec["multiple"], false)
        XCTAssertEqual(spec["limit"], 1)
        XCTAssertEqual(spec["prompt"]?.stringValue, "Skipped: 1 damaged file", "broken.jpg")
        let size = try FileManager.default.attributesOfItem(atPath: root + "/camera.jpg")[.size] as! Int
        XCTAssertEqual(spec["items"]?[1]?["subtitle"]?.stringValue, "2021-02-03 20:29 · \(Formatting.size(Int64(size))) · 64×48")
        XCTAssertEqual(spec["items"]?[1]?["detail"], "image/jpeg")
    }

    func testResultsCarryWhatTheFilesSayInTheOrderPicked() throws {
        let (root, manifest) = try makeLibrary("photos")
        let (result, _) = try picker(root, script: #"[{"select": [4, 2, 0, 3, 1]}]"#) { $0.selectionLimit = 0 }
        let results = try XCTUnwrap(result).get()
        XCTAssertEqual(results.map(\.fileURL.lastPathComponent), ["clip.mp4", "capture.png", "withexif.png", "diagram.png", "camera.jpg"])
        for picked in results {
            let entry = try XCTUnwrap(manifest.first { URL(fileURLWithPath: $0["path"] as! String) == picked.fileURL })
            XCTAssertEqual(picked.path, entry["path"] as? String, "the plain path, as the file system spells it")
            XCTAssertEqual(picked.contentType, entry["contentType"] as? String)
            XCTAssertEqual(picked.pixelWidth, entry["width"] as? Int)
            XCTAssertEqual(picked.pixelHeight, entry["height"] as? Int)
            XCTAssertEqual(picked.isScreenshot, entry["screenshot"] as? Bool)
            XCTAssertEqual(picked.kind, picked.contentType.hasPrefix("video/") ? .video : .image)
            if let exif = entry["exifDate"] as? String {
                XCTAssertEqual(picked.creationDateSource, .exif)
                XCTAssertEqual(picked.creationDate.timeIntervalSince1970, seconds(exif))
            } else {
                XCTAssertEqual(picked.creationDateSource, .fileTime)
                XCTAssertEqual(picked.creationDate.timeIntervalSince1970, seconds(entry["fileDate"] as! String))
            }
        }
        XCTAssertEqual(Set(results.map(\.assetIdentifier)).count, 5)
    }

    /// Without configured roots the picker scans XDG_PICTURES_DIR from
    /// user-dirs.dirs, plus the roots the configuration adds.
    func testTheDefaultRootIsTheXDGPicturesFolderPlusAddedRoots() throws {
        let (root, _) = try makeLibrary("photos")
        let extra = folder + "/extra"
        try FileManager.default.createDirectory(atPath: extra, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/camera.jpg", toPath: extra + "/copy.jpg")
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        try "XDG_PICTURES_DIR=\"\(root)\"\n".write(toFile: folder + "/config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        var configuration = PhotoPickerConfiguration()
        configuration.additionalLibraryRoots = [extra]
        XCTAssertEqual(try XCTUnwrap(outcome(RxModal.photoPicker(presenter: .surface(surface), configuration: configuration))).get(), [])
        surface.drain()
        XCTAssertEqual(Set(titles(surface) ?? []), ["withexif.png", "camera.jpg", "copy.jpg", "capture.png", "diagram.png", "clip.mp4"])
    }

    /// The plugin keeps its scan cache under XDG_CACHE_HOME: a second opening reads no file.
    func testASecondOpeningReadsOnlyFromTheCache() throws {
        let (root, _) = try makeLibrary("photos")
        func scan() throws -> ModalValue? {
            let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
            let modal = ModalCoordinator.shared.present(kind: "photoPicker", presenter: .surface(surface)) {
                try $0.call("setLibraryRoots", .array([.string(root)]))
            }
            let result = try value(modal.asSingle())
            surface.drain()
            return result["scan"]
        }
        let first = try XCTUnwrap(scan())
        XCTAssertEqual(first["filesRead"], first["filesSeen"])
        let second = try XCTUnwrap(scan())
        XCTAssertEqual(second["filesRead"], 0)
        XCTAssertEqual(second["filesFromCache"], first["filesSeen"])
        XCTAssertEqual(second["brokenFiles"], 1, "broken.jpg is remembered as broken, not read again")
        // The folder is shared with the plugin registry's own cache when this test is the
        // first to open the shared registry; the picker keeps one scan cache for one root.
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/rxmodal")
        XCTAssertEqual(cacheFiles.filter { $0.hasPrefix("media-scan-") }.count, 1, "\(cacheFiles)")
    }

    func testAssetIdentifiersAreStableAcrossOpenings() throws {
        let (root, _) = try makeLibrary("photos")
        let (first, _) = try picker(root, script: #"[{"select": [1]}]"#)
        let (second, _) = try picker(root, script: #"[{"select": [1]}]"#)
        XCTAssertEqual(try first?.get().first?.assetIdentifier, try second?.get().first?.assetIdentifier)
        XCTAssertNotNil(try first?.get().first?.assetIdentifier)
    }

    func testFiltersAndTheirCombinations() throws {
        let (root, _) = try makeLibrary("photos")
        let cases: [(PhotoPickerFilter, [String])] = [
            (.images, ["withexif.png", "camera.jpg", "capture.png", "diagram.png"]),
            (.videos, ["clip.mp4"]),
            (.screenshots, ["capture.png"]),
            (.any(of: [.videos, .screenshots]), ["capture.png", "clip.mp4"]),
            (.not(.screenshots), ["withexif.png", "camera.jpg", "diagram.png", "clip.mp4"]),
            (.all(of: [.images, .not(.screenshots)]), ["withexif.png", "camera.jpg", "diagram.png"]),
        ]
        for (filter, expected) in cases {
            let (result, surface) = try picker(root, script: #"[{"cancel": true}]"#) { $0.filter = filter }
            XCTAssertEqual(try result?.get(), [], "\(filter)")
            XCTAssertEqual(titles(surface), expected, "\(filter)")
        }
    }

    func testTheSelectionLimitIsTheSurfaces() throws {
        let (root, _) = try makeLibrary("photos")
        let (result, surface) = try picker(root, script: #"[{"select": [0, 1, 2]}]"#) { $0.selectionLimit = 2 }
        let spec = try XCTUnwrap(surface.transcript.first?["spec"])
        XCTAssertEqual(spec["multiple"], true)
        XCTAssertEqual(spec["limit"], 2)
        XCTAssertThrowsError(try result?.get()) { error in
            guard case .scriptMismatch(_, let reason)? = error as? ModalError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("allows at most 2 items"), reason)
        }
        let (within, _) = try picker(root, script: #"[{"select": [2, 0]}]"#) { $0.selectionLimit = 2 }
        XCTAssertEqual(try within?.get().map(\.fileURL.lastPathComponent), ["capture.png", "withexif.png"])
    }

    func testCancelEmitsAnEmptyArray() throws {
        let (root, _) = try makeLibrary("photos")
        let (result, surface) = try picker(root, script: #"[{"cancel": true}]"#) { $0.selectionLimit = 0 }
        XCTAssertEqual(try result?.get(), [])
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testBadConfigurationFailsBeforeAnythingIsShown() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        for (method, argument, message) in [("setFilter", ModalValue.string("faces"), "unknown filter “faces”"),
                                            ("setFilter", ["some": []], "not “some”"),
                                            ("setSelectionLimit", .int(-1), "must be 0 (no limit) or more"),
                                            ("setPreferredAssetRepresentationMode", "raw", "unknown representation mode")] {
            let modal = ModalCoordinator.shared.present(kind: "photoPicker", presenter: .surface(surface)) {
                try $0.call(method, argument)
            }
            let error = failure(modal.asSingle())
            XCTAssertTrue("\(String(describing: error))".contains(message), "\(String(describing: error))")
        }
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
    }

    func testDisposingWhileShownDismissesOnceAndEmitsNothing() throws {
        let (root, _) = try makeLibrary("photos")
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        var configuration = PhotoPickerConfiguration()
        configuration.libraryRoots = [root]
        let box = OutcomeBox<[PhotoPickerResult]>()
        let subscription = RxModal.photoPicker(presenter: .surface(surface), configuration: configuration).subscribe { box.set($0) }
        surface.waitUntilShown(1)
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
        XCTAssertNil(box.get())
    }

    func testDisposingBeforeTheScanEndsShowsNothing() throws {
        let (root, _) = try makeLibrary("photos")
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        var configuration = PhotoPickerConfiguration()
        configuration.libraryRoots = [root]
        let subscription = RxModal.photoPicker(presenter: .surface(surface), configuration: configuration).subscribe { _ in }
        subscription.dispose()
        Thread.sleep(forTimeInterval: 0.5)   // the scan finishes in the background and must be dropped
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
    }

    func testASubscriberThatTakesOneValueDisposesInsideItAndThePluginCallsNothingMore() throws {
        // take(1) disposes the presentation from inside the plugin's on_next; the
        // plugin must not call on_completed on the observer the host then let go.
        let root = folder + "/empty"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for round in 0..<20 {
            let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
            let done = DispatchSemaphore(value: 0)
            let events = SharedEvents()
            let subscription = ModalCoordinator.shared
                .present(kind: "photoPicker", presenter: .surface(surface)) { try $0.call("addLibraryRoot", .string(root)) }
                .take(1)
                .subscribe(onNext: { events.append("value with \($0["results"]?.arrayValue?.count ?? -1) results") }, onError: { events.append("error \($0)"); done.signal() },
                           onCompleted: { events.append("completed"); done.signal() })
            XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "round \(round)")
            subscription.dispose()
            surface.drain()
            XCTAssertEqual(events.all, ["value with 0 results", "completed"], "round \(round)")
            XCTAssertEqual(surface.transcript.first?["dismissals"], 1, "round \(round)")
        }
    }
}

/// Events appended from any thread.
private final class SharedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func append(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }

}
