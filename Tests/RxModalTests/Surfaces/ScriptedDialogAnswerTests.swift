import XCTest
import RxModal

/// A dialog answered by each answer form, with results in the header's schema:
/// {"action": i, "textFields": [s]}.
final class ScriptedDialogAnswerTests: RxTestCase {
    func testChooseByTitleReturnsTheActionIndexAndTheFieldsInitialTexts() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Sign In"}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 1, "textFields": ["", "old"]]))
    }

    func testChooseByIndex() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 1}]"#)
        XCTAssertEqual(try surface.answer(Specs.share), .success(["action": 1, "textFields": []]))
    }

    func testTypedTextFillsTheFieldsInOrder() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["a@b.c", "secret"], "choose": "Sign In"}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 1, "textFields": ["a@b.c", "secret"]]))
    }

    func testTypingFewerTextsLeavesTheRestAsSpecified() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["a@b.c"], "choose": 1}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 1, "textFields": ["a@b.c", "old"]]))
    }

    func testCancelChoosesTheCancelAction() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}, {"type": ["typed"], "cancel": true}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 0, "textFields": ["", "old"]]))
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 0, "textFields": ["typed", "old"]]))
    }

    func testCancelWithoutACancelActionIsAMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertMismatch(try surface.answer(Specs.share), step: 1, containing: "has no cancel action")
    }

    func testADisabledActionCannotBeChosen() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Delete Account"}, {"choose": 2}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .failure(.scriptMismatch(step: 1, reason: #"action 2 "Delete Account" is disabled"#)))
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 2, containing: "is disabled")
    }

    func testUnknownTitleAndIndexOutOfRangeAreMismatchesListingTheActions() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Log In"}, {"choose": 3}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn),
                       .failure(.scriptMismatch(step: 1, reason: #"no action titled "Log In"; actions: 0 "Cancel", 1 "Sign In", 2 "Delete Account""#)))
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 2, containing: "no action 3; the dialog has 3 actions")
    }

    func testTypingMoreTextsThanFieldsIsAMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["x"], "choose": 0}]"#)
        XCTAssertMismatch(try surface.answer(Specs.share), step: 1, containing: "typed into 1 text field, the dialog has 0")
    }

    func testAnswersMeantForOtherPrimitivesAreMismatches() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [0]}, {"opened": true}, {"fields": {"a": "b"}, "choose": 0}]"#)
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 1, containing: "select answers a choice, not a dialog")
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 2, containing: "opened answers an openURL, not a dialog")
        XCTAssertMismatch(try surface.answer(Specs.signIn), step: 3, containing: "fields fill a form; a dialog takes type")
    }
}
