import Foundation
import XCTest

/// scripts/package-deb's packages, installed on this machine with apt-get as a
/// user would, used, checked with lintian, and purged: afterwards the system's
/// folders hold exactly what they held before. Needs root (scripts/test runs
/// as root); about two minutes, most of it compressing the Swift runtime.
final class DebianPackageTests: RxTestCase {
    static let packages = ["librxmodal0", "librxmodal-dev", "rxmodal"]

    /// What lintian may still say, and why each is acceptable.
    static let acceptedLintianTags: [String: String] = [
        // The Debian archive's rule for a first upload (it should close the
        // request-for-packaging bug); these packages are not uploaded there.
        "initial-upload-closes-no-bugs": "not an upload to Debian",
        // Informational: the Swift toolchain links without -z now, and Swift code
        // calls no glibc function that has a fortified variant.
        "hardening-no-bindnow": "the Swift toolchain's linking",
        "hardening-no-fortify-functions": "the Swift toolchain's linking",
        // Informational: strings inside the Swift runtime libraries, as built upstream.
        "spelling-error-in-binary": "the Swift runtime's own strings",
    ]

    /// The folders the packages write to or that apt and dpkg change, listed
    /// before installing and after purging.
    static let watchedFolders = ["/usr/lib", "/usr/include", "/usr/bin", "/usr/share/man", "/usr/share/doc",
                                 "/etc", "/var/lib/dpkg/info"]

    func testThePackagesInstallWorkAndPurgeWithoutATrace() throws {
        guard getuid() == 0 else { throw XCTSkip("installing packages needs root") }
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let apt = ["DEBIAN_FRONTEND": "noninteractive"]
        // A run that was interrupted may have left them installed.
        _ = try runner.run("/usr/bin/apt-get", ["purge", "-y", "-qq"] + Self.packages, environment: apt)

        let output = runner.directory + "/debs"
        let built = try runner.run(CProgramRunner.projectRoot + "/scripts/package-deb",
                                   (CProgramRunner.configuration == "debug" ? ["--debug"] : []) + ["--no-build", output])
        try runner.check(built, "scripts/package-deb")
        let files = built.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(files.map { ($0 as NSString).lastPathComponent.components(separatedBy: "_")[0] }, Self.packages)

        let lintian = try runner.run("/usr/bin/env", ["lintian", "-I", "--pedantic", "--tag-display-limit", "0"] + files)
        let tags = lintian.output.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count >= 3 && line.dropFirst().hasPrefix(": ") ? String(words[2]) : nil
        }
        XCTAssertFalse(tags.isEmpty && lintian.status != 0, "lintian did not run: \(lintian.errors)")
        XCTAssertEqual(Set(tags).subtracting(Self.acceptedLintianTags.keys).sorted(), [], lintian.output)

        let before = try snapshot(runner)
        let install = try runner.run("/usr/bin/apt-get", ["install", "-y", "-qq", "--no-install-recommends"] + files, environment: apt)
        defer { _ = try? runner.run("/usr/bin/apt-get", ["purge", "-y", "-qq"] + Self.packages, environment: apt) }
        try runner.check(install, "apt-get install")
        try checkInstalled(runner)

        let purge = try runner.run("/usr/bin/apt-get", ["purge", "-y", "-qq"] + Self.packages, environment: apt)
        try runner.check(purge, "apt-get purge")
        let after = try snapshot(runner)
        XCTAssertEqual(after.subtracting(before).sorted(), [], "left behind by the packages")
        XCTAssertEqual(before.subtracting(after).sorted(), [], "removed by the packages")
    }

    /// The installed packages, used as a user would: no variable points anywhere.
    private func checkInstalled(_ runner: CProgramRunner) throws {
        let multiarch = try runner.run("/usr/bin/env", ["dpkg-architecture", "-qDEB_HOST_MULTIARCH"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try runner.run("/usr/bin/rxmodal", ["--version"])
        XCTAssertEqual(version.output, "rxmodal \(try CLibraryInstallTests.headerVersion()) (plugin ABI 1.0)\n", version.errors)
        let cache = try runner.run("/sbin/ldconfig", ["-p"])
        // (/lib/<multiarch> on a merged-/usr system, where /lib is /usr/lib.)
        XCTAssertTrue(cache.output.split(separator: "\n").contains { $0.contains("librxmodal.so.0 (")
                          && $0.hasSuffix("lib/\(multiarch)/librxmodal.so.0") }, "ldconfig does not know the library")
        let manual = try runner.run("/usr/bin/man", ["-w", "rxmodal"])
        XCTAssertEqual(manual.output, "/usr/share/man/man1/rxmodal.1.gz\n", manual.errors)
        let pluginsdir = try runner.run("/usr/bin/env", ["pkg-config", "--variable=pluginsdir", "rxmodal"])
        XCTAssertEqual(pluginsdir.output, "/usr/lib/\(multiarch)/rxmodal/plugins-1\n", pluginsdir.errors)

        // Needs the runtime's plugin search beside the command and in the system folder.
        let listing = try runner.run("/usr/bin/rxmodal", ["list"])
        XCTAssertEqual(listing.status, 0, listing.errors)
        let kinds = listing.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(kinds.sorted(), (CLibraryInstallTests.builtKinds + ["confirmation"]).sorted(), listing.output)
        // Read by the packaged plugin scanner: only it writes the registry cache (HOME is the runner's).
        XCTAssertTrue(FileManager.default.fileExists(atPath: runner.directory + "/.cache/rxmodal/plugin-registry-1.json"),
                      "the packaged plugin scanner did not run")

        // A C program built against the installed files through pkg-config alone
        // (no rpath: the library is in the loader's own path).
        let flags = try runner.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rxmodal"])
        try runner.check(flags, "pkg-config")
        XCTAssertFalse(flags.output.contains("rpath"), flags.output)
        let binary = runner.directory + "/alert-from-package"
        try runner.check(runner.run("/usr/bin/env", ["cc", "-std=c99", CProgramRunner.projectRoot + "/examples-c/alert.c", "-o", binary]
                                    + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)), "cc alert.c")
        // Needs the runtime's plugin search beside the library.
        let alert = try runner.run(binary, [], environment: ["RXMODAL_SCRIPT": #"[{"type": ["ada@example.org"], "choose": "Sign In"}]"#])
        XCTAssertEqual(alert.status, 0, alert.errors)
        XCTAssertEqual(alert.output, "chose: Sign In (action 0), email: ada@example.org\ncompleted\n")
    }

    /// Every path under the watched folders.
    private func snapshot(_ runner: CProgramRunner) throws -> Set<String> {
        let listing = try runner.run("/usr/bin/find", Self.watchedFolders + ["-xdev"])
        try runner.check(listing, "find")
        return Set(listing.output.split(separator: "\n").map(String.init))
    }
}
