import Foundation
import XCTest
import RxModal

/// Builds the C programs of examples-c/ with the system C compiler against the
/// librxmodal that SwiftPM built beside this test bundle (through the build
/// tree's rxmodal.pc), and runs them as a user would: a separate process, its
/// own environment, standard input from /dev/null.
///
/// One per test; owns a temporary directory (removed by `tearDown`). Plugins
/// are copies of the package's alert and actionSheet plugins only, with their
/// debug information stripped (valgrind 3.19 cannot read the DWARF 5 that the
/// toolchain's clang writes), so what a program finds does not depend on what
/// else is built. Not thread-safe: use from the test's thread.
final class CProgramRunner {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    enum Checking { case plain, valgrind, addressSanitizer }

    static let projectRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // CLibrary, RxModalTests, Tests → root
        return url.path
    }()

    /// Where SwiftPM put librxmodal.so and the plugins: this bundle's directory.
    static let buildDirectory: String = {
        let executable = PluginSearchPath.executablePath() ?? ""
        return (executable as NSString).deletingLastPathComponent
    }()

    let directory: String
    let pluginDirectory: String
    private let pkgConfigDirectory: String

    init() throws {
        let template = NSTemporaryDirectory() + "rxmodal-c.XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CProgramError("mkdtemp failed") }
        directory = String(cString: made)
        pluginDirectory = directory + "/plugins"
        pkgConfigDirectory = directory + "/pkgconfig"
        for path in [pluginDirectory, pkgConfigDirectory] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o755])
        }
        try copyPlugins(["alert", "actionSheet"], to: pluginDirectory)
        // The build tree's rxmodal.pc, as a user of the build tree would make it.
        let pc = try run(Self.projectRoot + "/scripts/generate-pc", ["--build-tree", Self.configuration])
        try check(pc, "generate-pc")
        // The library this bundle was built with, also from another --scratch-path (the sanitizer builds).
        let libdir = pc.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("libdir=") ? "libdir=" + Self.buildDirectory : String($0) }
            .joined(separator: "\n")
        try libdir.write(toFile: pkgConfigDirectory + "/rxmodal.pc", atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// "debug" or "release", from the build directory's name.
    static var configuration: String {
        (buildDirectory as NSString).lastPathComponent == "release" ? "release" : "debug"
    }

    /// `cc $(pkg-config --cflags --libs rxmodal)` for examples-c/<source>, strict C99.
    /// Builds `source` of examples-c/ (or of `folder`) against the build tree's rxmodal.pc.
    func build(_ source: String, in folder: String = CProgramRunner.projectRoot + "/examples-c",
               checking: Checking = .plain, extraFlags: [String] = []) throws -> String {
        let flags = try run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rxmodal"],
                            environment: ["PKG_CONFIG_PATH": pkgConfigDirectory])
        try check(flags, "pkg-config")
        let name = (source as NSString).lastPathComponent.replacingOccurrences(of: ".c", with: "")
            + (checking == .addressSanitizer ? "-asan" : "")
        let binary = directory + "/" + name
        var arguments = ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-O1"]
        if checking == .addressSanitizer { arguments += ["-fsanitize=address", "-fno-omit-frame-pointer"] }
        arguments += extraFlags
        arguments += [folder + "/" + source, "-o", binary]
        arguments += flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
        arguments += ["-lpthread"]
        try check(run("/usr/bin/env", arguments), "cc \(source)")
        return binary
    }

    /// Stripped copies of the package's plugins for `kinds` in `directory`.
    private func copyPlugins(_ kinds: [String], to directory: String) throws {
        for kind in kinds {
            let built = Self.buildDirectory + "/librxmodal-\(kind).so"
            let copy = directory + "/librxmodal-\(kind).so"
            try FileManager.default.copyItem(atPath: built, toPath: copy)
            try check(run("/usr/bin/env", ["strip", "--strip-debug", copy]), "strip \(kind)")
        }
    }

    /// A plugin folder with alert, actionSheet and `extra` (made once per set).
    func pluginDirectory(adding extra: [String]) throws -> String {
        let path = directory + "/plugins+" + extra.joined(separator: "+")
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            try copyPlugins(["alert", "actionSheet"] + extra, to: path)
        }
        return path
    }

    /// Runs `binary` with plugins from `pluginDirectory` only, the scripted
    /// surface of `script` (if any), under `checking`.
    func runProgram(_ binary: String, _ arguments: [String] = [], script: String? = nil, input: String? = nil,
                    checking: Checking = .plain, environment extra: [String: String] = [:], extraPlugins: [String] = []) throws -> Result {
        let plugins = extraPlugins.isEmpty ? pluginDirectory : try pluginDirectory(adding: extraPlugins)
        var environment = ["RXMODAL_PLUGIN_PATH": plugins, "RXMODAL_PLUGIN_SYSTEM_PATH": ""]
        if let script { environment["RXMODAL_SCRIPT"] = script }
        environment.merge(extra) { $1 }
        switch checking {
        case .plain:
            return try run(binary, arguments, environment: environment, input: input)
        case .valgrind:
            let suppressions = Self.projectRoot + "/examples-c/checking/valgrind-swift-runtime.supp"
            return try run("/usr/bin/env", ["valgrind", "--quiet", "--error-exitcode=99", "--leak-check=full",
                                            "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
                                            "--suppressions=" + suppressions, binary] + arguments,
                           environment: environment, input: input)
        case .addressSanitizer:
            environment["ASAN_OPTIONS"] = "exitcode=98:detect_leaks=1"
            environment["LSAN_OPTIONS"] = "suppressions=" + Self.projectRoot + "/examples-c/checking/lsan-swift-runtime.supp:print_suppressions=0"
            return try run(binary, arguments, environment: environment, input: input)
        }
    }

    /// Runs a process to its end, with PATH and HOME plus `environment`; standard
    /// input is `input` through a pipe, or /dev/null. It runs in a session of its
    /// own (setsid), without a controlling terminal, so a program on the terminal
    /// presenter never draws on the terminal the tests were started from.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", executable] + arguments
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory, "LANG": "C.UTF-8"]
        base.merge(environment) { $1 }
        process.environment = base
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle(forReadingAtPath: "/dev/null") : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Both pipes are drained at once, so a chatty stderr cannot block the child.
        let errorData = LockedData()
        let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData.value, as: UTF8.self))
    }

    func check(_ result: Result, _ what: String) throws {
        guard result.status == 0 else {
            throw CProgramError("\(what) failed (\(result.status)): \(result.errors)\(result.output)")
        }
    }
}

/// A failure to build or run a C program, with what it printed.
struct CProgramError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Data handed from a reader thread. Guarded by its lock.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
