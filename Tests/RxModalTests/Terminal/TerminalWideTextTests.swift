import XCTest
import Foundation
@testable import RxModal

/// Lines with wide characters (CJK, emoji) and combining marks: measured in
/// the columns a terminal gives them, so a screen that wraps is erased whole
/// before it is drawn again.
final class TerminalWideTextTests: RxTestCase {
    func testWideCharactersThatWrapAreErasedWhole() throws {
        // 30 CJK characters take 60 columns: two rows on a 40-column terminal.
        let title = String(repeating: "写真", count: 15)
        let dialog: ModalValue = ["primitive": "dialog", "style": "alert", "title": .string(title),
                                  "actions": [["title": "Keep", "style": "default"], ["title": "Drop", "style": "default"]]]
        let pty = try PseudoTerminal(columns: 40, rows: 20)
        defer { pty.close() }
        var screen: EmulatedScreen?
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, dialog, waitFor: "[>Keep<]") {
            pty.type("\u{1B}[C")
            XCTAssertTrue(pty.waitFor("[>Drop<]"), pty.text)
            pty.type("\u{1B}[D")
            XCTAssertTrue(pty.waitFor("[>Keep<]", after: pty.text.count - 20), pty.text)
            screen = try? EmulatedScreen.render(pty.bytes, columns: 40, rows: 20)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 0, "textFields": []]))
        let shown = try XCTUnwrap(screen)
        XCTAssertEqual(shown.rows.filter { $0.contains("写真写真") }.count, 2, "the title is drawn on two rows, once:\n\(shown.text)")
        XCTAssertEqual(shown.rows.filter { $0.contains("Keep") }.count, 1, "an old action row was left behind:\n\(shown.text)")
    }

    func testColumnsOfASCIIWideCombiningAndEmojiCharacters() {
        XCTAssertEqual(TerminalColumns.width(of: "Sign in"), 7)
        XCTAssertEqual(TerminalColumns.width(of: "写真.jpg"), 8)
        XCTAssertEqual(TerminalColumns.width(of: "한국어"), 6)
        XCTAssertEqual(TerminalColumns.width(of: "ｆｕｌｌ"), 8)
        XCTAssertEqual(TerminalColumns.width(of: "e\u{301}te\u{301}"), 3)
        XCTAssertEqual(TerminalColumns.width(of: "🎵 Song"), 7)
        XCTAssertEqual(TerminalColumns.width(of: "👩‍👩‍👧"), 2)
        XCTAssertEqual(TerminalColumns.width(of: "Grüße — ok"), 10)
    }

    func testTheSurfacesOwnEscapeSequencesTakeNoColumn() {
        XCTAssertEqual(TerminalColumns.width(of: "\u{1B}[1;36m> 写真\u{1B}[0m"), 6)
        XCTAssertEqual(TerminalColumns.width(of: "[ OK ]  \u{1B}[7m[>Go<]\u{1B}[0m"), 14)
    }
}
