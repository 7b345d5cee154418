import XCTest
import Foundation

/// The webAuthenticationSession plugin's C side under valgrind:
/// scripts/plugin-memcheck/run-webauth builds it with `-Wall -Wextra -Werror`
/// and runs a C driver (a callback with dispose and config_free from inside
/// on_completed on the plugin's thread, dispose while waiting, Cancel on the
/// surface, config_free without dispose, refused URLs) under memcheck.
final class WebAuthPluginMemcheckTests: RxTestCase {
    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    private func onPath(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    func testThePluginCompilesWithoutWarningsAndRunsCleanUnderValgrind() throws {
        try XCTSkipUnless(onPath("valgrind") && onPath("cc"), "valgrind and cc are needed (apt-get install valgrind gcc)")
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/plugin-memcheck/run-webauth")
        // A file rather than a pipe: valgrind's report may exceed a pipe's buffer.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-memcheck-\(getpid()).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Bounded: a hung driver is killed rather than hanging the suite.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("webauth_driver: every scenario behaved as expected"), text)
    }
}
