import XCTest
import Foundation

/// Runs one of scripts/plugin-memcheck/'s drivers, which compile a plugin with
/// cc and run a C driver under valgrind's memcheck. Shared by the plugins'
/// memcheck tests.
enum MemcheckScript {
    /// Skips (with what to install) unless valgrind and cc are on PATH, then runs
    /// `script`, bounded in time: a hung driver is killed rather than hanging the
    /// suite. Returns its exit status and everything it printed.
    static func run(_ script: String, seconds: TimeInterval = 120) throws -> (status: Int32, output: String) {
        try XCTSkipUnless(onPath("valgrind") && onPath("cc"), "valgrind and cc are needed (apt-get install valgrind gcc)")
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/plugin-memcheck/" + script)
        // A file rather than a pipe: valgrind's report may exceed a pipe's buffer.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("\(script)-memcheck-\(getpid()).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    private static func onPath(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
}
