import XCTest
import Foundation
@testable import RxModal

/// Line mode: input from a pipe, numbered actions and items, one answer per line.
final class TerminalLineModeTests: RxTestCase {
    /// Shows `spec` in line mode with `input` already in the pipe (and the pipe
    /// closed when `close` is set), returns the outcome and what was printed.
    private func answer(_ spec: ModalValue, input: String, close: Bool = true,
                        file: StaticString = #filePath, line: UInt = #line) throws -> (Result<ModalValue, ModalError>?, String) {
        let keys = Pipe()
        let screen = Pipe()
        let surface = TerminalSurface(input: keys.fileHandleForReading.fileDescriptor,
                                      output: screen.fileHandleForWriting.fileDescriptor, environment: ["TERM": "xterm"])
        XCTAssertEqual(surface.mode, .lines, file: file, line: line)
        keys.fileHandleForWriting.write(Data(input.utf8))
        if close { try keys.fileHandleForWriting.close() }
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: spec, onResult: probe.onResult, onError: probe.onError)
        let outcome = probe.wait()
        XCTAssertFalse(probe.wasCalled(on: pthread_self()), file: file, line: line)
        surface.dismiss(presentation)
        if !close { try keys.fileHandleForWriting.close() }
        try screen.fileHandleForWriting.close()
        let printed = String(decoding: screen.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertFalse(printed.contains("\u{1B}"), "line mode wrote an escape sequence", file: file, line: line)
        return (outcome, printed)
    }

    func testDialogReadsOneLinePerTextFieldThenTheActionNumber() throws {
        let (outcome, printed) = try answer(Specs.signIn, input: "me@x.org\nsecret\n2\n")
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["me@x.org", "secret"]]))
        XCTAssertTrue(printed.contains("Sign in\nUse your account\nEmail (email): "), printed)
        XCTAssertTrue(printed.contains("Password (password) [***]: "), printed)
        XCTAssertTrue(printed.contains("  1) Cancel (cancel)\n  2) Sign In (preferred)\n  3) Delete Account (destructive, disabled)\nChoose an action [1-3]: "), printed)
    }

    func testEmptyLinesKeepTheFieldTextAndChooseThePreferredAction() throws {
        let (outcome, _) = try answer(Specs.signIn, input: "\n\n\n")
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["", "old"]]))
    }

    func testAWrongOrDisabledActionIsExplainedAndAskedAgain() throws {
        let (outcome, printed) = try answer(Specs.share, input: "7\nx\n2\n")
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": []]))
        XCTAssertTrue(printed.contains("Not an action: 7. Type a number from 1 to 2."), printed)
        XCTAssertTrue(printed.contains("Not an action: x."), printed)
        let (disabled, explained) = try answer(Specs.signIn, input: "\n\n3\n1\n")
        XCTAssertEqual(disabled, .success(["action": 0, "textFields": ["", "old"]]))
        XCTAssertTrue(explained.contains("Delete Account is disabled."), explained)
    }

    func testEndOfInputChoosesTheCancelActionOrIsAnError() throws {
        let (cancelled, _) = try answer(Specs.signIn, input: "typed\n")
        XCTAssertEqual(cancelled, .success(["action": 0, "textFields": ["typed", "old"]]))
        let (failed, _) = try answer(Specs.share, input: "")
        guard case .failure(.plugin(_, let message))? = failed else { return XCTFail("expected an error, got \(String(describing: failed))") }
        XCTAssertTrue(message.contains("the input ended before the dialog was answered"), message)
    }

    func testMultipleChoiceTakesCommaSeparatedNumbersWithinTheLimit() throws {
        let (outcome, printed) = try answer(Specs.photos, input: "1,2,3\n3, 1\n")
        XCTAssertEqual(outcome, .success(["selected": [2, 0]]))
        XCTAssertTrue(printed.contains("  1) Beach\n  2) Hills — 2024\n  3) City (3 MB)\n"), printed)
        XCTAssertTrue(printed.contains("At most 2 items."), printed)
    }

    func testSingleChoiceTakesOneNumberAndCancelCancels() throws {
        let (outcome, printed) = try answer(Specs.file, input: "1 2\n2\n")
        XCTAssertEqual(outcome, .success(["selected": [1]]))
        XCTAssertTrue(printed.contains("Type one number from 1 to 2."), printed)
        let (cancelled, _) = try answer(Specs.file, input: "cancel\n")
        XCTAssertEqual(cancelled, .success(["cancelled": true]))
        let (ended, _) = try answer(Specs.file, input: "")
        XCTAssertEqual(ended, .success(["cancelled": true]))
    }

    func testPromptReadsTheActionNumber() throws {
        let (outcome, printed) = try answer(Specs.permission, input: "2\n")
        XCTAssertEqual(outcome, .success(["action": 1]))
        XCTAssertTrue(printed.hasPrefix("Allow access to Photos?\n  1) Don't Allow (cancel)\n  2) Allow\n"), printed)
    }

    func testFormReadsEditableFieldsInOrderWithATextBodyEndingAtADot() throws {
        let input = "a@b.c, d@e.f\nHi there\nLine one\nLine two\n.\n2\n"
        let (outcome, printed) = try answer(Specs.mail, input: input)
        XCTAssertEqual(outcome, .success(["action": 1, "fields": [
            "to": ["a@b.c", "d@e.f"], "subject": "Hi there", "body": "Line one\nLine two",
            "from": "me@b.c", "files": []]]))
        XCTAssertTrue(printed.contains("From: me@b.c\nAttachments: \n"), printed)
        XCTAssertTrue(printed.contains("To (addresses, comma-separated) [a@b.c]: "), printed)
        XCTAssertTrue(printed.contains("Body (text; end with a line \".\") [Hello]:\n"), printed)
    }

    func testFormKeepsValuesOnEmptyAnswers() throws {
        let (outcome, _) = try answer(Specs.mail, input: "\n\n.\n2\n")
        XCTAssertEqual(outcome, .success(["action": 1, "fields": [
            "to": ["a@b.c"], "subject": "", "body": "Hello", "from": "me@b.c", "files": []]]))
    }

    func testAnswersCanArriveLaterThanTheQuestion() throws {
        let keys = Pipe()
        let screen = Pipe()
        let surface = TerminalSurface(input: keys.fileHandleForReading.fileDescriptor,
                                      output: screen.fileHandleForWriting.fileDescriptor, environment: [:])
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        defer { surface.dismiss(presentation) }
        usleep(100_000)
        XCTAssertEqual(probe.all.count, 0)
        keys.fileHandleForWriting.write(Data("2".utf8))
        usleep(50_000)
        XCTAssertEqual(probe.all.count, 0, "answered before the line was complete")
        keys.fileHandleForWriting.write(Data("\n".utf8))
        XCTAssertEqual(probe.wait(), .success(["action": 1, "textFields": []]))
    }
}
