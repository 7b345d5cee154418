import FuzzSupport
import RxModalMedia

/// The photo picker reads the first bytes of every file in the pictures folder:
/// PNG chunks, JPEG segments and the EXIF (TIFF) structure inside them. A file
/// named anything may hold anything, so each reader sees every input, and the
/// content sniffer that picks the reader sees it too.
@main
enum ImageMetadataFuzz {
    static func main() {
        runFuzzer { data, size in
            ImageMetadataFuzz.check(fuzzBytes(data, size))
            return 0
        }
    }

    static func check(_ bytes: [UInt8]) {
        for type in ["image/png", "image/jpeg"] {
            guard let metadata = ImageMetadataReader.read(bytes, contentType: type) else { continue }
            if metadata.pixelWidth < 0 || metadata.pixelHeight < 0 {
                fuzzFailure("negative dimensions \(metadata.pixelWidth)×\(metadata.pixelHeight) from \(type)")
            }
            if let date = metadata.exifDateTimeOriginal { _ = ExifDate.parse(date) }
        }
        _ = ExifDate.parse(String(decoding: bytes, as: UTF8.self))
        _ = bytes.withUnsafeBytes { ContentSniffer.contentType(head: $0, fileName: "picture") }
    }
}
