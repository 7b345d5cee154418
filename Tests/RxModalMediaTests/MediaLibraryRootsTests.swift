import XCTest
@testable import RxModalMedia

/// XDG_MUSIC_DIR / XDG_PICTURES_DIR resolved as xdg-user-dir does.
final class MediaLibraryRootsTests: MediaTestCase {
    private func write(_ text: String) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: folder + "/xdg", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/xdg/user-dirs.dirs", atomically: true, encoding: .utf8)
        return ["HOME": "/home/ann", "XDG_CONFIG_HOME": folder + "/xdg"]
    }

    func testHomeRelativeAndAbsoluteValuesAreRead() throws {
        let environment = try write("""
            # written by xdg-user-dirs-update
            XDG_MUSIC_DIR="$HOME/Musik"
            XDG_PICTURES_DIR="/srv/photos"
            """)
        XCTAssertEqual(MediaLibraryRoots.folder(of: .music, environment: environment), "/home/ann/Musik")
        XCTAssertEqual(MediaLibraryRoots.folder(of: .pictures, environment: environment), "/srv/photos")
    }

    func testTheLastAssignmentWinsAndCommentsAreIgnored() throws {
        let environment = try write("""
            XDG_MUSIC_DIR="$HOME/Old"
            #XDG_MUSIC_DIR="$HOME/Commented"
            XDG_MUSIC_DIR="$HOME/New"
            """)
        XCTAssertEqual(MediaLibraryRoots.folder(of: .music, environment: environment), "/home/ann/New")
    }

    func testWithoutAFileTheEnvironmentThenTheFallbackFolderIsUsed() throws {
        var environment = ["HOME": "/home/ann", "XDG_CONFIG_HOME": folder + "/none"]
        XCTAssertEqual(MediaLibraryRoots.folder(of: .music, environment: environment), "/home/ann/Music")
        XCTAssertEqual(MediaLibraryRoots.folder(of: .pictures, environment: environment), "/home/ann/Pictures")
        environment["XDG_MUSIC_DIR"] = "/mnt/music"
        XCTAssertEqual(MediaLibraryRoots.folder(of: .music, environment: environment), "/mnt/music")
    }

    func testADisabledFolderFallsBack() throws {
        let environment = try write(#"XDG_MUSIC_DIR="$HOME/""#)
        XCTAssertEqual(MediaLibraryRoots.folder(of: .music, environment: environment), "/home/ann/Music")
    }

    func testCacheAndConfigFoldersFollowTheBaseDirectorySpecification() {
        XCTAssertEqual(MediaLibraryRoots.cacheHome(["HOME": "/home/ann"]), "/home/ann/.cache")
        XCTAssertEqual(MediaLibraryRoots.cacheHome(["HOME": "/home/ann", "XDG_CACHE_HOME": "relative"]), "/home/ann/.cache")
        XCTAssertEqual(MediaLibraryRoots.configHome(["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]), "/cfg")
        let file = MediaLibraryRoots.cacheFile(forRoots: ["/a", "/b"], environment: ["XDG_CACHE_HOME": "/c"])
        XCTAssertTrue(file.hasPrefix("/c/rxmodal/media-scan-"), file)
        XCTAssertEqual(file, MediaLibraryRoots.cacheFile(forRoots: ["/b", "/a"], environment: ["XDG_CACHE_HOME": "/c"]))
        XCTAssertNotEqual(file, MediaLibraryRoots.cacheFile(forRoots: ["/a"], environment: ["XDG_CACHE_HOME": "/c"]))
    }
}
