import XCTest
import Foundation
@testable import RxModal

/// A dialog on a real pseudo-terminal: keys in, screen and result out.
final class TerminalDialogTests: RxTestCase {
    func testTypingFillsTheFieldsAndEnterChoosesThePreferredAction() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.signIn, waitFor: "[>Sign In<]") {
            pty.type("me@x.org")
            pty.type("\t")
            pty.type("pw")
            XCTAssertTrue(pty.waitFor("Password: *****"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["me@x.org", "oldpw"]]))
        XCTAssertFalse(pty.text.contains("oldpw"), "the password was drawn in clear")
        XCTAssertTrue(pty.text.contains("Sign in"))
        XCTAssertTrue(pty.text.contains("Use your account"))
    }

    /// A destructive choice is never the one Enter takes, even when preferred:
    /// the selection starts on Cancel.
    func testADestructivePreferredActionIsNotSelectedAtFirst() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let spec: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Delete everything?",
                                "actions": [["title": "Cancel", "style": "cancel"],
                                            ["title": "Delete", "style": "destructive", "preferred": true]]]
        let outcome = try presentAndDrive(surface, pty, spec, waitFor: "[>Cancel<]") {
            XCTAssertFalse(pty.text.contains("[>Delete<]"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 0, "textFields": []]))
    }

    func testEscChoosesTheCancelActionWithTheTextTyped() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.signIn, waitFor: "[>Sign In<]") {
            pty.type("a")
            XCTAssertTrue(pty.waitFor("Email: a_"))
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome, .success(["action": 0, "textFields": ["a", "old"]]))
    }

    func testDisabledActionIsDrawnInParenthesesAndCannotBeSelected() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.signIn, waitFor: "( Delete Account )") {
            // Down twice: from the email field to the password field to the action row.
            pty.type("\u{1B}[B")
            pty.type("\u{1B}[B")
            pty.type("\u{1B}[C")   // Right: the only action to the right is disabled
            pty.type("\u{1B}[C")
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["", "old"]]))
        XCTAssertFalse(pty.text.contains("[>Delete Account<]"))
    }

    func testArrowsMoveDownTheListOfAnActionSheet() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.share, waitFor: "> 1  Mail") {
            pty.type("\u{1B}[B")
            XCTAssertTrue(pty.waitFor("> 2  Message"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": []]))
    }

    func testTabGoesFromTheLastFieldThroughEachEnabledActionAndBackToTheFirstField() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.signIn, waitFor: "[>Sign In<]") {
            pty.type("\t\t")            // email → password → first action (Cancel)
            XCTAssertTrue(pty.waitFor("[>Cancel<]"), pty.text)
            pty.type("\t\t")            // Sign In, then (Delete is disabled) back to the email field
            pty.type("z")
            XCTAssertTrue(pty.waitFor("Email: z_"), pty.text)
            pty.type("\r")              // Sign In is still the selected action
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["z", "old"]]))
    }

    func testEscDoesNothingInADialogWithoutCancelAction() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let outcome = try presentAndDrive(surface, pty, Specs.share, waitFor: "> 1  Mail") {
            pty.type("\u{1B}")
            pty.type("\u{1B}[B")
            XCTAssertTrue(pty.waitFor("> 2  Message"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": []]))
    }

    func testUpdateRedrawsAnActionThatBecameEnabledAndMakesItSelectable() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.signIn, onResult: probe.onResult, onError: probe.onError)
        defer { surface.dismiss(presentation) }
        XCTAssertTrue(pty.waitFor("( Delete Account )"))
        let mark = pty.text.count
        try surface.update(presentation, patch: ["actions": [["title": "Cancel", "style": "cancel"],
                                                             ["title": "Sign In", "style": "default", "preferred": true],
                                                             ["title": "Delete Account", "style": "destructive"]]])
        XCTAssertTrue(pty.waitFor("[ Delete Account ]", after: mark), pty.text)
        pty.type("\u{1B}[B\u{1B}[B\u{1B}[C\r")
        XCTAssertEqual(probe.wait(), .success(["action": 2, "textFields": ["", "old"]]))
    }
}
