import FuzzSupport
@testable import RxModalMedia

/// The media picker reads the album artist from the start of every audio file
/// (ID3v2 frames, FLAC metadata blocks, Ogg pages with Vorbis comments) without
/// TagLib when it can. Sizes and counts inside the tags are the file's word.
@main
enum AlbumArtistFuzz {
    static func main() {
        runFuzzer { data, size in
            AlbumArtistFuzz.check(fuzzBytes(data, size))
            return 0
        }
    }

    static func check(_ bytes: [UInt8]) {
        for type in ["audio/mpeg", "audio/flac", "audio/ogg"] {
            guard let artist = AlbumArtistReader.read(bytes, contentType: type) else { continue }
            // An empty tag value means "no album artist", never "".
            if artist.isEmpty { fuzzFailure("an empty album artist from \(type)") }
        }
    }
}
