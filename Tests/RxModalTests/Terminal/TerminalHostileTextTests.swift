import XCTest
import Foundation
import Glibc
@testable import RxModal

/// Text from outside the program — titles, messages, labels, action titles,
/// the names and tags of files the user never typed, and what the user types —
/// carrying escape sequences, C1 controls and bidirectional overrides, drawn
/// by the interactive surface on a real pseudo-terminal and looked at through
/// a terminal emulator: the window keeps its title, the screen is not cleared,
/// nothing is recoloured or faked, and the hostile text is shown visibly.
/// Results keep the real characters.
final class TerminalHostileTextTests: RxTestCase {
    /// Retitles the window, then clears the screen.
    static let retitleAndClear = "Hi\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let retitleAndClearShown = "Hi^[]0;pwned^G^[[2J"

    static let dialog: ModalValue = [
        "primitive": "dialog", "style": "alert", "title": .string(retitleAndClear),
        "message": "First line\n\u{1B}[31mALERT\u{1B}[0m then \u{9B}2J",
        "textFields": [["kind": "plain", "placeholder": "Na\u{1B}[Hme", "text": "x\u{202E}gpj.exe"]],
        "actions": [["title": "Cancel", "style": "cancel"], ["title": "OK\u{1B}]2;gotcha\u{07}", "style": "default"]],
    ]

    /// A picture library and a music library as a picker lists them: the file
    /// name and the tags come from the files.
    static let choice: ModalValue = [
        "primitive": "choice", "title": "Photos",
        "items": [["title": "holiday\u{1B}[2J.jpg"],
                  ["title": "Song\u{1B}]0;pwned\u{07}", "subtitle": "Artist\u{202E}", "detail": "3:00\u{1B}[41m"],
                  ["title": "a.jpg\r\n> fake.jpg"]],
    ]

    static let form: ModalValue = [
        "primitive": "form", "title": "New\u{1B}]0;pwned\u{07} Message",
        "fields": [["name": "subject", "label": "Sub\u{1B}[31mject", "kind": "line", "value": "re: \u{9D}0;x\u{9C}"],
                   ["name": "body", "label": "Body", "kind": "text", "value": "Hello\r\n\u{1B}[2Jworld"],
                   ["name": "from", "label": "From", "kind": "readOnly", "value": "me\u{202E}@b.c"],
                   ["name": "files", "label": "Attachments", "kind": "attachments", "value": ["report\u{1B}[2J.pdf"]]],
        "actions": [["title": "Cancel", "style": "cancel"], ["title": "Send", "style": "default", "preferred": true]],
    ]

    /// What was on the terminal before the dialog: a clear screen would wipe it.
    private static let earlierOutput = "EARLIER OUTPUT"

    private func presentOnEmulatedTerminal(_ spec: ModalValue, waitFor: String, keys: String = "", answer: String = "\r",
                                           file: StaticString = #filePath, line: UInt = #line)
        throws -> (screen: EmulatedScreen, outcome: Result<ModalValue, ModalError>?) {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let earlier = Array((Self.earlierOutput + "\n").utf8)
        _ = earlier.withUnsafeBytes { write(pty.slave, $0.baseAddress, $0.count) }
        var screen: EmulatedScreen?
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, spec, waitFor: waitFor, file: file, line: line) {
            if !keys.isEmpty {
                let drawn = pty.text.count
                pty.type(keys)
                XCTAssertTrue(pty.waitFor(String(keys.last!) + "_", after: drawn), pty.text, file: file, line: line)
            }
            screen = try? EmulatedScreen.render(pty.bytes)
            pty.type(answer)
        }
        guard let screen else { throw XCTSkip("no terminal emulator") }
        XCTAssertEqual(screen.title, "", "the window was retitled", file: file, line: line)
        XCTAssertNotNil(screen.row(containing: Self.earlierOutput), "the screen was cleared:\n\(screen.text)", file: file, line: line)
        return (screen, outcome)
    }

    func testADialogsHostileTitleMessageLabelTextAndActionAreShownNotObeyed() throws {
        let (screen, outcome) = try presentOnEmulatedTerminal(Self.dialog, waitFor: "[>OK")
        XCTAssertNotNil(screen.row(containing: Self.retitleAndClearShown), screen.text)
        guard let alert = screen.row(containing: "^[[31mALERT^[[0m then <U+009B>2J") else {
            return XCTFail("the message is not shown as sent:\n\(screen.text)")
        }
        XCTAssertEqual(screen.colouredRows[alert].trimmingCharacters(in: .whitespaces), "", "the message recoloured text")
        XCTAssertNotNil(screen.row(containing: "> Na^[[Hme: x<U+202E>gpj.exe_"), screen.text)
        XCTAssertNotNil(screen.row(containing: "[>OK^[]2;gotcha^G<]"), screen.text)
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["x\u{202E}gpj.exe"]]))
    }

    func testWhatTheUserTypesIsEchoedVisibly() throws {
        let typed = "a\u{9B}2J\u{202E}b\u{1B}[31mc"
        let dialog: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Type",
                                  "textFields": [["kind": "plain"]], "actions": [["title": "OK", "style": "default"]]]
        let (screen, outcome) = try presentOnEmulatedTerminal(dialog, waitFor: "[>OK<]", keys: typed)
        // ESC typed is the Esc key, and the rest of an escape sequence is a key too: only text reaches the field.
        XCTAssertNotNil(screen.row(containing: "> Plain: a<U+009B>2J<U+202E>b"), screen.text)
        XCTAssertEqual(outcome, .success(["action": 0, "textFields": ["a\u{9B}2J\u{202E}bc"]]))
    }

    func testAPickersFileNamesAndTagsAreShownNotObeyedAndCannotFakeARow() throws {
        let (screen, outcome) = try presentOnEmulatedTerminal(Self.choice, waitFor: "> holiday")
        XCTAssertNotNil(screen.row(containing: "> holiday^[[2J.jpg"), screen.text)
        guard let song = screen.row(containing: "Song^[]0;pwned^G — Artist<U+202E> (3:00^[[41m)") else {
            return XCTFail("the tags are not shown as sent:\n\(screen.text)")
        }
        XCTAssertEqual(screen.colouredRows[song].trimmingCharacters(in: .whitespaces), "", "a tag recoloured text")
        XCTAssertNotNil(screen.row(containing: "  a.jpg^M^J> fake.jpg"), screen.text)
        XCTAssertFalse(screen.rows.contains { $0.hasPrefix("> fake.jpg") }, "a file name drew a row of its own:\n\(screen.text)")
        XCTAssertEqual(outcome, .success(["selected": [0]]))
    }

    func testAFormsLabelsValuesAndAttachmentNamesAreShownNotObeyed() throws {
        let (screen, outcome) = try presentOnEmulatedTerminal(Self.form, waitFor: "[>Send<]", answer: "\u{1B}")
        XCTAssertNotNil(screen.row(containing: "New^[]0;pwned^G Message"), screen.text)
        XCTAssertNotNil(screen.row(containing: "> Sub^[[31mject: re: <U+009D>0;x<U+009C>_"), screen.text)
        XCTAssertNotNil(screen.row(containing: "    Hello"), screen.text)
        XCTAssertNotNil(screen.row(containing: "    ^[[2Jworld"), screen.text)
        XCTAssertNotNil(screen.row(containing: "From: me<U+202E>@b.c"), screen.text)
        XCTAssertNotNil(screen.row(containing: "Attachments: report^[[2J.pdf"), screen.text)
        XCTAssertTrue(screen.colouredRows.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "a label recoloured text")
        XCTAssertEqual(outcome, .success(["action": 0, "fields": [
            "subject": "re: \u{9D}0;x\u{9C}", "body": "Hello\r\n\u{1B}[2Jworld", "from": "me\u{202E}@b.c",
            "files": ["report\u{1B}[2J.pdf"]]]))
    }
}

/// The same hostile text in line mode, whose text a person may still read on a
/// terminal (standard error): shown visibly, answered with the real characters,
/// and an answer that is echoed back ("Not an action: …") is shown visibly too.
final class TerminalLineModeHostileTextTests: RxTestCase {
    private func answer(_ spec: ModalValue, input: String) throws -> (Result<ModalValue, ModalError>?, EmulatedScreen) {
        let keys = Pipe()
        let screen = Pipe()
        let surface = TerminalSurface(input: keys.fileHandleForReading.fileDescriptor,
                                      output: screen.fileHandleForWriting.fileDescriptor, environment: ["TERM": "xterm"])
        keys.fileHandleForWriting.write(Data(input.utf8))
        try keys.fileHandleForWriting.close()
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: spec, onResult: probe.onResult, onError: probe.onError)
        let outcome = probe.wait()
        surface.dismiss(presentation)
        try screen.fileHandleForWriting.close()
        // A terminal given this text on standard error would also translate \n to \r\n.
        let printed = String(decoding: screen.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let emulated = try EmulatedScreen.render(Array(("EARLIER OUTPUT\n" + printed).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        XCTAssertEqual(emulated.title, "", "the window was retitled")
        XCTAssertNotNil(emulated.row(containing: "EARLIER OUTPUT"), "the screen was cleared:\n\(emulated.text)")
        return (outcome, emulated)
    }

    func testADialogsHostileTextAndAnEchoedAnswerAreShownVisibly() throws {
        let (outcome, screen) = try answer(TerminalHostileTextTests.dialog,
                                           input: "typed\u{1B}]0;mine\u{07}\n\u{1B}]0;again\u{07}\n2\n")
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["typed\u{1B}]0;mine\u{07}"]]))
        XCTAssertNotNil(screen.row(containing: TerminalHostileTextTests.retitleAndClearShown), screen.text)
        XCTAssertNotNil(screen.row(containing: "^[[31mALERT^[[0m then <U+009B>2J"), screen.text)
        XCTAssertNotNil(screen.row(containing: "Na^[[Hme (plain) [x<U+202E>gpj.exe]: "), screen.text)
        XCTAssertNotNil(screen.row(containing: "  2) OK^[]2;gotcha^G"), screen.text)
        XCTAssertNotNil(screen.row(containing: "Not an action: ^[]0;again^G."), screen.text)
    }

    func testAPickersFileNamesAreListedVisiblyOneRowEach() throws {
        let (outcome, screen) = try answer(TerminalHostileTextTests.choice, input: "3\n")
        XCTAssertEqual(outcome, .success(["selected": [2]]))
        XCTAssertNotNil(screen.row(containing: "  1) holiday^[[2J.jpg"), screen.text)
        XCTAssertNotNil(screen.row(containing: "  2) Song^[]0;pwned^G — Artist<U+202E> (3:00^[[41m)"), screen.text)
        XCTAssertNotNil(screen.row(containing: "  3) a.jpg^M^J> fake.jpg"), screen.text)
    }

    func testAFormsValuesAreShownVisiblyAndAnsweredExactly() throws {
        let (outcome, screen) = try answer(TerminalHostileTextTests.form, input: "\n.\n2\n")
        XCTAssertEqual(outcome, .success(["action": 1, "fields": [
            "subject": "re: \u{9D}0;x\u{9C}", "body": "Hello\r\n\u{1B}[2Jworld", "from": "me\u{202E}@b.c",
            "files": ["report\u{1B}[2J.pdf"]]]))
        XCTAssertNotNil(screen.row(containing: "New^[]0;pwned^G Message"), screen.text)
        XCTAssertNotNil(screen.row(containing: "From: me<U+202E>@b.c"), screen.text)
        XCTAssertNotNil(screen.row(containing: "Attachments: report^[[2J.pdf"), screen.text)
        XCTAssertNotNil(screen.row(containing: "Sub^[[31mject [re: <U+009D>0;x<U+009C>]: "), screen.text)
    }
}
