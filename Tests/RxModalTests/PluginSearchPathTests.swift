import XCTest
import RxModal

/// Where the registry looks, in which order, and that the first provider of a
/// kind wins while later ones are reported.
final class PluginSearchPathTests: RxTestCase {
    func testStandardPathIsEnvironmentThenTheRuntimesFolderThenTheSystemFolders() {
        let image = "/build/debug/RxModalPackageTests.xctest"
        let path = PluginSearchPath.standard(
            environment: ["RXMODAL_PLUGIN_PATH": "/first::/second"],
            runtimeImage: image)

        XCTAssertEqual(path.directories, [
            .init(path: "/first", acceptsAnyFile: true, reportsIfMissing: true, source: .environment),
            .init(path: "/second", acceptsAnyFile: true, reportsIfMissing: true, source: .environment),
            .init(path: "/build/debug", acceptsAnyFile: false, reportsIfMissing: false, source: .runtime(image: image)),
            .init(path: "/usr/local/lib/rxmodal/plugins-1", acceptsAnyFile: false, reportsIfMissing: false, source: .system),
            .init(path: "/usr/lib/\(PluginSearchPath.multiarchTriplet)/rxmodal/plugins-1", acceptsAnyFile: false, reportsIfMissing: false, source: .system),
            .init(path: "/usr/lib/rxmodal/plugins-1", acceptsAnyFile: false, reportsIfMissing: false, source: .system),
        ])
    }

    func testPrefixVariableReplacesTheSystemFolders() {
        let path = PluginSearchPath.standard(environment: ["RXMODAL_PREFIX": "/opt/rx"], runtimeImage: nil)

        XCTAssertEqual(path.directories.map(\.path), ["/opt/rx/lib/rxmodal/plugins-1"])
    }

    func testSystemPathVariableReplacesTheRuntimesAndTheSystemFolders() {
        let path = PluginSearchPath.standard(
            environment: ["RXMODAL_PLUGIN_PATH": "/mine", "RXMODAL_PLUGIN_SYSTEM_PATH": "/a:/b", "RXMODAL_PREFIX": "/opt/rx"],
            runtimeImage: "/usr/lib/librxmodal.so.0")
        XCTAssertEqual(path.directories, [
            .init(path: "/mine", acceptsAnyFile: true, reportsIfMissing: true, source: .environment),
            .init(path: "/a", acceptsAnyFile: false, reportsIfMissing: true, source: .systemPathVariable),
            .init(path: "/b", acceptsAnyFile: false, reportsIfMissing: true, source: .systemPathVariable),
        ])
        XCTAssertEqual(PluginSearchPath.standard(environment: ["RXMODAL_PLUGIN_SYSTEM_PATH": ""], runtimeImage: "/usr/lib/librxmodal.so.0").directories, [])
    }

    func testTheRuntimesFoldersFollowWhereItsFileIs() {
        let triplet = PluginSearchPath.multiarchTriplet
        // A library in a LIBDIR: its plugin folder beside it.
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/opt/a/lib/librxmodal.so.0.1.0"), ["/opt/a/lib/rxmodal/plugins-1"])
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/usr/lib/\(triplet)/librxmodal.so.0.1.0"),
                       ["/usr/lib/\(triplet)/rxmodal/plugins-1"])
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/home/u/.local/lib64/librxmodal.so"), ["/home/u/.local/lib64/rxmodal/plugins-1"])
        // A program in PREFIX/bin: PREFIX's library folders.
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/home/u/.local/bin/rxmodal"),
                       ["/home/u/.local/lib/rxmodal/plugins-1", "/home/u/.local/lib/\(triplet)/rxmodal/plugins-1"])
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/bin/rxmodal"), ["/lib/rxmodal/plugins-1", "/lib/\(triplet)/rxmodal/plugins-1"])
        // Anything else is a build folder: the folder itself.
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/src/app/.build/x86_64-unknown-linux-gnu/debug/App"),
                       ["/src/app/.build/x86_64-unknown-linux-gnu/debug"])
        XCTAssertEqual(PluginSearchPath.runtimeFolders(image: "/work/library/debug/App"), ["/work/library/debug"])
    }

    func testTheRuntimeImageOfTheTestsIsTheTestBundleInTheBuildFolder() throws {
        // RxModal is linked statically into the test bundle, which SwiftPM puts
        // in the build folder beside the package's plugin products.
        let image = try XCTUnwrap(PluginSearchPath.runtimeImagePath())
        XCTAssertTrue(image.hasSuffix("/RxModalPackageTests.xctest"), image)
        let registry = ModalRegistry(searchPath: .standard(environment: [:]))
        XCTAssertTrue(registry.kindNames.contains("alert"), "\(registry.kindNames) \(registry.searchedFolders)")
        XCTAssertEqual(registry.searchedFolders.first?.source, .runtime(image: image))
    }

    func testCurrentExecutableIsTheRunningTestBundle() throws {
        let executable = try XCTUnwrap(PluginSearchPath.executablePath())

        // On Linux XCTest runs the test bundle itself as an executable, in the
        // build directory where SwiftPM also puts the package's plugins.
        XCTAssertTrue(executable.hasSuffix("/RxModalPackageTests.xctest"), executable)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: executable), executable)
    }

    func testDuplicateKindInALaterDirectoryIsReportedAndTheFirstWins() throws {
        let fixture = try PluginFixture(for: self)
        let early = try fixture.directory("early")
        let late = try fixture.directory("late")
        let winner = try fixture.plugin(kind: "shared", in: early)
        let loser = try fixture.plugin(.withAuthorization, kind: "shared", in: late)

        let registry = ModalRegistry(searchPath: .explicit([early, late]))

        XCTAssertEqual(try registry.kind(named: "shared").origin, .file(winner))
        XCTAssertFalse(try registry.kind(named: "shared").hasAuthorization)
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: loser, reason: .duplicateKind("shared", providedBy: .file(winner))),
        ])
    }

    func testEnvironmentOrderDecidesWhichProviderWins() throws {
        let fixture = try PluginFixture(for: self)
        let a = try fixture.directory("a")
        let b = try fixture.directory("b")
        let fromA = try fixture.plugin(kind: "shared", in: a)
        let fromB = try fixture.plugin(kind: "shared", in: b)

        let bFirst = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PLUGIN_PATH": "\(b):\(a)", "RXMODAL_PREFIX": fixture.root], runtimeImage: nil))
        let aFirst = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PLUGIN_PATH": "\(a):\(b)", "RXMODAL_PREFIX": fixture.root], runtimeImage: nil))

        XCTAssertEqual(try bFirst.kind(named: "shared").origin, .file(fromB))
        XCTAssertEqual(bFirst.skipped, [SkippedPlugin(path: fromA, reason: .duplicateKind("shared", providedBy: .file(fromB)))])
        XCTAssertEqual(try aFirst.kind(named: "shared").origin, .file(fromA))
        XCTAssertEqual(aFirst.skipped, [SkippedPlugin(path: fromB, reason: .duplicateKind("shared", providedBy: .file(fromA)))])
    }

    func testDefaultDirectoriesTakeOnlyFilesNamedLikePlugins() throws {
        let fixture = try PluginFixture(for: self)
        let installed = try fixture.directory("prefix/lib/rxmodal/plugins-1")
        let named = try fixture.plugin(kind: "installed", in: installed)
        try fixture.plugin(kind: "ignored", in: installed, fileName: "libother.so")
        try fixture.textFile("notes", in: installed, named: "README")

        let registry = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PREFIX": fixture.root + "/prefix"], runtimeImage: nil))

        XCTAssertEqual(registry.kindNames, ["installed"])
        XCTAssertEqual(try registry.kind(named: "installed").origin, .file(named))
        XCTAssertEqual(registry.skipped, [])
    }

    func testAMissingExplicitDirectoryIsReportedAndAMissingDefaultOneIsNot() throws {
        let fixture = try PluginFixture(for: self)
        let missing = fixture.root + "/missing"

        let registry = ModalRegistry(searchPath: .standard(
            environment: ["RXMODAL_PLUGIN_PATH": missing, "RXMODAL_PREFIX": fixture.root + "/nowhere"],
            runtimeImage: nil))

        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: missing, reason: .unreadableDirectory("No such file or directory")),
        ])
    }

    func testADirectoryNamedTwiceIsReadOnce() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "once", in: directory)

        let registry = ModalRegistry(searchPath: .explicit([directory, directory + "/", fixture.root + "/./plugins"]))

        XCTAssertEqual(registry.kindNames, ["once"])
        XCTAssertEqual(registry.skipped, [])
    }

    func testLoadingAgainAddsNewKindsAndReportsTheOnesAlreadyThere() throws {
        let fixture = try PluginFixture(for: self)
        let first = try fixture.directory("first")
        let second = try fixture.directory("second")
        let original = try fixture.plugin(kind: "kept", in: first)
        let again = try fixture.plugin(kind: "kept", in: second)
        try fixture.plugin(kind: "added", in: second)
        let registry = ModalRegistry(searchPath: .explicit([first]))

        registry.load(.explicit([second]))

        XCTAssertEqual(registry.kindNames, ["added", "kept"])
        XCTAssertEqual(registry.skipped, [SkippedPlugin(path: again, reason: .duplicateKind("kept", providedBy: .file(original)))])
    }
}
