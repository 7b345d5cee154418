import Foundation
import XCTest

/// Pictures for tests, drawn by ImageMagick (which scripts/test installs).
enum TestPictures {
    /// A PNG of one colour (an ImageMagick colour name), `width` × `height`, at `path`.
    static func drawPNG(at path: String, width: Int = 64, height: Int = 48, colour: String = "orange",
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "\(width)x\(height)", "xc:\(colour)", path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "convert drew \(path)", file: file, line: line)
    }
}
