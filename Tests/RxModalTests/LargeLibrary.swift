import Foundation
import Glibc
import XCTest

/// A library a picker takes seconds to scan cold: 20 000 small text files in ten
/// folders, so that its progress is on screen long enough to be seen and answered.
enum LargeLibrary {
    static func write(at root: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // Written with write(2): Foundation's Data.write takes milliseconds a file here.
        let note = Array("note\n".utf8)
        for folder in 0..<10 {
            let directory = root + "/folder\(folder)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for index in 0..<2_000 {
                let descriptor = open(directory + "/note\(index).txt", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                XCTAssertGreaterThanOrEqual(descriptor, 0, file: file, line: line)
                XCTAssertEqual(Glibc.write(descriptor, note, note.count), note.count, file: file, line: line)
                close(descriptor)
            }
        }
    }
}
