import XCTest
@testable import RxModalMedia

/// Pixel sizes and EXIF dates read back from JPEG and PNG files made by Pillow.
final class ImageMetadataReaderTests: MediaTestCase {
    func testSizesAndExifDatesMatchWhatPillowWrote() throws {
        let (_, manifest) = try makeLibrary("photos")
        var checked = 0
        for entry in manifest {
            let path = entry["path"] as! String
            let type = entry["contentType"] as! String
            guard type.hasPrefix("image/") else { continue }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let metadata = try XCTUnwrap(ImageMetadataReader.read(bytes, contentType: type), path)
            XCTAssertEqual(metadata.pixelWidth, entry["width"] as? Int, path)
            XCTAssertEqual(metadata.pixelHeight, entry["height"] as? Int, path)
            XCTAssertEqual(metadata.exifDateTimeOriginal.flatMap(ExifDate.parse), (entry["exifDate"] as? String).map(seconds), path)
            if entry["screenshot"] as? Bool == true { XCTAssertEqual(metadata.software, "gnome-screenshot") }
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testEveryTruncationOfAJpegAndAPngGivesNilOrTheTruth() throws {
        let (root, _) = try makeLibrary("photos")
        for (name, type) in [("camera.jpg", "image/jpeg"), ("withexif.png", "image/png")] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
            let whole = try XCTUnwrap(ImageMetadataReader.read(bytes, contentType: type))
            for length in 0..<bytes.count {
                if let partial = ImageMetadataReader.read(Array(bytes[0..<length]), contentType: type) {
                    XCTAssertEqual(partial.pixelWidth, whole.pixelWidth, "\(name) cut at \(length)")
                    XCTAssertEqual(partial.pixelHeight, whole.pixelHeight, "\(name) cut at \(length)")
                }
            }
        }
    }

    func testCorruptedLengthsAndGarbageGiveNil() {
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78]   // APP1 longer than the file
        XCTAssertNil(ImageMetadataReader.read(jpeg, contentType: "image/jpeg"))
        jpeg = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x02]                             // a frame header too short
        XCTAssertNil(ImageMetadataReader.read(jpeg, contentType: "image/jpeg"))
        XCTAssertNil(ImageMetadataReader.read(Array(repeating: 0xAB, count: 4096), contentType: "image/png"))
        XCTAssertNil(TIFFReader([0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0xF0])?.dateTimeOriginal())
    }

    func testExifDatesAreReadAsWallClockUTC() {
        XCTAssertEqual(ExifDate.parse("2021:02:03 20:29:58"), seconds("2021-02-03T20:29:58Z"))
        XCTAssertEqual(ExifDate.parse("1999:12:31 23:59:59"), seconds("1999-12-31T23:59:59Z"))
        XCTAssertNil(ExifDate.parse("2021:13:03 20:29:58"))
        XCTAssertNil(ExifDate.parse("    :  :     :  :  "))
    }
}
