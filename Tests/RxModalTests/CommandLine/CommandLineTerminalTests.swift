import XCTest
import Foundation
import Glibc

/// `rxmodal alert` on the terminal surface, in a child process whose
/// controlling terminal is a real pseudo-terminal: keys typed into it, the
/// result read from its standard output (a file), and the terminal's settings
/// checked after an answer and after Ctrl-C.
final class CommandLineTerminalTests: RxTestCase {
    /// Starts `rxmodal arguments…` in a new session with the pty's slave as its
    /// controlling terminal, standard input and error; standard output goes to a file.
    private func spawn(_ arguments: [String], on pty: PseudoTerminal, scratch: ScratchDirectory) throws -> TerminalChild {
        try TerminalChild.spawn([try RxmodalCommand.executablePath()] + arguments, on: pty, scratch: scratch)
    }

    private let signInArguments = ["alert", "--title", "Sign in", "--text-field", "email:E-mail",
                                   "--text-field", "password:Password", "--action", "cancel:Cancel", "--action", "Sign In"]

    func testAPersonSignsInWithTheKeyboardAndTheCredentialsArePrintedAsJSON() throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let child = try spawn(signInArguments, on: pty, scratch: scratch)
        guard pty.waitFor("[>Sign In<]", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew its dialog:\n\(pty.text)")
        }
        XCTAssertTrue(pty.text.contains("E-mail"), pty.text)
        pty.type("ada@example.org\tsecret\r")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 0, "wait status \(status); screen:\n\(pty.text)")
        XCTAssertEqual(child.output,
                       #"{"action":1,"style":"default","textFields":["ada@example.org","secret"],"title":"Sign In"}"# + "\n")
        XCTAssertFalse(pty.text.contains("secret"), "the password was drawn:\n\(pty.text)")
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }

    func testHostileTitlesAreShownVisiblyOnTheTerminalAndPrintedExactlyAsJSON() throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let child = try spawn(["alert", "--title", "Hi\u{1B}]0;pwned\u{07}\u{1B}[2J", "--action", "OK\u{1B}]2;gotcha\u{07}"],
                              on: pty, scratch: scratch)
        guard pty.waitFor("[>OK", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew its dialog:\n\(pty.text)")
        }
        let screen = try EmulatedScreen.render(pty.bytes)
        pty.type("\r")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 0, "wait status \(status)")
        XCTAssertEqual(screen.title, "", "the window was retitled")
        XCTAssertNotNil(screen.row(containing: "Hi^[]0;pwned^G^[[2J"), screen.text)
        XCTAssertNotNil(screen.row(containing: "[>OK^[]2;gotcha^G<]"), screen.text)
        XCTAssertEqual(child.output,
                       #"{"action":0,"style":"default","textFields":[],"title":"OK\u001b]2;gotcha\u0007"}"# + "\n")
    }

    func testEscapeChoosesTheCancelActionAndExitsOne() throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let child = try spawn(signInArguments, on: pty, scratch: scratch)
        XCTAssertTrue(pty.waitFor("[>Sign In<]", seconds: 15), pty.text)
        pty.type("\u{1B}")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 1 << 8, "wait status \(status)")   // exited with 1
        XCTAssertEqual(child.output,
                       #"{"action":0,"style":"cancel","textFields":["",""],"title":"Cancel"}"# + "\n")
    }

    func testCtrlCRestoresTheTerminalEndsBySIGINTAndPrintsNothing() throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let child = try spawn(signInArguments, on: pty, scratch: scratch)
        guard pty.waitFor("[>Sign In<]", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew its dialog:\n\(pty.text)")
        }
        pty.type("ada\u{03}")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s") }
        XCTAssertEqual(status & 0x7F, SIGINT, "wait status \(status)")   // WTERMSIG: a shell reports 130
        XCTAssertEqual(child.output, "")
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }
}
