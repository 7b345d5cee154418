import XCTest
import Foundation
import Glibc
@testable import RxModal

/// Ctrl-Z and `fg` in a real job-control shell (bash on a pty): while the
/// dialog is stopped the shell gets a clean, cooked terminal with a visible
/// cursor; after `fg` the dialog is drawn again and answers keys.
final class TerminalJobControlTests: RxTestCase {
    func testCtrlZRestoresTheTerminalAndFgBringsTheDialogBack() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("no /bin/bash") }
        let probe = try ProbeChild.probePath()
        let pty = try PseudoTerminal(columns: 100, rows: 24)
        defer { pty.close() }
        let shell = try ProbeChild.spawn("/bin/bash", ["--norc", "--noprofile", "-i"],
                                            environment: ["TERM=xterm", "PS1=$ ", "PATH=/usr/bin:/bin"], on: pty)
        defer { kill(shell, SIGKILL); _ = ProbeChild.waitForExit(shell) }
        XCTAssertTrue(pty.waitFor("$ "), pty.text)
        pty.type("\(probe)\r")
        XCTAssertTrue(pty.waitFor("1  Mail"), pty.text)

        var drawn = pty.text.count
        pty.type("\u{1A}")   // Ctrl-Z
        XCTAssertTrue(pty.waitFor("Stopped", after: drawn), "the probe did not stop:\n\(pty.text)")
        XCTAssertTrue(pty.waitFor("$ ", after: drawn), pty.text)
        usleep(100_000)
        let stopped = try EmulatedScreen.render(pty.bytes, columns: 100, rows: 24)
        XCTAssertFalse(stopped.cursorHidden, "the cursor stays hidden while the dialog is stopped")
        XCTAssertEqual(stopped.count("1  Mail"), 0, "the stopped dialog was left on the screen:\n\(stopped.text)")

        drawn = pty.text.count
        pty.type("fg\r")
        XCTAssertTrue(pty.waitFor("1  Mail", after: drawn), "fg did not draw the dialog again:\n\(pty.text)")
        usleep(100_000)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()).local & tcflag_t(ICANON | ECHO), 0, "not raw after fg")
        let resumed = try EmulatedScreen.render(pty.bytes, columns: 100, rows: 24)
        XCTAssertTrue(resumed.cursorHidden, resumed.text)
        XCTAssertEqual(resumed.count("1  Mail"), 1, resumed.text)

        drawn = pty.text.count
        pty.type("\u{1B}[B")
        XCTAssertTrue(pty.waitFor("> 2  Message", after: drawn), "keys after fg are not read as keys:\n\(pty.text)")
        pty.type("\r")
        XCTAssertTrue(pty.waitFor(#"{"action":1,"textFields":[]}"#), pty.text)
        XCTAssertTrue(pty.waitFor("$ ", after: pty.text.count - 2), pty.text)
        let answered = try EmulatedScreen.render(pty.bytes, columns: 100, rows: 24)
        XCTAssertEqual(answered.count("Mail"), 0, answered.text)
        XCTAssertFalse(answered.cursorHidden)
        pty.type("exit\r")
        XCTAssertNotNil(ProbeChild.waitForExit(shell))
    }
}
