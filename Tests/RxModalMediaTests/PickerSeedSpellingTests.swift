import XCTest
import RxCore
import RxModal
import RxModalMedia

/// The seed's picker spellings as its users typed them — a configuration
/// closure after `photoPicker`, `mediaPicker(configuration:)` — reaching the
/// plugins on a scripted surface, over empty libraries.
final class PickerSeedSpellingTests: MediaTestCase {
    private func emptyLibrary() throws -> String {
        let root = folder + "/empty"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    func testPhotoPickerTakesAnInoutConfigurationClosure() throws {
        let root = try emptyLibrary()
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let picked = outcome(RxModal.photoPicker(presenter: .surface(surface)) {
            $0.selectionLimit = 2
            $0.libraryRoots = [root]
        })
        surface.drain()
        XCTAssertEqual(try XCTUnwrap(picked).get(), [])
        XCTAssertEqual(surface.transcript.first?["spec"]?["limit"], 2)
        XCTAssertEqual(surface.transcript.first?["spec"]?["multiple"], true)
    }

    func testMediaPickerTakesTheSeedsConfigurationLabel() throws {
        let root = try emptyLibrary()
        try authorize(.authorized)
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let picked = outcome(RxModal.mediaPicker(presenter: .surface(surface), configuration: {
            $0.applicationIdentifier = "media-tests"
            $0.libraryRoots = [root]
            $0.allowsPickingMultipleItems = true
            $0.prompt = "Pick songs"
        }))
        surface.drain()
        XCTAssertEqual(try XCTUnwrap(picked).get().items.count, 0)
        XCTAssertEqual(surface.transcript.first?["spec"]?["multiple"], true)
        XCTAssertEqual(surface.transcript.first?["spec"]?["prompt"]?.stringValue?.hasPrefix("Pick songs"), true)
    }
}
