import XCTest
import Foundation
import Glibc

/// Runs the built `rxmodal` executable as a child process, the way a shell
/// script would: standard input from /dev/null (unless a pty test gives one),
/// standard output and error captured separately, the exit status or the
/// signal it died of.
struct RxmodalCommand {
    /// `rxmodal` beside the test bundle (.build/<config>/), or a skip.
    static func executablePath() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // The test binary is .build/<config>/RxModalPackageTests.xctest (a file on Linux).
        if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        let path = directory.appendingPathComponent("rxmodal-cli").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            // A missing command is a broken build, not a reason to skip.
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "rxmodal-cli not built next to the tests (looked at \(path)); run swift build --build-tests"])
        }
        return path
    }

    struct Result {
        let stdout: String
        let stderr: String
        /// The exit status, or nil if it died of a signal.
        let status: Int32?
        /// The signal it died of, if any.
        let signal: Int32?
    }

    /// The environment of this process without the variables that steer
    /// rxmodal (so the developer's own settings cannot change a test), plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["RXMODAL_SCRIPT", "RXMODAL_PLUGIN_PATH", "RXMODAL_PREFIX", "NO_COLOR"] { environment[name] = nil }
        return environment.merging(extra) { $1 }
    }

    /// Runs `rxmodal arguments…` in `directory`, waiting at most `limit`
    /// seconds (then it is killed and the test fails). With a `launcher`, runs
    /// `launcher… rxmodal arguments…` instead (a command that sets up the
    /// process's surroundings and then execs the rest).
    @discardableResult
    static func run(_ arguments: [String], environment extra: [String: String] = [:], in directory: String? = nil,
                    launcher: [String] = [], limit: Double = 30,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let process = Process()
        let command = try executablePath()
        if let first = launcher.first {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(launcher.dropFirst()) + [command] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = arguments
        }
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = OutputCollector(output: output, errors: errors)
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("rxmodal \(arguments) did not end within \(limit) s", file: file, line: line)
        }
        process.waitUntilExit()
        let (stdout, stderr) = collected.wait()
        let signaled = process.terminationReason == .uncaughtSignal
        return Result(stdout: stdout, stderr: stderr, status: signaled ? nil : process.terminationStatus,
                      signal: signaled ? process.terminationStatus : nil)
    }

    /// Reads both pipes on their own threads, so a child that fills one never blocks.
    private final class OutputCollector: @unchecked Sendable {
        private let group = DispatchGroup()
        private let lock = NSLock()
        private var out = Data(), err = Data()

        init(output: Pipe, errors: Pipe) {
            group.enter()
            Thread.detachNewThread { [self] in
                let data = output.fileHandleForReading.readDataToEndOfFile()
                lock.lock(); out = data; lock.unlock()
                group.leave()
            }
            group.enter()
            Thread.detachNewThread { [self] in
                let data = errors.fileHandleForReading.readDataToEndOfFile()
                lock.lock(); err = data; lock.unlock()
                group.leave()
            }
        }

        func wait() -> (String, String) {
            group.wait()
            lock.lock(); defer { lock.unlock() }
            return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
    }
}

/// A scratch directory for one test's scripts and transcripts, removed at its end.
final class ScratchDirectory {
    let path: String

    init(for testCase: XCTestCase) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        testCase.addTeardownBlock { [path] in try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes `text` to `name` in the directory; returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The JSON in `name`, parsed.
    func json(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
    }
}
