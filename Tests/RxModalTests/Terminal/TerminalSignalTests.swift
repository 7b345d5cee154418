import XCTest
import Foundation
import Glibc
@testable import RxModal

/// Ctrl-C and SIGTERM while a dialog is up, in a child process
/// (`rxmodal-terminal-probe`) whose controlling terminal is a pty: the child
/// dies of the signal, and the terminal is left out of raw mode with the
/// cursor shown.
final class TerminalSignalTests: RxTestCase {
    private func probePath() throws -> String {
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

    /// Starts the probe in a new session with the pty's slave as its
    /// controlling terminal and standard input, output and error.
    private func spawnProbe(on pty: PseudoTerminal) throws -> pid_t {
        let probe = try probePath()
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
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(probe), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("TERM=xterm"), nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, probe, &actions, &attributes, argv, envp)
        guard status == 0 else { throw XCTSkip("cannot spawn the probe: \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits up to 5 s for `pid` to end (then kills it) and returns its wait status.
    private func waitForExit(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    private func interrupt(_ send: (PseudoTerminal, pid_t) -> Void, expecting signalNumber: Int32) throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let pid = try spawnProbe(on: pty)
        guard pty.waitFor("[>Mail<]") else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid)
            return XCTFail("the probe never drew its dialog:\n\(pty.text)")
        }
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()).local & tcflag_t(ICANON | ECHO), 0, "not in raw mode")
        send(pty, pid)
        guard let status = waitForExit(pid) else { return XCTFail("the probe did not end within 5 s") }
        // WIFSIGNALED / WTERMSIG, spelled out (they are macros).
        let terminatingSignal = status & 0x7F
        XCTAssertEqual(terminatingSignal, signalNumber, "wait status \(status)")
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
        XCTAssertTrue(pty.rawEnds(with: "\r\n\u{1B}[?25h"), pty.raw.debugDescription)
    }

    func testCtrlCRestoresTheTerminalAndEndsTheProcessBySIGINT() throws {
        try interrupt({ pty, _ in pty.type("\u{03}") }, expecting: SIGINT)
    }

    func testSIGTERMRestoresTheTerminalAndEndsTheProcessBySIGTERM() throws {
        try interrupt({ _, pid in kill(pid, SIGTERM) }, expecting: SIGTERM)
    }

    func testTheProbeAnswersNormallyWhenNotInterrupted() throws {
        // The control case: the same child, answered with Enter, exits 0.
        try interruptless()
    }

    private func interruptless() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let pid = try spawnProbe(on: pty)
        XCTAssertTrue(pty.waitFor("[>Mail<]"), pty.text)
        pty.type("\u{1B}[C\r")
        guard let status = waitForExit(pid) else { return XCTFail("the probe did not end within 5 s") }
        XCTAssertEqual(status, 0, "wait status \(status)")
        XCTAssertTrue(pty.waitFor(#"{"action":1,"textFields":[]}"#), pty.text)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }
}
