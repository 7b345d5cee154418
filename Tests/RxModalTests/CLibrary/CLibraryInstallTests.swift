import Foundation
import XCTest

/// scripts/install lays RxModal out like a C library (docs/guides/CLibrary.md,
/// "Installing"); these tests look at an installed prefix, and use it, from
/// outside the build tree, with no environment variable pointing anywhere:
/// programs build with `pkg-config --cflags --libs rxmodal` alone and find the
/// library through the .pc's rpath, the Swift runtime through RUNPATHs relative
/// to $ORIGIN, and the plugins relative to the library or the command.
final class CLibraryInstallTests: RxTestCase {
    static let multiarchLibdir = "lib/x86_64-linux-gnu"

    /// The kinds whose plugins SwiftPM built (librxmodal-<kind>.so beside the bundle).
    static var builtKinds: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CProgramRunner.buildDirectory)) ?? []
        return names.filter { $0.hasPrefix("librxmodal-") && $0.hasSuffix(".so") }
            .map { String($0.dropFirst("librxmodal-".count).dropLast(".so".count)) }.sorted()
    }

    /// RXMODAL_VERSION_STRING of Include/rxmodal.h.
    static func headerVersion() throws -> String {
        let header = try String(contentsOfFile: CProgramRunner.projectRoot + "/Include/rxmodal.h", encoding: .utf8)
        let line = header.split(separator: "\n").first { $0.hasPrefix("#define RXMODAL_VERSION_STRING ") } ?? ""
        return line.split(separator: "\"").dropFirst().first.map(String.init) ?? "(none)"
    }

    func testTheInstallFollowsTheLayoutWithDestdirAndAMultiarchLibdir() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let lib = Self.multiarchLibdir
        let installed = try InstalledPrefix(runner: runner, libdir: lib, destdir: true)
        let version = try Self.headerVersion()
        XCTAssertFalse(Self.builtKinds.isEmpty, "no plugin was built")
        var expected = ["\(lib)/librxmodal.so.\(version)", "\(lib)/pkgconfig/rxmodal.pc", "\(lib)/rxmodal/swift/libswiftCore.so",
                        "include/rxmodal.h", "include/rxmodal_plugin.h", "bin/rxmodal",
                        "share/man/man1/rxmodal.1", "share/man/man3/rxmodal.3"]
        expected += Self.builtKinds.map { "\(lib)/rxmodal/plugins-1/librxmodal-\($0).so" }
        for path in expected {
            XCTAssertTrue(FileManager.default.fileExists(atPath: installed.path(path)), "not installed: \(path)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: runner.directory + "/opt"), "DESTDIR was not honoured")

        // The runtime name, and the unversioned name for linking only.
        let links = try ["librxmodal.so.0", "librxmodal.so"].map {
            try FileManager.default.destinationOfSymbolicLink(atPath: installed.path("\(lib)/\($0)"))
        }
        XCTAssertEqual(links, ["librxmodal.so.\(version)", "librxmodal.so.0"])
        XCTAssertEqual(try installed.dynamicSection(installed.path("\(lib)/librxmodal.so.\(version)"))["SONAME"], ["librxmodal.so.0"])
        // LIBDIR holds the library and the package's own folders, never a Swift runtime library.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: installed.libraryDirectory).sorted(),
                       ["librxmodal.so", "librxmodal.so.0", "librxmodal.so.\(version)", "pkgconfig", "rxmodal"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: installed.path("\(lib)/rxmodal")).sorted(),
                       ["plugins-1", "rxmodal-plugin-scanner", "surfaces-1", "swift"])

        // The .pc names the prefix as installed (without DESTDIR), and the plugins folder.
        let pc = ["PKG_CONFIG_PATH": installed.libraryDirectory + "/pkgconfig"]
        let pluginsdir = try runner.run("/usr/bin/env", ["pkg-config", "--variable=pluginsdir", "rxmodal"], environment: pc)
        XCTAssertEqual(pluginsdir.output, "/opt/rxmodal-test/\(lib)/rxmodal/plugins-1\n", pluginsdir.errors)
        let libs = try runner.run("/usr/bin/env", ["pkg-config", "--libs", "rxmodal"], environment: pc)
        XCTAssertEqual(libs.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       "-L/opt/rxmodal-test/\(lib) -Wl,-rpath,/opt/rxmodal-test/\(lib) -lrxmodal", libs.errors)
        let modversion = try runner.run("/usr/bin/env", ["pkg-config", "--modversion", "rxmodal"], environment: pc)
        XCTAssertEqual(modversion.output, version + "\n")
    }

    /// Every installed ELF file finds what it needs through $ORIGIN alone: no
    /// RUNPATH or RPATH names the build machine, and the loader resolves every
    /// library inside the prefix or in the system's own folders.
    func testNoInstalledFileRefersToTheBuildMachine() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        let files = try installed.elfFiles()
        XCTAssertGreaterThan(files.count, Self.builtKinds.count + 2, "\(files)")
        for file in files {
            let dynamic = try installed.dynamicSection(file)
            XCTAssertNil(dynamic["RPATH"], "\(file) has an RPATH")
            let runpath = dynamic["RUNPATH"] ?? []
            // The desktop surface is C against the system's GTK 4: no Swift runtime to find.
            XCTAssertEqual(runpath.count, file.hasSuffix("/rxmodal-surface-gtk.so") ? 0 : 1, "\(file): \(runpath)")
            for entry in runpath.flatMap({ $0.split(separator: ":").map(String.init) }) {
                XCTAssertTrue(entry.hasPrefix("$ORIGIN"), "\(file): RUNPATH \(entry) is not relative to the file")
                let resolved = (file as NSString).deletingLastPathComponent + entry.dropFirst("$ORIGIN".count)
                XCTAssertTrue(URL(fileURLWithPath: resolved).standardizedFileURL.path.hasPrefix(installed.root),
                              "\(file): RUNPATH \(entry) leaves the prefix")
            }
            let ldd = try runner.run("/usr/bin/env", ["ldd", file])
            for line in ldd.output.split(separator: "\n") where line.contains("=>") {
                let target = line.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
                let allowed = target.hasPrefix(installed.root + "/") || target.hasPrefix("/lib/") || target.hasPrefix("/lib64/")
                    || target.hasPrefix("/usr/lib/")
                XCTAssertTrue(allowed && !line.contains("not found"), "\(file): \(line)")
            }
        }
    }

    /// The exported set only grows: the installed library exports exactly the
    /// symbols listed in Sources/RxModalC/librxmodal.symbols, each in its version
    /// node. A new function is exported only once it is added to that list.
    func testTheLibraryExportsExactlyTheListedSymbols() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        let list = try String(contentsOfFile: CProgramRunner.projectRoot + "/Sources/RxModalC/librxmodal.symbols", encoding: .utf8)
        let listed = Set(list.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) })
        let nm = try runner.run("/usr/bin/env", ["nm", "-D", "--defined-only", "--with-symbol-versions",
                                                 installed.path("lib/librxmodal.so.0")])
        try runner.check(nm, "nm")
        // Global and weak symbols (upper-case types), less the version nodes themselves (absolute).
        let exported = Set(nm.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1].uppercased() == fields[1], fields[1] != "A" else { return nil }
            return fields[2].replacingOccurrences(of: "@@", with: "@")
        })
        // 0.1.0 released 49; a line removed from the list is a symbol taken back.
        XCTAssertGreaterThanOrEqual(listed.count, 49, "released symbols were removed from librxmodal.symbols")
        // The header declares what the list holds: no function is declared but not exported.
        let header = try String(contentsOfFile: CProgramRunner.projectRoot + "/Include/rxmodal.h", encoding: .utf8)
        let declared = Set(header.split(separator: "\n").filter { !$0.hasPrefix("**") && !$0.hasPrefix("/*") && !$0.hasPrefix("#") }
            .flatMap { $0.matches(of: /\b(rxm_[a-z0-9_]+)\(/).map { String($0.output.1) + "@RXMODAL_0" } })
        XCTAssertEqual(declared.symmetricDifference(listed).sorted(), [], "rxmodal.h and librxmodal.symbols disagree")
        XCTAssertEqual(exported.subtracting(listed).sorted(), [], "exported but not in librxmodal.symbols: add them to the list")
        XCTAssertEqual(listed.subtracting(exported).sorted(), [], "listed but no longer exported: a released symbol was removed")
    }

    func testTheInstalledCommandAndPkgConfigReportTheHeadersVersion() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        let result = try runner.run(installed.path("bin/rxmodal"), ["--version"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "rxmodal \(try Self.headerVersion()) (plugin ABI 1.0)\n")
        let extra = try runner.run(installed.path("bin/rxmodal"), ["--version", "now"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.output, "")
    }

    /// Needs the runtime's plugin search relative to the library (dladdr).
    func testAnInstalledLibraryIsUsableThroughPkgConfigAlone() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        XCTAssertTrue(try installed.compilerFlags().contains("-I\(installed.prefix)/include"))
        let binary = try installed.buildExample("alert.c")
        XCTAssertEqual(try installed.dynamicSection(binary)["NEEDED"]?.first, "librxmodal.so.0")
        let result = try runner.run(binary, [], environment: ["RXMODAL_SCRIPT": #"[{"type": ["grace@example.org"], "choose": "Sign In"}]"#])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "chose: Sign In (action 0), email: grace@example.org\ncompleted\n")
    }

    /// Needs the runtime's plugin search relative to the executable (bin/../lib).
    func testTheInstalledCommandListsEveryKindFromItsMultiarchLibdir() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner, libdir: Self.multiarchLibdir)
        let listing = try runner.run(installed.path("bin/rxmodal"), ["list"])
        XCTAssertEqual(listing.status, 0, listing.errors)
        let kinds = listing.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(kinds.sorted(), (Self.builtKinds + ["confirmation"]).sorted(), listing.output)
    }
}
