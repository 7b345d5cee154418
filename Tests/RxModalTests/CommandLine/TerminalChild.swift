import XCTest
import Foundation
import Glibc

/// A program started in a session of its own whose controlling terminal is a
/// pseudo-terminal's slave, as a shell in a terminal window starts it; its
/// standard input, output and error are each the terminal, a pipe or a file,
/// so tests can pipe into it and redirect it the way scripts do.
struct TerminalChild {
    enum Input {
        /// The terminal itself.
        case terminal
        /// A pipe holding `text`, closed after it (`echo text | program`).
        case pipe(String)
    }

    let pid: pid_t
    let outputPath: String
    let errorPath: String
    /// Another read end of the input pipe, to see what the program left unread.
    let inputLeftOver: Int32?

    /// Starts `argv` (the first element is the executable's path). Standard
    /// output goes to a file in `scratch`; standard error to the terminal, or
    /// to a file when `errorToFile` is set.
    static func spawn(_ argv: [String], on pty: PseudoTerminal, input: Input = .terminal, errorToFile: Bool = false,
                      environment: [String] = ["TERM=xterm"], scratch: ScratchDirectory) throws -> TerminalChild {
        guard let slaveName = ttyname(pty.slave).map({ String(cString: $0) }) else { throw XCTSkip("ttyname failed") }
        let outputPath = scratch.path + "/stdout-\(UUID().uuidString)"
        let errorPath = scratch.path + "/stderr-\(UUID().uuidString)"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))   // POSIX_SPAWN_SETSID (glibc)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The first terminal a session leader opens becomes its controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 3, slaveName, O_RDWR, 0)
        var leftOver: Int32?
        var pipeFDs: [Int32] = [-1, -1]
        switch input {
        case .terminal:
            posix_spawn_file_actions_adddup2(&actions, 3, 0)
        case .pipe(let text):
            guard pipe(&pipeFDs) == 0 else { throw XCTSkip("pipe failed") }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(pipeFDs[1], $0.baseAddress, $0.count) }
            close(pipeFDs[1])
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
            leftOver = pipeFDs[0]
        }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if errorToFile {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 3, 2)
        }
        posix_spawn_file_actions_addclose(&actions, 3)
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else {
            if let leftOver { close(leftOver) }
            throw XCTSkip("cannot spawn \(argv[0]): \(String(cString: strerror(status)))")
        }
        return TerminalChild(pid: pid, outputPath: outputPath, errorPath: errorPath, inputLeftOver: leftOver)
    }

    /// Waits up to `seconds` for the program to end (then kills it) and returns its wait status.
    func waitForExit(seconds: Double = 10) -> Int32? {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(10_000)
        }
        Glibc.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    func kill() {
        Glibc.kill(pid, SIGKILL)
        _ = waitForExit()
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// What is still in the input pipe (call once the program has ended); closes it.
    func unreadInput() -> String {
        guard let fd = inputLeftOver else { return "" }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
