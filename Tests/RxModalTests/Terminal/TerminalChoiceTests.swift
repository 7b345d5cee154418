import XCTest
import Foundation
@testable import RxModal

/// A choice list on a real pseudo-terminal.
final class TerminalChoiceTests: RxTestCase {
    private static let fruits: ModalValue = [
        "primitive": "choice", "title": "Fruit",
        "items": .array(["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Honeydew",
                         "Kiwi", "Lemon", "Mango", "Nectarine"].map { ["title": .string($0)] }),
    ]

    func testSingleChoiceArrowDownAndEnterSelectsTheItemUnderTheCursor() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.file, waitFor: "> a.txt") {
            pty.type("\u{1B}[B")
            XCTAssertTrue(pty.waitFor("> b.txt"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["selected": [1]]))
    }

    func testMultipleChoiceSpaceTogglesInTheOrderChosenUpToTheLimit() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.photos, waitFor: "> [ ] Beach") {
            pty.type("\u{1B}[B\u{1B}[B ")        // City first
            XCTAssertTrue(pty.waitFor("> [x] City (3 MB)"), pty.text)
            pty.type("\u{1B}[A\u{1B}[A ")        // then Beach
            XCTAssertTrue(pty.waitFor("(2 chosen, at most 2)"), pty.text)
            pty.type("\u{1B}[B ")                // Hills: over the limit
            XCTAssertTrue(pty.waitFor("At most 2 items can be chosen."), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["selected": [2, 0]]))
        XCTAssertTrue(pty.text.contains("  [ ] Hills — 2024"))
    }

    func testSpaceAgainUnchecksAnItem() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Specs.photos, waitFor: "> [ ] Beach") {
            pty.type(" ")
            XCTAssertTrue(pty.waitFor("> [x] Beach"), pty.text)
            pty.type("\u{1B}[B ")
            pty.type("\u{1B}[A ")
            XCTAssertTrue(pty.waitFor("(1 chosen, at most 2)"), pty.text)
            pty.type("\r")
        }
        XCTAssertEqual(outcome, .success(["selected": [1]]))
    }

    func testTypingFiltersALongListAndSelectsFromTheFilteredItems() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Self.fruits, waitFor: "↓ 2 more") {
            XCTAssertFalse(pty.text.contains("Nectarine"), "more than \(ChoiceScreen.visibleRows) rows drawn")
            pty.type("an")
            XCTAssertTrue(pty.waitFor("Filter: an"), pty.text)
            pty.type("\u{1B}[B\r")               // Banana, Mango, Nectarine: the second
        }
        XCTAssertEqual(outcome, .success(["selected": [10]]))
    }

    func testEscClearsTheFilterFirstThenCancels() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, Self.fruits, waitFor: "> Apple") {
            pty.type("zz")
            XCTAssertTrue(pty.waitFor("(nothing matches)"), pty.text)
            pty.type("\r")                        // nothing to select: stays
            XCTAssertTrue(pty.waitFor("Nothing matches the filter."), pty.text)
            let mark = pty.text.count
            pty.type("\u{1B}")
            XCTAssertTrue(pty.waitFor("> Apple", after: mark), pty.text)
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome, .success(["cancelled": true]))
    }
}
