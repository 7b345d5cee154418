import XCTest
@testable import RxModal

/// What the terminal surface makes of text from outside before drawing it.
final class TerminalSafeTextTests: RxTestCase {
    func testEveryC0ControlIsShownInCaretNotation() {
        for value in UInt32(0x00)...0x1F {
            let control = Character(Unicode.Scalar(value)!)
            let expected = "^" + String(Character(Unicode.Scalar(value + 0x40)!))
            XCTAssertEqual(TerminalSafeText.line("a\(control)b"), "a\(expected)b", "U+\(String(value, radix: 16))")
        }
        XCTAssertEqual(TerminalSafeText.line("\u{1B}]0;title\u{07}"), "^[]0;title^G")
        XCTAssertEqual(TerminalSafeText.line("tab\there"), "tab^Ihere")
    }

    func testDELIsShownAsCaretQuestionMark() {
        XCTAssertEqual(TerminalSafeText.line("rub\u{7F}out"), "rub^?out")
    }

    func testEveryC1ControlIsShownAsItsCodePoint() {
        for value in UInt32(0x80)...0x9F {
            let hex = String(value, radix: 16, uppercase: true)
            XCTAssertEqual(TerminalSafeText.line("a\(Character(Unicode.Scalar(value)!))b"), "a<U+00\(hex)>b")
        }
        XCTAssertEqual(TerminalSafeText.line("\u{9B}2J"), "<U+009B>2J")
    }

    func testBidirectionalOverridesIsolatesAndMarksAreShownAsTheirCodePoints() {
        let formatting: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                                    0x200E, 0x200F, 0x061C]
        let shown = ["<U+202A>", "<U+202B>", "<U+202C>", "<U+202D>", "<U+202E>", "<U+2066>", "<U+2067>", "<U+2068>",
                     "<U+2069>", "<U+200E>", "<U+200F>", "<U+061C>"]
        for (value, expected) in zip(formatting, shown) {
            XCTAssertEqual(TerminalSafeText.line("a\(Character(Unicode.Scalar(value)!))b"), "a\(expected)b")
        }
        XCTAssertEqual(TerminalSafeText.line("invoice\u{202E}fdp.exe"), "invoice<U+202E>fdp.exe")
    }

    func testPrintableTextIsKeptAsItIs() {
        let texts = ["Sign in", "Grüße, Jürgen", "日本語のタイトル", "👩‍👩‍👧 family", "e\u{301}", "עברית ومرحبا",
                     "~!@#$%^&*()_+[]{}|;':\",./<>?`", "\u{A0}no-break\u{2028}", ""]
        for text in texts {
            XCTAssertEqual(TerminalSafeText.line(text), text)
            XCTAssertEqual(TerminalSafeText.lines(text), [text])
        }
    }

    func testJSONForTheTerminalEscapesDELC1AndBidiAndKeepsTheDocumentsValue() throws {
        let value: ModalValue = ["title": "a\u{1B}[2J\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{200F}é日本", "list": ["x\ty"]]
        let document = TerminalSafeText.jsonForTerminal(value.json)
        XCTAssertEqual(document, #"{"list":["x\ty"],"title":"a\u001b[2J\u007f\u0085\u009b\u202e\u2066\u200fé日本"}"#)
        XCTAssertEqual(try ModalValue(json: document), value)
        let indented = "{\n\t\"plain\": \"text\"\n}"
        XCTAssertEqual(TerminalSafeText.jsonForTerminal(indented), indented)
    }

    func testLinesBreakAtLineFeedsAndCRLFAndShowEveryOtherControl() {
        XCTAssertEqual(TerminalSafeText.lines("one\ntwo\r\nthree\rfour\n"), ["one", "two", "three^Mfour", ""])
        XCTAssertEqual(TerminalSafeText.lines("\u{1B}[2J\nok"), ["^[[2J", "ok"])
        XCTAssertEqual(TerminalSafeText.line("one\ntwo"), "one^Jtwo")
    }
}
