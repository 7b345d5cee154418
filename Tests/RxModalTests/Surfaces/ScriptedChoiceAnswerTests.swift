import XCTest
import RxModal

/// A choice answered by each answer form: {"selected": [i]} or {"cancelled": true}.
final class ScriptedChoiceAnswerTests: RxTestCase {
    func testSelectReturnsTheItemsInTheOrderChosen() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [2, 0]}]"#)
        XCTAssertEqual(try surface.answer(Specs.photos), .success(["selected": [2, 0]]))
    }

    func testSingleChoiceTakesExactlyOneItem() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [1]}, {"select": [0, 1]}, {"select": []}]"#)
        XCTAssertEqual(try surface.answer(Specs.file), .success(["selected": [1]]))
        XCTAssertMismatch(try surface.answer(Specs.file), step: 2, containing: "a single choice takes exactly one item, the script selects 2")
        XCTAssertMismatch(try surface.answer(Specs.file), step: 3, containing: "the script selects 0")
    }

    func testMultipleChoiceMayBeEmptyButNotBeyondItsLimit() throws {
        let surface = try ScriptedSurface(json: #"[{"select": []}, {"select": [0, 1, 2]}]"#)
        XCTAssertEqual(try surface.answer(Specs.photos), .success(["selected": []]))
        XCTAssertMismatch(try surface.answer(Specs.photos), step: 2, containing: "allows at most 2 items, the script selects 3")
    }

    func testUnknownAndRepeatedItemsAreMismatches() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [5]}, {"select": [1, 1]}]"#)
        XCTAssertMismatch(try surface.answer(Specs.photos), step: 1, containing: "no item 5; the choice has 3 items")
        XCTAssertMismatch(try surface.answer(Specs.photos), step: 2, containing: "select names an item twice")
    }

    func testCancelGivesTheCancelledResult() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertEqual(try surface.answer(Specs.photos), .success(["cancelled": true]))
    }

    func testChooseDoesNotAnswerAChoice() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        XCTAssertMismatch(try surface.answer(Specs.photos), step: 1, containing: "answer a choice with select or cancel")
    }
}
