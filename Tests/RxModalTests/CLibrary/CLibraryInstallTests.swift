import Foundation
import XCTest

/// scripts/install puts the library, headers, plugins and rxmodal.pc under a
/// prefix; a C program then builds with `pkg-config --cflags --libs rxmodal`
/// alone and runs with neither LD_LIBRARY_PATH nor RXMODAL_PLUGIN_PATH: the
/// library through the .pc's rpath, the Swift runtime through librxmodal's
/// RUNPATH, the plugins through the standard search path's
/// <prefix>/lib/rxmodal/plugins-1.
final class CLibraryInstallTests: RxTestCase {
    func testAnInstalledLibraryIsUsableThroughPkgConfig() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let prefix = runner.directory + "/prefix"
        let configuration = CProgramRunner.configuration
        try runner.check(runner.run(CProgramRunner.projectRoot + "/scripts/install",
                                    configuration == "debug" ? ["--debug", "--no-build"] : ["--no-build"],
                                    environment: ["PREFIX": prefix]), "scripts/install")
        for path in ["lib/librxmodal.so", "lib/rxmodal/plugins-1/librxmodal-alert.so",
                     "lib/rxmodal/plugins-1/librxmodal-actionSheet.so", "include/rxmodal.h",
                     "include/rxmodal_plugin.h", "lib/pkgconfig/rxmodal.pc", "bin/rxmodal"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + path), "not installed: \(path)")
        }

        let pkgConfig = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        let flags = try runner.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rxmodal"], environment: pkgConfig)
        try runner.check(flags, "pkg-config")
        XCTAssertTrue(flags.output.contains("-I\(prefix)/include"), flags.output)
        let version = try runner.run("/usr/bin/env", ["pkg-config", "--modversion", "rxmodal"], environment: pkgConfig)
        XCTAssertEqual(version.output, "0.1.0\n")

        let binary = runner.directory + "/alert-installed"
        try runner.check(runner.run("/usr/bin/env", ["cc", "-std=c99", CProgramRunner.projectRoot + "/examples-c/alert.c", "-o", binary]
                                    + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)), "cc")
        // No RXMODAL_PLUGIN_PATH, no LD_LIBRARY_PATH: only the prefix.
        let result = try runner.run(binary, [], environment: [
                                                              "RXMODAL_SCRIPT": #"[{"type": ["grace@example.org"], "choose": "Sign In"}]"#])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "chose: Sign In (action 0), email: grace@example.org\ncompleted\n")

        // The installed command finds the installed plugins through the same prefix.
        let listing = try runner.run(prefix + "/bin/rxmodal", ["list"])
        XCTAssertEqual(listing.status, 0, listing.errors)
        let kinds = listing.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertTrue(kinds.contains("alert") && kinds.contains("actionSheet"), listing.output)
    }
}
