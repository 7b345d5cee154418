import XCTest
@testable import RxModalMedia

/// The album artist read from ID3v2 and Vorbis comments (TagLib 1's C API has none).
final class AlbumArtistReaderTests: MediaTestCase {
    func testEveryTruncationOfTheTaggedFilesGivesNilOrTheTruth() throws {
        let (root, _) = try makeLibrary("music")
        let files = [("Artist A/Album X/01 alpha.mp3", "Various"), ("Artist B/Album Y/02 beta.flac", "Artist B"),
                     ("Artist C/gamma.ogg", "Artist C Band")]
        for (relative, expected) in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)).prefix(16 * 1024))
            XCTAssertEqual(AlbumArtistReader.read(bytes, contentType: ""), expected, relative)
            for length in stride(from: 0, to: bytes.count, by: 7) {
                let partial = AlbumArtistReader.read(Array(bytes[0..<length]), contentType: "")
                XCTAssertTrue(partial == nil || partial == expected, "\(relative) cut at \(length): \(partial ?? "")")
            }
        }
    }

    func testUTF16AndLatin1FramesAreDecoded() {
        func id3(_ encoding: UInt8, _ text: [UInt8]) -> [UInt8] {
            let body = [encoding] + text
            let frame = Array("TPE2".utf8) + [0, 0, 0, UInt8(body.count), 0, 0] + body
            return Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, UInt8(frame.count)] + frame
        }
        XCTAssertEqual(AlbumArtistReader.read(id3(1, [0xFF, 0xFE, 0x42, 0, 0xE9, 0]), contentType: ""), "Bé")
        XCTAssertEqual(AlbumArtistReader.read(id3(2, [0, 0x42, 0, 0xE9]), contentType: ""), "Bé")
        XCTAssertEqual(AlbumArtistReader.read(id3(0, [0x42, 0xE9, 0]), contentType: ""), "Bé")
        XCTAssertNil(AlbumArtistReader.read(id3(9, [0x42]), contentType: ""), "unknown encoding")
        XCTAssertNil(AlbumArtistReader.read(Array("fLaC".utf8) + [0x84, 0xFF, 0xFF, 0xFF], contentType: ""), "a block longer than the file")
    }
}
