import XCTest
import Foundation

/// The C side of the dialog plugins under valgrind: scripts/plugin-memcheck/run
/// compiles both plugins with `cc -std=c99 -Wall -Wextra -Werror -pedantic` and
/// runs a C driver (normal paths, error paths, dispose races, config_free of a
/// presentation left shown) under memcheck. (valgrind cannot read the DWARF 5
/// of SwiftPM's clang-built objects, hence the plugins built again with cc.)
final class DialogPluginMemcheckTests: RxTestCase {
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

    func testPluginsCompileWithoutWarningsAndRunCleanUnderValgrind() throws {
        try XCTSkipUnless(onPath("valgrind") && onPath("cc"), "valgrind and cc are needed (apt-get install valgrind gcc)")
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/plugin-memcheck/run")
        // A file rather than a pipe: valgrind's report may exceed a pipe's buffer.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-memcheck-\(getpid()).log")
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
        XCTAssertEqual(text.components(separatedBy: "\n").filter { $0.hasPrefix("memcheck clean: ") },
                       ["memcheck clean: librxmodal-alert.so", "memcheck clean: librxmodal-actionSheet.so"], text)
    }
}
