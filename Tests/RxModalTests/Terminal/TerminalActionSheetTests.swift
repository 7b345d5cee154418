import XCTest
import Foundation
@testable import RxModal

/// An action sheet is a vertical, numbered list: Up/Down/Home/End move, a
/// number or a first letter chooses, and a destructive action is never
/// selected before the user moves to it.
final class TerminalActionSheetTests: RxTestCase {
    private let share: ModalValue = ["primitive": "dialog", "style": "actionSheet", "title": "Share",
                                     "actions": [["title": "Copy Link", "style": "default"], ["title": "Mail", "style": "default"],
                                                 ["title": "Delete", "style": "destructive", "preferred": true],
                                                 ["title": "Cancel", "style": "cancel"]]]

    private func choose(_ keys: String, columns: UInt16 = 100) throws -> (Result<ModalValue, ModalError>?, EmulatedScreen) {
        let pty = try PseudoTerminal(columns: columns, rows: 12)
        defer { pty.close() }
        var screen: EmulatedScreen?
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, share, waitFor: "4  Cancel") {
            screen = try? EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 12)
            pty.type(keys)
        }
        return (outcome, try XCTUnwrap(screen))
    }

    func testTheActionsAreListedOnePerRowWithTheFirstSafeOneSelected() throws {
        for columns: UInt16 in [20, 100] {
            let (outcome, screen) = try choose("\r", columns: columns)
            XCTAssertEqual(outcome, .success(["action": 0, "textFields": []]))
            let rows = ["> 1  Copy Link", "  2  Mail", "  3  Delete", "  4  Cancel"].map { screen.row(containing: $0) }
            guard let first = rows[0], !rows.contains(nil) else { XCTFail("\(columns) columns:\n\(screen.text)"); continue }
            XCTAssertEqual(rows.compactMap { $0 }, Array(first...first + 3), "not one action per row:\n\(screen.text)")
        }
    }

    func testANumberChoosesItsAction() throws {
        XCTAssertEqual(try choose("2").0, .success(["action": 1, "textFields": []]))
    }

    func testAFirstLetterChoosesItsAction() throws {
        XCTAssertEqual(try choose("m").0, .success(["action": 1, "textFields": []]))
        XCTAssertEqual(try choose("D").0, .success(["action": 2, "textFields": []]))
    }

    func testUpDownHomeAndEndMoveTheSelection() throws {
        XCTAssertEqual(try choose("\u{1B}[B\u{1B}[B\r").0, .success(["action": 2, "textFields": []]))
        XCTAssertEqual(try choose("\u{1B}[F\r").0, .success(["action": 3, "textFields": []]))
        XCTAssertEqual(try choose("\u{1B}[F\u{1B}[A\u{1B}[H\r").0, .success(["action": 0, "textFields": []]))
    }

    func testEscapeChoosesCancel() throws {
        XCTAssertEqual(try choose("\u{1B}").0, .success(["action": 3, "textFields": []]))
    }
}
