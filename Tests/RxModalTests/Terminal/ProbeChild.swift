import XCTest
import Foundation
import Glibc

/// A child process whose controlling terminal is a pty: how the signal and
/// window tests run `rxmodal-terminal-probe` (or a shell running it), so the
/// kernel delivers Ctrl-C, Ctrl-Z and SIGWINCH to it as to any program a
/// person runs.
enum ProbeChild {
    /// `rxmodal-terminal-probe`, built next to the test binary.
    static func probePath() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // The test binary is .build/<config>/RxModalPackageTests.xctest (a file on Linux).
        if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        let path = directory.appendingPathComponent("rxmodal-terminal-probe").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("rxmodal-terminal-probe not built next to the tests (looked at \(path))")
        }
        return path
    }

    /// Starts `path` with `arguments` in a new session with the pty's slave
    /// as its controlling terminal and standard input, output and error.
    static func spawn(_ path: String, _ arguments: [String] = [], environment: [String] = ["TERM=xterm"],
                      on pty: PseudoTerminal) throws -> pid_t {
        guard let slaveName = ttyname(pty.slave).map({ String(cString: $0) }) else { throw XCTSkip("ttyname failed") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc): the child calls setsid() before the file
        // actions, so opening the slave makes it the controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw XCTSkip("cannot spawn \(path): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits up to `seconds` for `pid` to end (then kills it) and returns its wait status.
    static func waitForExit(_ pid: pid_t, seconds: Double = 5) -> Int32? {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }
}

extension PseudoTerminal {
    /// Changes the window size, as a terminal emulator does when its window
    /// is resized: the kernel sends SIGWINCH to the pty's foreground process group.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }
}
