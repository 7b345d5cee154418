import XCTest
import RxModal

/// Prompts ({"action": i}) and openURL ({"opened": true}).
final class ScriptedPromptAndOpenURLAnswerTests: RxTestCase {
    func testPromptAnswersWithTheChosenActionOnly() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Allow"}, {"choose": 0}, {"cancel": true}]"#)
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 1]))
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 0]))
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 0]))
    }

    func testPromptHasNoFieldsToFill() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["x"], "choose": 0}]"#)
        XCTAssertMismatch(try surface.answer(Specs.permission), step: 1, containing: "a prompt has no fields to fill")
    }

    func testOpenedAnswersAnOpenURL() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"url": "https://example.org/auth"}, "opened": true}]"#)
        XCTAssertEqual(try surface.answer(Specs.browser), .success(["opened": true]))
    }

    func testOpenURLCannotBeCancelledOrChosen() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}, {"choose": 0}]"#)
        XCTAssertMismatch(try surface.answer(Specs.browser), step: 1, containing: "answer an openURL with opened")
        XCTAssertMismatch(try surface.answer(Specs.browser), step: 2, containing: "not a openURL")
    }

    /// Progress asks nothing, so a script has no step for it: the scripted
    /// surface refuses it (as the header allows) and the next step stays for
    /// what follows.
    func testProgressIsRefusedAndTakesNoStep() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Allow"}]"#)
        XCTAssertEqual(try SurfaceSpec.validate(["primitive": "progress", "title": "Photos", "message": "1 file seen"]), .progress)
        XCTAssertThrowsError(try surface.show(spec: ["primitive": "progress", "title": "Photos"], onResult: { _ in }, onError: { _ in })) {
            XCTAssertEqual($0 as? ModalError, .plugin(code: 2, message: "the scripted surface shows no progress"))
        }
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 1]))
        XCTAssertEqual(surface.transcript.count, 1)
    }
}
