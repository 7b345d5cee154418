import XCTest
import RxModal

/// What a step expects, and a script that runs out.
final class ScriptExpectationTests: RxTestCase {
    func testMetExpectationsLetTheAnswerThrough() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"expect": {"primitive": "dialog", "title": "Sign in", "style": "alert"}, "choose": "Sign In"}]
            """#)
        XCTAssertEqual(try surface.answer(Specs.signIn), .success(["action": 1, "textFields": ["", "old"]]))
    }

    func testAnExpectationMayCompareWholeValues() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"expect": {"actions": [{"title": "Mail", "style": "default"}, {"title": "Message", "style": "default"}]}, "choose": 0}]
            """#)
        XCTAssertEqual(try surface.answer(Specs.share), .success(["action": 0, "textFields": []]))
    }

    func testUnmetExpectationNamesTheStepAndWhatDiffered() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"choose": 0}, {"expect": {"primitive": "dialog", "title": "Log in"}, "choose": "Sign In"}]
            """#)
        XCTAssertEqual(try surface.answer(Specs.share), .success(["action": 0, "textFields": []]))
        XCTAssertEqual(try surface.answer(Specs.signIn),
                       .failure(.scriptMismatch(step: 2, reason: #"expected title "Log in", got "Sign in""#)))
    }

    func testExpectingAKeyTheSpecLacksIsAMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"message": "Hi"}, "choose": 0}]"#)
        XCTAssertEqual(try surface.answer(Specs.share),
                       .failure(.scriptMismatch(step: 1, reason: #"expected message "Hi", but the dialog has no message"#)))
    }

    func testExpectedPrimitiveMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"primitive": "choice"}, "select": [0]}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn),
                       .failure(.scriptMismatch(step: 1, reason: #"expected primitive "choice", got "dialog""#)))
    }

    func testAScriptThatRunsOutEndsEachFurtherPresentationWithAnError() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        XCTAssertEqual(try surface.answer(Specs.share), .success(["action": 0, "textFields": []]))
        XCTAssertEqual(try surface.answer(Specs.signIn),
                       .failure(.scriptMismatch(step: 2, reason: #"the script has no step for this dialog "Sign in" (it has 1 step)"#)))
        XCTAssertEqual(try surface.answer(Specs.photos),
                       .failure(.scriptMismatch(step: 3, reason: #"the script has no step for this choice "Photos" (it has 1 step)"#)))
    }

    func testAnEmptyScriptAnswersNothing() throws {
        let surface = ScriptedSurface(script: SurfaceScript(steps: []))
        XCTAssertMismatch(try surface.answer(Specs.permission), step: 1, containing: "(it has 0 steps)")
    }

    func testAMismatchConsumesItsStepSoTheNextPresentationTakesTheNext() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Nope"}, {"choose": "Allow"}]"#)
        XCTAssertMismatch(try surface.answer(Specs.permission), step: 1, containing: "no action titled")
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 1]))
    }
}
