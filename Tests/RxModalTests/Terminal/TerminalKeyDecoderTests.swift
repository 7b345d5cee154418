import XCTest
@testable import RxModal

/// The bytes terminals send for the keys the surface uses, whole and split
/// across reads.
final class TerminalKeyDecoderTests: RxTestCase {
    private func keys(_ reads: String...) -> [TerminalKey] {
        var decoder = TerminalKeyDecoder()
        return reads.flatMap { decoder.keys(from: Array($0.utf8)) }
    }

    func testHomeEndDeleteAndPageKeysInTheirXtermVT220AndRxvtSpellings() {
        XCTAssertEqual(keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~"), [.home, .home, .home, .home])
        XCTAssertEqual(keys("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~"), [.end, .end, .end, .end])
        XCTAssertEqual(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~"), [.delete, .pageUp, .pageDown])
        XCTAssertEqual(keys("\u{1B}[1;5C"), [.right], "a modified arrow is still the arrow")
    }

    func testReadlineControlKeys() {
        XCTAssertEqual(keys("\u{01}\u{05}\u{15}\u{17}"), [.home, .end, .deleteToLineStart, .deleteWordBackward])
    }

    func testCtrlXCtrlEIsTheEditorEvenSplitAcrossReadsAndCtrlXAloneIsNothing() {
        XCTAssertEqual(keys("\u{18}\u{05}"), [.editExternally])
        XCTAssertEqual(keys("\u{18}", "\u{05}"), [.editExternally])
        XCTAssertEqual(keys("\u{18}a\u{05}"), [.character("a"), .end])
    }

    func testABracketedPasteIsOneKeyWhateverItHolds() {
        XCTAssertEqual(keys("a\u{1B}[200~one\r\ntwo\u{1B}[A\t\u{1B}[201~b"),
                       [.character("a"), .paste("one\r\ntwo\u{1B}[A\t"), .character("b")])
    }

    func testABracketedPasteSplitAcrossReadsAnywhere() {
        let whole = "\u{1B}[200~Zoë 東京\n\u{1B}[201~\r"
        let bytes = Array(whole.utf8)
        // From the second byte on: an Esc alone at the end of a read is the Esc key, by design.
        for cut in 2..<bytes.count {
            var decoder = TerminalKeyDecoder()
            let decoded = decoder.keys(from: Array(bytes[..<cut])) + decoder.keys(from: Array(bytes[cut...]))
            XCTAssertEqual(decoded, [.paste("Zoë 東京\n"), .enter], "cut at \(cut)")
        }
    }
}
