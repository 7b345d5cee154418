import XCTest
@testable import RxModal

/// Editing one field's text with a cursor: whole characters, line-local
/// Home/End/Ctrl-U in a multi-line field, pastes made fit for the field, and
/// the cursor drawn without giving away a password.
final class EditableTextTests: RxTestCase {
    private let plain = TerminalStyle(usesEscapes: true, usesColor: false)

    private func edited(_ start: String, multiline: Bool = false, _ keys: [TerminalKey]) -> EditableText {
        var text = EditableText(start, multiline: multiline)
        for key in keys { XCTAssertTrue(text.apply(key), "\(key) is an editing key") }
        return text
    }

    func testLeftAndRightMoveByWholeCharacters() {
        let text = edited("e\u{301}👩‍👩‍👧東", [.left, .left, .backspace])
        XCTAssertEqual(text.text, "👩‍👩‍👧東")
        XCTAssertEqual(text.cursor, 0)
    }

    func testHomeEndAndCtrlUStayOnTheCursorsLineInAMultiLineField() {
        var text = edited("one\ntwo three", multiline: true, [.home, .character(">"), .end, .character("<")])
        XCTAssertEqual(text.text, "one\n>two three<")
        XCTAssertTrue(text.apply(.deleteToLineStart))
        XCTAssertEqual(text.text, "one\n")
        XCTAssertEqual(text.cursorLine, 1)
    }

    func testCtrlWDeletesTheBlanksAndThenTheWordBeforeTheCursor() {
        XCTAssertEqual(edited("git commit  ", [.deleteWordBackward]).text, "git ")
        XCTAssertEqual(edited("word", [.home, .deleteWordBackward]).text, "word")
    }

    func testDeleteAtTheEndAndBackspaceAtTheStartChangeNothing() {
        XCTAssertEqual(edited("ab", [.delete]).text, "ab")
        XCTAssertEqual(edited("ab", [.home, .backspace]).text, "ab")
    }

    func testAPasteIntoAOneLineFieldJoinsItsLinesWithSpaces() {
        XCTAssertEqual(edited("", [.paste("one\r\ntwo\rthree\tfour\n")]).text, "one two three four")
        XCTAssertEqual(edited("", multiline: true, [.paste("one\r\ntwo\n")]).text, "one\ntwo\n")
    }

    func testKeysThatAreNotEditingAreLeftToTheScreen() {
        var text = EditableText("a")
        for key: TerminalKey in [.enter, .tab, .escape, .up, .down, .pageUp, .editExternally] {
            XCTAssertFalse(text.apply(key), "\(key)")
        }
        text.insertNewline()
        XCTAssertEqual(text.text, "a", "Enter adds no line to a one-line field")
    }

    func testTheCursorIsDrawnAtTheEndOrBeforeTheCharacterUnderIt() {
        XCTAssertEqual(edited("ab", []).drawnLines(style: plain, showsCursor: true), ["ab_"])
        XCTAssertEqual(edited("ab", [.left]).drawnLines(style: plain, showsCursor: true), ["a|b"])
        XCTAssertEqual(edited("ab", [.left]).drawnLines(style: plain, showsCursor: false), ["ab"])
        let colored = TerminalStyle(usesEscapes: true, usesColor: true)
        XCTAssertEqual(edited("ab", [.left]).drawnLines(style: colored, showsCursor: true), ["a\u{1B}[7mb\u{1B}[0m"])
        XCTAssertEqual(edited("a\nb", multiline: true, [.left, .left]).drawnLines(style: plain, showsCursor: true), ["a_", "b"])
    }

    func testAPasswordIsMaskedWhereverTheCursorIs() {
        let secret = edited("hunter2", [.left, .left, .left])
        XCTAssertEqual(secret.drawnLines(style: plain, showsCursor: true, mask: "*"), ["****|***"])
        let colored = TerminalStyle(usesEscapes: true, usesColor: true)
        XCTAssertFalse(secret.drawnLines(style: colored, showsCursor: true, mask: "*").joined().contains("r"))
    }

    func testControlCharactersInTheTextAreShownVisibly() {
        XCTAssertEqual(edited("a\u{1B}[2Jb", []).drawnLines(style: plain, showsCursor: false), ["a^[[2Jb"])
        // A one-line field given a line break by its spec shows it, on one line.
        XCTAssertEqual(edited("a.jpg\r\n> fake", []).drawnLines(style: plain, showsCursor: true), ["a.jpg^M^J> fake_"])
    }
}
