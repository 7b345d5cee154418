import XCTest
import Foundation
@testable import RxModal

/// Editing a text field as in a shell: cursor keys, Home/End, readline's
/// Ctrl-A/E/U/W, Delete, with accented and wide characters; and a paste of
/// several lines, which is text and never Enter.
final class TerminalFieldEditingTests: RxTestCase {
    private let rename: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Rename",
                                      "textFields": [["kind": "plain", "placeholder": "Name"]],
                                      "actions": [["title": "OK", "style": "default"]]]

    /// Types each key, waiting for the field to show `shown` after it, in a
    /// `columns`-wide window; returns the answer.
    private func edit(_ steps: [(keys: String, shown: String)], columns: UInt16, environment: [String: String] = ["TERM": "xterm", "NO_COLOR": "1"],
                      file: StaticString = #filePath, line: UInt = #line) throws -> Result<ModalValue, ModalError>? {
        let pty = try PseudoTerminal(columns: columns, rows: 12)
        defer { pty.close() }
        return try presentAndDrive(TerminalSurface.on(pty, environment: environment), pty, rename, waitFor: "[>OK<]") {
            for step in steps {
                let drawn = pty.text.count
                pty.type(step.keys)
                XCTAssertTrue(pty.waitFor("[>OK<]", after: drawn), pty.text, file: file, line: line)
                usleep(20_000)
                let screen = try! EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 12)
                let field = screen.rows.joined(separator: "\n")
                XCTAssertTrue(field.contains(step.shown) || screen.rows.joined().contains(step.shown),
                              "after \(step.keys.debugDescription) expected “\(step.shown)”:\n\(screen.text)", file: file, line: line)
            }
            pty.type("\r")
        }
    }

    func testCursorKeysAndReadlineKeysEditWideText() throws {
        for columns: UInt16 in [20, 100] {
            let outcome = try edit([
                ("Zoë 東京", "> Name: Zoë 東京_"),
                ("\u{1B}[D\u{1B}[D", "> Name: Zoë |東京"),          // Left over two wide characters
                ("x", "> Name: Zoë x|東京"),
                ("\u{1B}[H<", "> Name: <|Zoë x東京"),              // Home
                ("\u{05}>", "> Name: <Zoë x東京>_"),               // Ctrl-E
                ("\u{17}", "> Name: <Zoë _"),                      // Ctrl-W: the word before the cursor
                ("\u{01}\u{1B}[3~", "> Name: |Zoë"),               // Ctrl-A, Delete
                ("\u{1B}[F\u{7F}", "> Name: Zoë_"),                // End, Backspace
                ("\u{1B}[D\u{1B}[D\u{15}", "> Name: |oë"),         // Ctrl-U: everything before the cursor
            ], columns: columns)
            XCTAssertEqual(outcome, .success(["action": 0, "textFields": ["oë"]]), "\(columns) columns")
        }
    }

    func testAPasteOfSeveralLinesIsOneLineOfTextNotEnter() throws {
        for columns: UInt16 in [20, 100] {
            let pty = try PseudoTerminal(columns: columns, rows: 12)
            defer { pty.close() }
            var screen: EmulatedScreen?
            let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, rename, waitFor: "[>OK<]") {
                let drawn = pty.text.count
                pty.type("\u{1B}[200~one\r\ntwo\n\u{1B}[201~")
                XCTAssertTrue(pty.waitFor("> Name: one two_", after: drawn), pty.text)
                screen = try? EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 12)
                pty.type("!\r")
            }
            XCTAssertEqual(outcome, .success(["action": 0, "textFields": ["one two!"]]), "\(columns) columns")
            let shown = try XCTUnwrap(screen)
            XCTAssertTrue(shown.bracketedPaste, "bracketed paste is not on while the dialog waits")
            XCTAssertEqual(shown.count("Rename"), 1, shown.text)
        }
    }

    func testBracketedPasteIsOffAfterTheAnswer() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, rename, waitFor: "[>OK<]") { pty.type("\r") }
        XCTAssertEqual(outcome, .success(["action": 0, "textFields": [""]]))
        XCTAssertTrue(pty.rawEnds(with: "\u{1B}[?25h"), pty.raw.debugDescription)
        XCTAssertFalse(try EmulatedScreen.render(pty.bytes).bracketedPaste)
    }

    func testAPasteIntoAMultiLineFormFieldKeepsItsLines() throws {
        let form: ModalValue = ["primitive": "form", "title": "Note",
                                "fields": [["name": "body", "label": "Body", "kind": "text", "value": ""]],
                                "actions": [["title": "Save", "style": "default"]]]
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, form, waitFor: "> Body:") {
            pty.type("\u{1B}[200~one\ntwo\u{1B}[201~")
            XCTAssertTrue(pty.waitFor("    two_"), pty.text)
            pty.type("\t\r")
        }
        XCTAssertEqual(outcome, .success(["action": 0, "fields": ["body": "one\ntwo"]]))
    }

    func testCtrlEInAFormsTextFieldGoesToTheEndOfTheLineAndLeavesTheEditorAlone() throws {
        let form: ModalValue = ["primitive": "form", "title": "Note",
                                "fields": [["name": "body", "label": "Body", "kind": "text", "value": "Hello"]],
                                "actions": [["title": "Save", "style": "default"]]]
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let editorCalls = LockedBox(0)
        surface.textEditor = { text in editorCalls.value += 1; return text }
        let outcome = try presentAndDrive(surface, pty, form, waitFor: "    Hello_") {
            let drawn = pty.text.count
            pty.type("\u{01}")                    // Ctrl-A: to the start
            XCTAssertTrue(pty.waitFor("[>Save<]", after: drawn), pty.text)
            pty.type("\u{05}!")                   // Ctrl-E: to the end, then type
            XCTAssertTrue(pty.waitFor("    Hello!_"), pty.text)
            pty.type("\t\r")
        }
        XCTAssertEqual(editorCalls.value, 0, "Ctrl-E opened the external editor")
        XCTAssertEqual(outcome, .success(["action": 0, "fields": ["body": "Hello!"]]))
    }
}
