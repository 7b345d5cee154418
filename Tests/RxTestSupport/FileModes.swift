import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The permission bits of `path` itself (a link is not followed), or nil
/// after recording a failure when it cannot be read.
public func fileMode(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else {
        XCTFail("cannot stat \(path)", file: file, line: line)
        return nil
    }
    return status.st_mode & 0o7777
}

/// Makes the folder `path` (and those above it) and gives it exactly `mode`.
public func makeFolder(_ path: String, mode: mode_t, file: StaticString = #filePath, line: UInt = #line) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    XCTAssertEqual(chmod(path, mode), 0, "chmod \(path)", file: file, line: line)
}
