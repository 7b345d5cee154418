import XCTest
@testable import RxModal

/// Cutting lines into rows and fitting a screen into the window.
final class TerminalViewportTests: RxTestCase {
    private let plain = TerminalStyle(usesEscapes: true, usesColor: false)

    func testAWideCharacterThatDoesNotFitInTheLastColumnStartsTheNextRow() {
        XCTAssertEqual(TerminalColumns.rows(of: "abc東", width: 4), ["abc", "東"])
        XCTAssertEqual(TerminalColumns.rows(of: "ab東", width: 4), ["ab東"])
        XCTAssertEqual(TerminalColumns.rows(of: "", width: 4), [""])
    }

    func testRowsBreakBetweenWordsAndCutOnlyAWordLongerThanARow() {
        XCTAssertEqual(TerminalColumns.rows(of: "one two three", width: 9), ["one two ", "three"])
        XCTAssertEqual(TerminalColumns.rows(of: "one two  three", width: 7), ["one two", " three"])
        XCTAssertEqual(TerminalColumns.rows(of: "a verylongword", width: 5), ["a ", "veryl", "ongwo", "rd"])
        XCTAssertEqual(TerminalColumns.rows(of: "    indented", width: 6), ["    in", "dented"], "indentation is no break")
        XCTAssertEqual(TerminalColumns.rows(of: "Zoë 東京xy", width: 6), ["Zoë ", "東京xy"])
    }

    func testEscapeSequencesStayWholeAndTakeNoColumn() {
        XCTAssertEqual(TerminalColumns.rows(of: "\u{1B}[1mabcd\u{1B}[0me", width: 4), ["\u{1B}[1mabcd\u{1B}[0m", "e"])
    }

    func testAScreenThatFitsIsDrawnWhole() {
        var viewport = TerminalViewport()
        let drawing = ScreenDrawing(lines: ["Title", "body", "", "[>OK<]"], headerCount: 1, footerCount: 2)
        XCTAssertEqual(viewport.rows(for: drawing, columns: 20, height: 4, style: plain), drawing.lines)
    }

    func testATallScreenKeepsItsTitleAndActionsAndScrollsTheRest() {
        var viewport = TerminalViewport()
        let body = (1...20).map { "line \($0)" }
        let drawing = ScreenDrawing(lines: ["Title"] + body + ["", "[>OK<]"], headerCount: 1, footerCount: 2)
        let first = viewport.rows(for: drawing, columns: 20, height: 9, style: plain)
        XCTAssertEqual(first, ["Title", "", "line 1", "line 2", "line 3", "line 4", "↓ 16 more (PgDn)", "", "[>OK<]"])
        XCTAssertTrue(viewport.scroll(by: .pageDown))
        let second = viewport.rows(for: drawing, columns: 20, height: 9, style: plain)
        XCTAssertEqual(second, ["Title", "↑ 3 more (PgUp)", "line 4", "line 5", "line 6", "line 7", "↓ 13 more (PgDn)", "", "[>OK<]"])
        XCTAssertTrue(viewport.scroll(by: .end))
        XCTAssertEqual(viewport.rows(for: drawing, columns: 20, height: 9, style: plain).suffix(5),
                       ["line 19", "line 20", "", "", "[>OK<]"])
        XCTAssertFalse(viewport.scroll(by: .enter))
    }

    func testTheFocusLineIsScrolledIntoViewAfterAKeyTheScreenUsed() {
        var viewport = TerminalViewport()
        let body = (1...20).map { "field \($0)" }
        var drawing = ScreenDrawing(lines: body, focusLine: 15)
        let rows = viewport.rows(for: drawing, columns: 20, height: 6, style: plain)
        XCTAssertEqual(rows.count, 6)
        XCTAssertTrue(rows.contains("field 16"), "\(rows)")
        drawing.focusLine = 0
        XCTAssertTrue(viewport.rows(for: drawing, columns: 20, height: 6, style: plain).contains("field 1"))
    }

    func testNeverMoreRowsThanTheWindowHasEvenWhenTheFooterIsTaller() {
        var viewport = TerminalViewport()
        let drawing = ScreenDrawing(lines: ["T", "a", "b", "c", "d", "e"], headerCount: 1, footerCount: 5)
        XCTAssertEqual(viewport.rows(for: drawing, columns: 20, height: 3, style: plain).count, 3)
    }
}
