import XCTest
import RxModal

/// Where the registry looks, in which order, and that the first provider of a
/// kind wins while later ones are reported.
final class PluginSearchPathTests: RxTestCase {
    func testStandardPathIsEnvironmentThenExecutableDirectoryThenInstallDirectory() {
        let path = PluginSearchPath.standard(
            environment: ["RXMODAL_PLUGIN_PATH": "/first::/second"],
            executablePath: "/build/debug/RxModalPackageTests.xctest")

        XCTAssertEqual(path.directories, [
            .init(path: "/first", acceptsAnyFile: true, reportsIfMissing: true),
            .init(path: "/second", acceptsAnyFile: true, reportsIfMissing: true),
            .init(path: "/build/debug", acceptsAnyFile: false, reportsIfMissing: false),
            .init(path: "/usr/local/lib/rxmodal/plugins", acceptsAnyFile: false, reportsIfMissing: false),
        ])
    }

    func testPrefixVariableMovesTheInstallDirectory() {
        let path = PluginSearchPath.standard(environment: ["RXMODAL_PREFIX": "/opt/rx"], executablePath: nil)

        XCTAssertEqual(path.directories.map(\.path), ["/opt/rx/lib/rxmodal/plugins"])
    }

    func testCurrentExecutableIsTheRunningTestBundle() throws {
        let executable = try XCTUnwrap(PluginSearchPath.currentExecutablePath())

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

        let bFirst = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PLUGIN_PATH": "\(b):\(a)", "RXMODAL_PREFIX": fixture.root], executablePath: nil))
        let aFirst = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PLUGIN_PATH": "\(a):\(b)", "RXMODAL_PREFIX": fixture.root], executablePath: nil))

        XCTAssertEqual(try bFirst.kind(named: "shared").origin, .file(fromB))
        XCTAssertEqual(bFirst.skipped, [SkippedPlugin(path: fromA, reason: .duplicateKind("shared", providedBy: .file(fromB)))])
        XCTAssertEqual(try aFirst.kind(named: "shared").origin, .file(fromA))
        XCTAssertEqual(aFirst.skipped, [SkippedPlugin(path: fromB, reason: .duplicateKind("shared", providedBy: .file(fromA)))])
    }

    func testDefaultDirectoriesTakeOnlyFilesNamedLikePlugins() throws {
        let fixture = try PluginFixture(for: self)
        let installed = try fixture.directory("prefix/lib/rxmodal/plugins")
        let named = try fixture.plugin(kind: "installed", in: installed)
        try fixture.plugin(kind: "ignored", in: installed, fileName: "libother.so")
        try fixture.textFile("notes", in: installed, named: "README")

        let registry = ModalRegistry(searchPath: .standard(environment: ["RXMODAL_PREFIX": fixture.root + "/prefix"], executablePath: nil))

        XCTAssertEqual(registry.kindNames, ["installed"])
        XCTAssertEqual(try registry.kind(named: "installed").origin, .file(named))
        XCTAssertEqual(registry.skipped, [])
    }

    func testAMissingExplicitDirectoryIsReportedAndAMissingDefaultOneIsNot() throws {
        let fixture = try PluginFixture(for: self)
        let missing = fixture.root + "/missing"

        let registry = ModalRegistry(searchPath: .standard(
            environment: ["RXMODAL_PLUGIN_PATH": missing, "RXMODAL_PREFIX": fixture.root + "/nowhere"],
            executablePath: nil))

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
