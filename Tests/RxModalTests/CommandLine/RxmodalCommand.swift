import XCTest
import Foundation
import Glibc

/// Runs the built `rxmodal` executable as a child process, the way a shell
/// script without a terminal would: standard input from /dev/null or a pipe,
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
    /// process's surroundings and then execs the rest). Standard input is
    /// `input` through a pipe, or /dev/null. The child runs in a session of its
    /// own, without a controlling terminal, so it never draws on the terminal
    /// the tests were started from.
    @discardableResult
    static func run(_ arguments: [String], environment extra: [String: String] = [:], in directory: String? = nil,
                    launcher: [String] = [], input: String? = nil, limit: Double = 30,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let argv = launcher + [try executablePath()] + arguments
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own (POSIX_SPAWN_SETSID, glibc's value), no signal blocked, SIGINT, SIGTERM and SIGPIPE at their defaults.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var noSignals = sigset_t(), defaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let inputPipe = try closeOnExecPipe(), outputPipe = try closeOnExecPipe(), errorPipe = try closeOnExecPipe()
        if let input {
            // Written before the child starts, while this process still holds the read end (no SIGPIPE).
            let bytes = Array(input.utf8)
            _ = bytes.withUnsafeBytes { write(inputPipe.write, $0.baseAddress, $0.count) }
            posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        // The working directory is set by a shell in front: glibc's addchdir is not visible to Swift.
        let shell = directory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0] } ?? []
        let full = shell + argv
        let cArguments: [UnsafeMutablePointer<CChar>?] = full.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environment(extra).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, full[0], &actions, &attributes, cArguments, cEnvironment)
        for fd in [inputPipe.read, inputPipe.write, outputPipe.write, errorPipe.write] { close(fd) }
        guard spawned == 0 else {
            close(outputPipe.read); close(errorPipe.read)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot start \(full[0]): \(String(cString: strerror(spawned)))"])
        }
        let collected = OutputCollector(output: FileHandle(fileDescriptor: outputPipe.read, closeOnDealloc: true),
                                        errors: FileHandle(fileDescriptor: errorPipe.read, closeOnDealloc: true))
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(limit)
        var ended = false
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { ended = true; break }
            usleep(5_000)
        }
        if !ended {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            XCTFail("rxmodal \(arguments) did not end within \(limit) s", file: file, line: line)
        }
        let (stdout, stderr) = collected.wait()
        let signal = status & 0x7F
        return Result(stdout: stdout, stderr: stderr, status: signal == 0 ? (status >> 8) & 0xFF : nil,
                      signal: signal == 0 ? nil : signal)
    }

    private static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw CocoaError(.fileReadUnknown) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Reads both pipes on their own threads, so a child that fills one never blocks.
    private final class OutputCollector: @unchecked Sendable {
        private let group = DispatchGroup()
        private let lock = NSLock()
        private var out = Data(), err = Data()

        init(output: FileHandle, errors: FileHandle) {
            group.enter()
            Thread.detachNewThread { [self] in
                let data = output.readDataToEndOfFile()
                lock.lock(); out = data; lock.unlock()
                group.leave()
            }
            group.enter()
            Thread.detachNewThread { [self] in
                let data = errors.readDataToEndOfFile()
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
