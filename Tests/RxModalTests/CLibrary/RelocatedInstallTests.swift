import Foundation
import XCTest

/// An install works wherever it is put: into any prefix, and after the whole
/// prefix is moved. Nothing but the installed files is used: no
/// RXMODAL_PLUGIN_PATH, RXMODAL_PREFIX or LD_LIBRARY_PATH; the runtime finds its
/// plugins from where its own file is at run time.
final class RelocatedInstallTests: RxTestCase {
    /// Every kind the package builds as a plugin.
    static let pluginKinds = ["actionSheet", "alert", "mailComposer", "mediaPicker", "messageComposer",
                              "photoPicker", "webAuthenticationSession"]

    func testTwoPrefixesEachFindTheirOwnPluginsAndAMovedPrefixStillDoes() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let first = runner.directory + "/first"
        let second = runner.directory + "/elsewhere/second"
        try install(into: first, runner: runner)
        try install(into: second, runner: runner)

        for prefix in [first, second] {
            try assertCommandFindsEveryKind(under: prefix, runner: runner)
            try assertCProgramPresents(from: prefix, runner: runner)
        }

        let moved = runner.directory + "/moved/somewhere/else"
        try FileManager.default.createDirectory(atPath: (moved as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.moveItem(atPath: first, toPath: moved)
        try assertCommandFindsEveryKind(under: moved, runner: runner)
        try assertCProgramPresents(from: moved, runner: runner)
    }

    private func install(into prefix: String, runner: CProgramRunner) throws {
        try runner.check(runner.run(CProgramRunner.projectRoot + "/scripts/install",
                                    CProgramRunner.configuration == "debug" ? ["--debug", "--no-build"] : ["--no-build"],
                                    environment: ["PREFIX": prefix]), "scripts/install into \(prefix)")
        // A program installed beside the library, found through $ORIGIN, so the
        // whole prefix can move.
        let flags = try runner.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rxmodal"],
                                   environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
        try runner.check(flags, "pkg-config")
        try runner.check(runner.run("/usr/bin/env", ["cc", "-std=c99", CProgramRunner.projectRoot + "/examples-c/alert.c",
                                                     "-o", prefix + "/bin/alert-example", "-Wl,-rpath,$ORIGIN/../lib"]
                                    + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
                                        .filter { !$0.hasPrefix("-Wl,-rpath") }), "cc")
    }

    /// `rxmodal list --json` lists every kind, each from this prefix's plugin
    /// folder, and `--verbose` names that folder as found beside the program.
    private func assertCommandFindsEveryKind(under prefix: String, runner: CProgramRunner, file: StaticString = #filePath, line: UInt = #line) throws {
        let listing = try runner.run(prefix + "/bin/rxmodal", ["list", "--json"])
        XCTAssertEqual(listing.status, 0, listing.errors, file: file, line: line)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any], listing.output)
        let kinds = try XCTUnwrap(document["kinds"] as? [[String: Any]])
        let folder = prefix + "/lib/rxmodal/plugins-1"
        for kind in Self.pluginKinds {
            let found = kinds.first { $0["name"] as? String == kind }
            XCTAssertEqual(found?["source"] as? String, "\(folder)/librxmodal-\(kind).so", "\(kind) in \(listing.output)", file: file, line: line)
        }

        let verbose = try runner.run(prefix + "/bin/rxmodal", ["list", "--verbose"])
        XCTAssertTrue(verbose.output.contains("  \(folder) (beside the runtime, \(prefix)/bin/rxmodal): searched, \(Self.pluginKinds.count) candidate files\n"),
                      verbose.output, file: file, line: line)
    }

    /// A C program linked against this prefix's librxmodal presents an alert
    /// from this prefix's plugin.
    private func assertCProgramPresents(from prefix: String, runner: CProgramRunner, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runner.run(prefix + "/bin/alert-example", [],
                                    environment: ["RXMODAL_SCRIPT": #"[{"type": ["grace@example.org"], "choose": "Sign In"}]"#])
        XCTAssertEqual(result.status, 0, result.errors, file: file, line: line)
        XCTAssertEqual(result.output, "chose: Sign In (action 0), email: grace@example.org\ncompleted\n", file: file, line: line)
    }
}
