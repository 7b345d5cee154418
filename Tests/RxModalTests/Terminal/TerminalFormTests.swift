import XCTest
import Foundation
@testable import RxModal

/// A compose form on a real pseudo-terminal.
final class TerminalFormTests: RxTestCase {
    func testFieldsAreEditedInOrderAndSendReturnsEveryField() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.mail, waitFor: "> To: a@b.c_") {
            XCTAssertTrue(pty.text.contains("  From: me@b.c"))
            XCTAssertTrue(pty.text.contains("  Attachments: (none)"))
            pty.type(", d@e.f\r")                 // Enter in a one-line field: next field
            XCTAssertTrue(pty.waitFor("> Subject: _"), pty.text)
            pty.type("Hi\t")                      // Tab: next field too
            pty.type("\rWorld")                   // Enter in the body: a new line
            XCTAssertTrue(pty.waitFor("    World_"), pty.text)
            pty.type("\t")                        // to the action row: Cancel, the first action
            XCTAssertTrue(pty.waitFor("[>Cancel<]"), pty.text)
            pty.type("\u{1B}[C\r")                // Send
        }
        XCTAssertEqual(outcome, .success(["action": 1, "fields": [
            "to": ["a@b.c", "d@e.f"], "subject": "Hi", "body": "Hello\nWorld", "from": "me@b.c", "files": []]]))
    }

    func testAFieldsErrorIsShownUnderIt() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        var spec = Specs.mail
        var fields = spec["fields"]?.arrayValue ?? []
        fields[0] = ["name": "to", "label": "To", "kind": "addresses", "value": ["a@b"], "error": "to[0]: not a valid e-mail address"]
        spec = ["primitive": "form", "title": "New Message", "fields": .array(fields), "actions": spec["actions"]!]
        var shown: [UInt8] = []
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, spec, waitFor: "[>Send<]") {
            shown = pty.bytes   // the form as drawn, before Esc takes it down
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome?.map { $0["action"] }, .success(0))
        // On the screen: the error on the row under the field, in colour.
        let screen = try EmulatedScreen.render(shown)
        let to = try XCTUnwrap(screen.row(containing: "To: a@b"), screen.text)
        XCTAssertEqual(screen.rows[to + 1].trimmingCharacters(in: .whitespaces), "! to[0]: not a valid e-mail address", screen.text)
        XCTAssertTrue(screen.colouredRows[to + 1].contains("not a valid"), "drawn in red")
    }

    func testEscChoosesCancelWithTheFieldsAsTheyAre() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.mail, waitFor: "[>Send<]") {
            pty.type("\u{7F}\u{7F}")              // Backspace twice in To
            XCTAssertTrue(pty.waitFor("> To: a@b_"), pty.text)
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome, .success(["action": 0, "fields": [
            "to": ["a@b"], "subject": "", "body": "Hello", "from": "me@b.c", "files": []]]))
    }

    func testCtrlXCtrlECallsTheTextEditorHookWithTheTerminalRestored() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let surface = TerminalSurface.on(pty)
        let seen = LockedBox<(String, TerminalSettingsSnapshot)?>(nil)
        let slave = pty.slave
        surface.textEditor = { text in
            var current = termios()
            tcgetattr(slave, &current)
            seen.value = (text, TerminalSettingsSnapshot(current))
            return "Edited"
        }
        let outcome = try presentAndDrive(surface, pty, Specs.mail, waitFor: "> To:") {
            pty.type("\t\t")                      // to the body
            XCTAssertTrue(pty.waitFor("    Hello_"), pty.text)
            pty.type("\u{18}\u{05}")             // Ctrl-X Ctrl-E
            XCTAssertTrue(pty.waitFor("    Edited_"), pty.text)
            pty.type("\u{1B}")
        }
        XCTAssertEqual(seen.value?.0, "Hello")
        XCTAssertEqual(seen.value?.1, before, "the editor ran with the terminal in raw mode")
        XCTAssertEqual(outcome?.map { $0["fields"]?["body"] }, .success("Edited"))
    }
}
