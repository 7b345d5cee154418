import Foundation
import XCTest

/// A prefix that scripts/install filled from what SwiftPM built beside the test
/// bundle, inside a CProgramRunner's directory: the tests look at it, and run
/// it, as a user of the installed library would, from outside the build tree.
/// Not thread-safe: use from the test's thread.
struct InstalledPrefix {
    let runner: CProgramRunner
    /// PREFIX as given to scripts/install (the files are under DESTDIR + prefix).
    let prefix: String
    let libdir: String
    /// Where the files really are: DESTDIR + prefix, or prefix.
    let root: String

    /// Installs into `runner.directory + "/destdir"` (DESTDIR) when `destdir`,
    /// else into `runner.directory + "/prefix"`; `libdir` relative to the prefix.
    init(runner: CProgramRunner, libdir relativeLibdir: String = "lib", destdir: Bool = false) throws {
        self.runner = runner
        let base = runner.directory + (destdir ? "/destdir" : "")
        prefix = destdir ? "/opt/rxmodal-test" : runner.directory + "/prefix"
        libdir = prefix + "/" + relativeLibdir
        root = destdir ? base + prefix : prefix
        var environment = ["PREFIX": prefix, "LIBDIR": libdir]
        if destdir { environment["DESTDIR"] = base }
        let options = CProgramRunner.configuration == "debug" ? ["--debug", "--no-build"] : ["--no-build"]
        try runner.check(runner.run(CProgramRunner.projectRoot + "/scripts/install", options, environment: environment),
                         "scripts/install")
    }

    /// A path under the installed files, given relative to the prefix.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// The installed libdir, as installed (under DESTDIR if any).
    var libraryDirectory: String { root + libdir.dropFirst(prefix.count) }

    /// `pkg-config --cflags --libs rxmodal` against the installed .pc.
    func compilerFlags() throws -> [String] {
        let flags = try runner.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rxmodal"],
                                   environment: ["PKG_CONFIG_PATH": libraryDirectory + "/pkgconfig"])
        try runner.check(flags, "pkg-config")
        return flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// examples-c/<source> built through the installed .pc, in the runner's directory.
    func buildExample(_ source: String) throws -> String {
        let binary = runner.directory + "/" + (source as NSString).deletingPathExtension + "-installed"
        try runner.check(runner.run("/usr/bin/env", ["cc", "-std=c99", CProgramRunner.projectRoot + "/examples-c/" + source,
                                                     "-o", binary] + compilerFlags()), "cc \(source)")
        return binary
    }

    /// The dynamic section's entries of an ELF file: tag name → values
    /// ("NEEDED" → [libc.so.6, …], "RUNPATH" → ["$ORIGIN/…"], "SONAME" → […]).
    func dynamicSection(_ file: String) throws -> [String: [String]] {
        let result = try runner.run("/usr/bin/env", ["readelf", "-d", "-W", file])
        try runner.check(result, "readelf -d \(file)")
        var entries: [String: [String]] = [:]
        for line in result.output.split(separator: "\n") {
            guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"), open < close,
                  let valueStart = line.firstIndex(of: "["), let valueEnd = line.lastIndex(of: "]"), valueStart < valueEnd
            else { continue }
            let tag = String(line[line.index(after: open)..<close])
            entries[tag, default: []].append(String(line[line.index(after: valueStart)..<valueEnd]))
        }
        return entries
    }

    /// Every regular file under the installed root that is an ELF object.
    func elfFiles() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let handle = FileHandle(forReadingAtPath: path) else { continue }
            let magic = handle.readData(ofLength: 4)
            try? handle.close()
            if magic == Data([0x7f, 0x45, 0x4c, 0x46]) { files.append(path) }
        }
        return files.sorted()
    }
}
