import XCTest
import Foundation
@testable import RxModal

/// An authorization prompt on a real pseudo-terminal.
final class TerminalPromptTests: RxTestCase {
    func testPromptSelectsItsDefaultActionFirstAndAnswersWithTheActionOnly() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.permission,
                                          waitFor: "[ Don't Allow ]  [>Allow<]") {
            XCTAssertTrue(pty.text.contains("Allow access to Photos?"))
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1]))
    }

    func testEscDeniesThroughTheCancelAction() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.permission, waitFor: "[>Allow<]") {
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome, .success(["action": 0]))
    }
}
