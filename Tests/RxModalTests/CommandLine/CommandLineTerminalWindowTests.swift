import XCTest
import Foundation
import Glibc

/// `rxmodal` itself on a pseudo-terminal, looked at through a terminal
/// emulator in 20- and 100-column windows: a message taller than the window
/// scrolls inside it and leaves nothing in the scrollback, an action sheet is a
/// numbered list answered by a number, and Ctrl-C leaves no dialog above the
/// prompt.
final class CommandLineTerminalWindowTests: RxTestCase {
    private func spawn(_ arguments: [String], on pty: PseudoTerminal, scratch: ScratchDirectory) throws -> TerminalChild {
        try TerminalChild.spawn([try RxmodalCommand.executablePath()] + arguments, on: pty, scratch: scratch)
    }

    func testALongMessageScrollsInsideTheWindowAndLeavesNoCopies() throws {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        for columns: UInt16 in [20, 100] {
            let scratch = try ScratchDirectory(for: self)
            let pty = try PseudoTerminal(columns: columns, rows: 30)
            defer { pty.close() }
            let child = try spawn(["alert", "--title", "Terms", "--message", words, "--action", "cancel:No", "--action", "Yes"],
                                  on: pty, scratch: scratch)
            guard pty.waitFor("[>Yes<]", seconds: 15) else {
                child.kill()
                return XCTFail("rxmodal never drew its dialog:\n\(pty.text)")
            }
            for key in ["\u{1B}[6~", "\u{1B}[B", "\u{1B}[6~", "\u{1B}[A"] {
                let drawn = pty.text.count
                pty.type(key)
                XCTAssertTrue(pty.waitFor("[>Yes<]", after: drawn), pty.text)
            }
            usleep(50_000)
            let screen = try EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 30)
            pty.type("\r")
            XCTAssertEqual(child.waitForExit(), 0, pty.text)
            let everything = screen.allRows.joined(separator: "\n")
            XCTAssertEqual(screen.count("Terms"), 1, "\(columns) columns: copies of the dialog:\n\(everything)")
            XCTAssertEqual(screen.count("[>Yes<]"), 1, "\(columns) columns: copies of the dialog:\n\(everything)")
            XCTAssertNotNil(screen.row(containing: "↑"), screen.text)
            XCTAssertNotNil(screen.row(containing: "↓"), screen.text)
            XCTAssertTrue(child.output.contains(#""title":"Yes""#), child.output)
        }
    }

    func testAnActionSheetIsANumberedListAnsweredByANumber() throws {
        for columns: UInt16 in [20, 100] {
            let scratch = try ScratchDirectory(for: self)
            let pty = try PseudoTerminal(columns: columns, rows: 15)
            defer { pty.close() }
            let child = try spawn(["actionSheet", "--title", "Contact us", "--action", "Mail", "--action", "Message",
                                   "--action", "cancel:Cancel"], on: pty, scratch: scratch)
            guard pty.waitFor("3  Cancel", seconds: 15) else {
                child.kill()
                return XCTFail("rxmodal never drew its sheet:\n\(pty.text)")
            }
            usleep(50_000)
            let screen = try EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 15)
            pty.type("2")
            XCTAssertEqual(child.waitForExit(), 0, pty.text)
            let rows = ["> 1  Mail", "  2  Message", "  3  Cancel"].map { screen.row(containing: $0) }
            XCTAssertFalse(rows.contains(nil), "\(columns) columns:\n\(screen.text)")
            XCTAssertTrue(child.output.contains(#""title":"Message""#), child.output)
        }
    }

    func testCtrlCLeavesNoDialogAboveThePrompt() throws {
        for columns: UInt16 in [20, 100] {
            let scratch = try ScratchDirectory(for: self)
            let pty = try PseudoTerminal(columns: columns, rows: 15)
            defer { pty.close() }
            let child = try spawn(["alert", "--title", "Delete?", "--message", "This cannot be undone.",
                                   "--action", "cancel:Keep", "--action", "destructive:Delete"], on: pty, scratch: scratch)
            guard pty.waitFor("Delete", seconds: 15), pty.waitFor("Keep") else {
                child.kill()
                return XCTFail("rxmodal never drew its dialog:\n\(pty.text)")
            }
            usleep(50_000)
            pty.type("\u{03}")
            guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end after Ctrl-C") }
            XCTAssertEqual(status & 0x7F, SIGINT, "wait status \(status)")
            usleep(50_000)
            let screen = try EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 15)
            XCTAssertEqual(screen.count("undone"), 0, "\(columns) columns: the dialog was left:\n\(screen.text)")
            XCTAssertEqual(screen.count("Keep"), 0, "\(columns) columns: the dialog was left:\n\(screen.text)")
            XCTAssertFalse(screen.cursorHidden)
            XCTAssertFalse(screen.bracketedPaste)
        }
    }
}
