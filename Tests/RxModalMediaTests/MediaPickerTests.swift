import XCTest
import RxCore
import RxModal
import RxModalMedia

/// `RxModal.mediaPicker` through the `mediaPicker` plugin (loaded from its
/// shared object) on a scripted surface, over a library made with sox and mutagen.
final class MediaPickerTests: MediaTestCase {
    private func picker(_ root: String, script: String,
                        configure: @escaping (inout MediaPickerConfiguration) -> Void = { _ in }) throws
        -> (Result<MediaItemCollection, Error>?, ScriptedSurface) {
        let surface = try ScriptedSurface(json: script)
        let result = outcome(RxModal.mediaPicker(presenter: .surface(surface)) {
            $0.applicationIdentifier = "media-tests"
            $0.libraryRoots = [root]
            configure(&$0)
        })
        surface.drain()
        return (result, surface)
    }

    private func requireTagLib() throws {
        guard TagLibReader.shared.isAvailable else { throw XCTSkip("TagLib is absent: ./scripts/test installs libtagc0") }
    }

    func testTheChoiceListsTracksByTitleWithArtistAndAlbum() throws {
        try requireTagLib()
        let (root, _) = try makeLibrary("music")
        try authorize(.authorized)
        let (result, surface) = try picker(root, script: #"[{"select": [0]}]"#) { $0.prompt = "Pick a song" }
        XCTAssertEqual(try result?.get().items.map(\.title), ["Alpha Song"])
        let spec = try XCTUnwrap(surface.transcript.first?["spec"])
        XCTAssertEqual(spec["primitive"], "choice")
        XCTAssertEqual(spec["multiple"], false)
        XCTAssertEqual(spec["prompt"]?.stringValue?.hasPrefix("Pick a song"), true)
        XCTAssertEqual(spec["prompt"]?.stringValue?.contains("1 symbolic link loop"), true, "skipped files are said")
        let items = try XCTUnwrap(spec["items"]?.arrayValue)
        XCTAssertEqual(items.compactMap { $0["title"]?.stringValue },
                       ["Alpha Song", "Beta Song", "Chapter One", "Episode One", "Gamma Song", "hidden", "untagged"])
        XCTAssertEqual(items[ifPresent: 0]?["subtitle"], "Artist A — Album X")
        XCTAssertEqual(items[ifPresent: 0]?["detail"], "0:02 · 01 alpha.mp3")
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testPickedItemsCarryTheirTagsInTheOrderPicked() throws {
        try requireTagLib()
        let (root, manifest) = try makeLibrary("music")
        try authorize(.authorized)
        let (result, _) = try picker(root, script: #"[{"select": [4, 1, 0]}]"#) { $0.allowsPickingMultipleItems = true }
        let items = try XCTUnwrap(result).get().items
        XCTAssertEqual(items.map(\.title), ["Gamma Song", "Beta Song", "Alpha Song"])
        for item in items {
            let entry = try XCTUnwrap(manifest.first { ($0["tags"] as? [String: Any])?["title"] as? String == item.title })
            let tags = entry["tags"] as! [String: Any]
            XCTAssertEqual(item.fileURL, URL(fileURLWithPath: entry["path"] as! String))
            XCTAssertEqual(item.path, entry["path"] as? String, "the plain path, as the file system spells it")
            XCTAssertEqual(item.artist, tags["artist"] as? String)
            XCTAssertEqual(item.album, tags["album"] as? String)
            XCTAssertEqual(item.albumArtist, tags["albumArtist"] as? String)
            XCTAssertEqual(item.genre, tags["genre"] as? String)
            XCTAssertEqual(item.trackNumber, tags["trackNumber"] as? Int)
            XCTAssertEqual(item.duration ?? 0, Double(entry["duration"] as! Int), accuracy: 1)
            XCTAssertEqual(item.mediaType, .music)
            XCTAssertTrue(item.titleIsFromTags)
        }
        XCTAssertEqual(items.map(\.contentType), ["audio/ogg", "audio/flac", "audio/mpeg"])
    }

    func testCancelEmitsAnEmptyCollection() throws {
        let (root, _) = try makeLibrary("music")
        try authorize(.authorized)
        let (result, surface) = try picker(root, script: #"[{"cancel": true}]"#)
        XCTAssertEqual(try result?.get(), MediaItemCollection(items: []))
        XCTAssertEqual(surface.transcript.count, 1)
    }

    func testMediaTypesChooseWhatIsOffered() throws {
        try requireTagLib()
        let (root, _) = try makeLibrary("music")
        try authorize(.authorized)
        let cases: [(MediaPickerConfiguration.MediaTypes, [String])] = [
            (.podcast, ["Episode One"]),
            (.audioBook, ["Chapter One"]),
            (.music, ["Alpha Song", "Beta Song", "Gamma Song", "hidden", "untagged"]),
            ([.podcast, .audioBook], ["Chapter One", "Episode One"]),
        ]
        for (types, expected) in cases {
            let (result, surface) = try picker(root, script: #"[{"cancel": true}]"#) { $0.mediaTypes = types }
            XCTAssertNotNil(try result?.get())
            XCTAssertEqual(surface.transcript.first?["spec"]?["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, expected)
        }
        let (result, _) = try picker(root, script: #"[{"select": [0]}]"#) { $0.mediaTypes = .audioBook }
        XCTAssertEqual(try result?.get().items.first?.mediaType, .audioBook)
    }

    func testNotDeterminedAsksOnTheSurfaceThenShowsThePickerAndRemembers() throws {
        let (root, _) = try makeLibrary("music")
        let (result, surface) = try picker(root, script: #"""
            [{"expect": {"primitive": "prompt", "title": "Allow “media-tests” to access your media library?"}, "choose": "Allow"},
             {"expect": {"primitive": "choice"}, "cancel": true}]
            """#)
        XCTAssertEqual(try result?.get().count, 0)
        XCTAssertEqual(surface.transcript.map { $0["primitive"] }, ["prompt", "choice"])
        XCTAssertEqual(MediaLibraryAuthorizationStore.standard().status(for: "media-tests"), .authorized)
        XCTAssertEqual(try value(RxModal.mediaLibraryAuthorizationStatus(applicationIdentifier: "media-tests")), .authorized)

        let (again, next) = try picker(root, script: #"[{"expect": {"primitive": "choice"}, "cancel": true}]"#)
        XCTAssertNotNil(try again?.get())
        XCTAssertEqual(next.transcript.count, 1, "not asked a second time")
    }

    func testRefusingFailsWithAuthorizationDeniedAndIsRemembered() throws {
        let (root, _) = try makeLibrary("music")
        let (result, surface) = try picker(root, script: #"[{"choose": "Don’t Allow"}]"#)
        XCTAssertThrowsError(try result?.get()) { XCTAssertEqual($0 as? ModalError, .authorizationDenied(kind: "mediaPicker")) }
        XCTAssertEqual(surface.transcript.map { $0["primitive"] }, ["prompt"])
        XCTAssertEqual(MediaLibraryAuthorizationStore.standard().status(for: "media-tests"), .denied)
    }

    func testDeniedAndRestrictedFailAtSubscribeTimeBeforeAnythingIsShown() throws {
        let (root, _) = try makeLibrary("music")
        for status in [MediaLibraryAuthorizationStore.Status.denied, .restricted] {
            try authorize(status)
            let (result, surface) = try picker(root, script: #"[{"cancel": true}]"#)
            XCTAssertThrowsError(try result?.get(), "\(status)") {
                XCTAssertEqual($0 as? ModalError, .authorizationDenied(kind: "mediaPicker"))
            }
            XCTAssertEqual(surface.transcript, [], "\(status): nothing shown")
        }
    }

    func testTheStatusIsReadForEveryStateAndPerApplication() throws {
        let expected: [MediaLibraryAuthorizationStore.Status: ModalAuthorizationStatus] = [
            .notDetermined: .notDetermined, .denied: .denied, .restricted: .restricted, .authorized: .authorized,
        ]
        for (stored, status) in expected {
            try authorize(stored)
            XCTAssertEqual(try value(RxModal.mediaLibraryAuthorizationStatus(applicationIdentifier: "media-tests")), status)
        }
        try authorize(.authorized, "another-app")
        XCTAssertEqual(try value(RxModal.mediaLibraryAuthorizationStatus(applicationIdentifier: "third-app")), .notDetermined)
        XCTAssertEqual(try value(RxModal.mediaLibraryAuthorizationStatus(applicationIdentifier: "another-app")), .authorized)
    }

    func testAnUnknownMediaTypeFailsAtSubscribeTime() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let modal = ModalCoordinator.shared.present(kind: "mediaPicker", presenter: .surface(surface)) {
            try $0.call("setMediaTypes", .array(["songs"]))
        }
        let error = failure(modal.asSingle())
        XCTAssertTrue("\(String(describing: error))".contains("unknown media type “songs”"), "\(String(describing: error))")
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
    }

    func testDescribeSaysWhereTitlesComeFrom() throws {
        let kind = try ModalRegistry.shared.kind(named: "mediaPicker")
        XCTAssertTrue(kind.hasAuthorization)
        // Whether TagLib is installed or not: the description is cached by scans.
        XCTAssertTrue(kind.resultDescription.hasSuffix(
            "titles, artists and albums come from the files' tags when TagLib's C library (libtag_c) is installed " +
            "(rxmodal doctor says whether it is), else titles are the file names"), kind.resultDescription)
    }
}
