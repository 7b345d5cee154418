import XCTest
import Foundation
import Glibc
@testable import RxModal

/// Ctrl-C and SIGTERM while a dialog is up, in a child process
/// (`rxmodal-terminal-probe`) whose controlling terminal is a pty: the child
/// dies of the signal, and the terminal is left out of raw mode with the
/// cursor shown.
final class TerminalSignalTests: RxTestCase {
    /// An alert, drawn with its actions on one row.
    private static let alert: ModalValue = [
        "primitive": "dialog", "style": "alert", "title": "Probe", "message": "Send how?",
        "actions": [["title": "Mail", "style": "default"], ["title": "Message", "style": "default"]],
    ]

    private func interrupt(_ send: (PseudoTerminal, pid_t) -> Void, expecting signalNumber: Int32) throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let pid = try ProbeChild.spawn(ProbeChild.probePath(), [Self.alert.json], on: pty)
        guard pty.waitFor("[>Mail<]") else {
            kill(pid, SIGKILL)
            _ = ProbeChild.waitForExit(pid)
            return XCTFail("the probe never drew its dialog:\n\(pty.text)")
        }
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()).local & tcflag_t(ICANON | ECHO), 0, "not in raw mode")
        send(pty, pid)
        guard let status = ProbeChild.waitForExit(pid) else { return XCTFail("the probe did not end within 5 s") }
        // WIFSIGNALED / WTERMSIG, spelled out (they are macros).
        let terminatingSignal = status & 0x7F
        XCTAssertEqual(terminatingSignal, signalNumber, "wait status \(status)")
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
        XCTAssertTrue(pty.rawEnds(with: "\u{1B}[?25h"), pty.raw.debugDescription)
        // What is left on the screen: no dialog above the prompt, as after an answer; the cursor shown.
        for (columns, rows) in [(100, 40), (20, 12)] {
            let screen = try EmulatedScreen.render(pty.bytes, columns: columns, rows: rows)
            XCTAssertEqual(screen.count("Mail"), 0, "the dialog was left on the screen:\n\(screen.text)")
            XCTAssertEqual(screen.count("Send how?"), 0, "the dialog was left on the screen:\n\(screen.text)")
            XCTAssertFalse(screen.cursorHidden, "the cursor was left hidden")
        }
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
        let pid = try ProbeChild.spawn(ProbeChild.probePath(), on: pty)
        XCTAssertTrue(pty.waitFor("1  Mail"), pty.text)
        pty.type("\u{1B}[B\r")
        guard let status = ProbeChild.waitForExit(pid) else { return XCTFail("the probe did not end within 5 s") }
        XCTAssertEqual(status, 0, "wait status \(status)")
        XCTAssertTrue(pty.waitFor(#"{"action":1,"textFields":[]}"#), pty.text)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }
}
