import Foundation
import XCTest

/// The installed files run on a machine without the Swift toolchain: each
/// program runs in a mount namespace where the toolchain's folder is hidden
/// under an empty tmpfs, so nothing can silently come from it. (Making the
/// namespace needs root, as scripts/test runs.)
final class InstalledWithoutToolchainTests: RxTestCase {
    /// The folder to hide: the toolchain's root (/opt/swift for
    /// /opt/swift/usr/lib/swift/linux, the runtime folder SwiftPM links against),
    /// or only its lib/swift when the toolchain lives in /usr itself.
    static func toolchainFolder(_ installed: InstalledPrefix) throws -> String {
        let built = try installed.dynamicSection(CProgramRunner.buildDirectory + "/librxmodal.so")
        guard let runtime = (built["RUNPATH"] ?? []).flatMap({ $0.split(separator: ":").map(String.init) }).first(where: { $0.hasPrefix("/") }) else {
            throw CProgramError("the built librxmodal.so has no RUNPATH naming the toolchain")
        }
        let root = runtime.replacingOccurrences(of: "/usr/lib/swift/linux", with: "")
        return root.isEmpty || root == runtime ? (runtime as NSString).deletingLastPathComponent : root
    }

    /// Runs `command` with `folder` hidden.
    static func runHidden(_ runner: CProgramRunner, hiding folder: String, _ command: [String],
                          environment: [String: String] = [:]) throws -> CProgramRunner.Result {
        try runner.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", #"mount -t tmpfs rxmodal-test "$1" && shift && exec "$@""#,
                                            "sh", folder] + command, environment: environment)
    }

    func setUpPrefix(_ runner: CProgramRunner) throws -> (InstalledPrefix, String) {
        guard getuid() == 0 else { throw XCTSkip("a mount namespace needs root") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { throw XCTSkip("needs unshare (util-linux)") }
        let installed = try InstalledPrefix(runner: runner)
        let folder = try Self.toolchainFolder(installed)
        // The hiding works: the folder is empty, and the build tree's command, whose
        // RUNPATH names the toolchain, cannot start.
        let listing = try Self.runHidden(runner, hiding: folder, ["/bin/ls", "-A", folder])
        XCTAssertEqual(listing.status, 0, listing.errors)
        XCTAssertEqual(listing.output, "")
        let unbundled = try Self.runHidden(runner, hiding: folder, [CProgramRunner.buildDirectory + "/rxmodal-cli", "--version"])
        XCTAssertNotEqual(unbundled.status, 0, "the build tree's rxmodal-cli ran without the toolchain: nothing is hidden")
        return (installed, folder)
    }

    func testTheInstalledCommandRunsWithoutTheToolchain() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let (installed, folder) = try setUpPrefix(runner)
        let version = try Self.runHidden(runner, hiding: folder, [installed.path("bin/rxmodal"), "--version"])
        XCTAssertEqual(version.status, 0, version.errors)
        XCTAssertEqual(version.output, "rxmodal \(try CLibraryInstallTests.headerVersion()) (plugin ABI 1.0)\n")
    }

    /// Needs the runtime's plugin search relative to the executable: every
    /// plugin, the Swift ones included, loads with the toolchain hidden.
    func testTheInstalledCommandLoadsEveryPluginWithoutTheToolchain() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let (installed, folder) = try setUpPrefix(runner)
        let listing = try Self.runHidden(runner, hiding: folder, [installed.path("bin/rxmodal"), "list", "--verbose"])
        XCTAssertEqual(listing.status, 0, listing.errors)
        for kind in CLibraryInstallTests.builtKinds {
            XCTAssertTrue(listing.output.split(separator: "\n").contains { $0.hasPrefix(kind + " ") }, "\(kind) missing:\n\(listing.output)")
        }
        XCTAssertTrue(listing.output.contains("skipped plugins: none"), listing.output)
        assertTheInstalledScannerRan(runner)
    }

    /// The descriptors were read by the installed rxmodal-plugin-scanner: only
    /// that path writes the registry cache (HOME is the runner's directory).
    func assertTheInstalledScannerRan(_ runner: CProgramRunner, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(FileManager.default.fileExists(atPath: runner.directory + "/.cache/rxmodal/plugin-registry-1.json"),
                      "no registry cache: the installed plugin scanner did not run", file: file, line: line)
    }

    /// Needs the runtime's plugin search relative to the library.
    func testAnInstalledCExampleRunsWithoutTheToolchain() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let (installed, folder) = try setUpPrefix(runner)
        let binary = try installed.buildExample("alert.c")
        let result = try Self.runHidden(runner, hiding: folder, [binary],
                                        environment: ["RXMODAL_SCRIPT": #"[{"type": ["ada@example.org"], "choose": "Sign In"}]"#])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "chose: Sign In (action 0), email: ada@example.org\ncompleted\n")
        assertTheInstalledScannerRan(runner)
    }

    /// A plugin written in Swift, loaded by the installed library: it binds to
    /// the private Swift runtime that librxmodal loaded.
    func testAnInstalledCExampleUsesASwiftPluginWithoutTheToolchain() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let (installed, folder) = try setUpPrefix(runner)
        let binary = try installed.buildExample("share_flow.c")
        // A sendmail that is never run: the draft is saved, not sent, under the runner's folder.
        let result = try Self.runHidden(runner, hiding: folder, [binary], environment: [
            "RXMODAL_SCRIPT": #"[{"choose": "Mail"}, {"expect": {"primitive": "form"}, "choose": "Save Draft"}]"#,
            "RXMODAL_SENDMAIL": "/bin/false", "XDG_DATA_HOME": runner.directory + "/data"])
        XCTAssertEqual(result.status, 0, result.errors)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(lines.first, "action sheet: Mail", result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("mailComposer: {") && $0.contains(#""result":"saved""#) }, result.output)
    }
}
