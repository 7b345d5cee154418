import XCTest
import Foundation
@testable import RxModal

/// NO_COLOR and TERM=dumb.
final class TerminalStyleTests: RxTestCase {
    private func draw(_ environment: [String: String]) throws -> String {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty, environment: environment), pty, Specs.signIn,
                                          waitFor: "( Delete Account )") {
            pty.type("a")
            XCTAssertTrue(pty.waitFor("Email: a_"))
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["action": 1, "textFields": ["a", "old"]]))
        return pty.raw
    }

    private func hasColor(_ raw: String) -> Bool { raw.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil }

    func testColorsAreUsedByDefault() throws {
        XCTAssertTrue(hasColor(try draw(["TERM": "xterm-256color"])))
    }

    func testNoColorDropsColorsButKeepsRedrawingInPlace() throws {
        let raw = try draw(["TERM": "xterm", "NO_COLOR": "1"])
        XCTAssertFalse(hasColor(raw), raw.debugDescription)
        XCTAssertTrue(raw.contains("\u{1B}[J"), "no in-place redraw")
        XCTAssertTrue(raw.contains("[>Sign In<]"), "selection must show without color")
    }

    func testDumbTerminalGetsNoEscapeSequencesAtAll() throws {
        let raw = try draw(["TERM": "dumb"])
        XCTAssertFalse(raw.contains("\u{1B}"), raw.debugDescription)
        // Without cursor movement, a change is printed again below.
        XCTAssertEqual(raw.components(separatedBy: "Sign in").count - 1, 2, raw)
    }

    func testEmptyNoColorCountsAsUnset() {
        XCTAssertTrue(TerminalStyle(environment: ["TERM": "xterm", "NO_COLOR": ""]).usesColor)
        XCTAssertFalse(TerminalStyle(environment: ["TERM": "dumb"]).usesEscapes)
    }
}
