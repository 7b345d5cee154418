import XCTest
import RxModal

/// Reading scripts: the accepted shapes, and malformed scripts refused with
/// errors that name the step.
final class ScriptParsingTests: RxTestCase {
    private func XCTAssertMalformed(_ json: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertInvalidArgument(try SurfaceScript(json: json), method: "script", reason: reason, file: file, line: line)
    }

    func testEveryAnswerFormReadsIntoItsStep() throws {
        let script = try SurfaceScript(json: #"""
            {"comment": "all forms", "steps": [
              {"expect": {"primitive": "dialog", "title": "Sign in"}, "type": ["a@b.c", "secret"], "choose": "Sign In"},
              {"choose": 1, "afterMilliseconds": 20},
              {"select": [0, 2]},
              {"fields": {"subject": "Hi", "to": ["x@y.z"]}, "choose": "Send"},
              {"cancel": true, "comment": "Esc"},
              {"stayOpen": true},
              {"opened": true}
            ]}
            """#)
        XCTAssertEqual(script.steps, [
            ScriptStep(expect: ["primitive": "dialog", "title": "Sign in"],
                       answer: .choose(.title("Sign In"), typing: ["a@b.c", "secret"], fields: nil)),
            ScriptStep(answer: .choose(.index(1), typing: nil, fields: nil), afterMilliseconds: 20),
            ScriptStep(answer: .select([0, 2])),
            ScriptStep(answer: .choose(.title("Send"), typing: nil, fields: ["subject": "Hi", "to": ["x@y.z"]])),
            ScriptStep(answer: .choose(.cancel, typing: nil, fields: nil)),
            ScriptStep(answer: .stayOpen),
            ScriptStep(answer: .opened),
        ])
    }

    func testNotJSONIsAnInvalidJSONError() {
        XCTAssertThrowsError(try SurfaceScript(json: #"[{"choose": "#)) { error in
            guard case ModalError.invalidJSON(let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.hasPrefix("script: "), reason)
        }
    }

    func testUnknownKeyNamesTheStepAndTheKnownKeys() {
        XCTAssertMalformed(#"[{"choose": 0}, {"chose": "OK"}]"#,
                           #"step 2: unknown key "chose"; a step takes afterMilliseconds, cancel, choose, comment, expect, fields, files, handedOff, opened, select, stayOpen, type"#)
    }

    func testTwoAnswersInOneStepAreRefused() {
        XCTAssertMalformed(#"[{"choose": 0, "select": [1]}]"#, "step 1: choose and select cannot be combined; a step gives one answer")
        XCTAssertMalformed(#"[{"choose": 0}, {"cancel": true, "stayOpen": true}]"#, "step 2: cancel and stayOpen cannot be combined; a step gives one answer")
    }

    func testAStepWithoutAnswerIsRefused() {
        XCTAssertMalformed(#"[{"expect": {"title": "x"}}]"#, "step 1: no answer; give one of choose, cancel, select, opened, files, handedOff, stayOpen")
    }

    func testTypeAndFieldsNeedAnActionAndNotEachOther() {
        XCTAssertMalformed(#"[{"type": ["x"], "select": [0]}]"#, "step 1: type goes with choose or cancel (the action that ends the dialog), not with select")
        XCTAssertMalformed(#"[{"fields": {"a": "b"}, "opened": true}]"#, "step 1: fields goes with choose or cancel (the action that ends the form), not with opened")
        XCTAssertMalformed(#"[{"type": ["x"], "fields": {"a": "b"}, "choose": 0}]"#,
                           "step 1: type and fields cannot be combined: type fills a dialog's text fields, fields fill a form's")
    }

    func testWrongValueTypesAreRefused() {
        XCTAssertMalformed(#"[{"choose": -1}]"#, "step 1: choose must be an action title or a non-negative index, got -1")
        XCTAssertMalformed(#"[{"choose": true}]"#, "step 1: choose must be an action title or a non-negative index, got true")
        XCTAssertMalformed(#"[{"select": 1}]"#, "step 1: select must be an array of non-negative item indices, got 1")
        XCTAssertMalformed(#"[{"select": [0, "b"]}]"#, #"step 1: select must be an array of non-negative item indices, got [0,"b"]"#)
        XCTAssertMalformed(#"[{"type": "x", "choose": 0}]"#, #"step 1: type must be an array of strings, got "x""#)
        XCTAssertMalformed(#"[{"fields": {"to": 3}, "choose": 0}]"#, "step 1: fields.to must be a string or an array of strings, got 3")
        XCTAssertMalformed(#"[{"cancel": false}]"#, "step 1: cancel must be true, got false")
        XCTAssertMalformed(#"[{"stayOpen": "yes"}]"#, #"step 1: stayOpen must be true, got "yes""#)
        XCTAssertMalformed(#"[{"choose": 0, "afterMilliseconds": -5}]"#, "step 1: afterMilliseconds must be a non-negative int, got -5")
        XCTAssertMalformed(#"[{"choose": 0, "expect": "dialog"}]"#, "step 1: expect must be an object of spec keys and values, got string")
        XCTAssertMalformed(#"[{"choose": 0}, "cancel"]"#, "step 2: expected an object, got string")
    }

    /// A delay is for pacing a scripted flow, not for waiting forever.
    func testADelayAboveOneHourIsRefusedWithItsStepNumber() throws {
        XCTAssertMalformed(#"[{"choose": 0}, {"choose": 0, "afterMilliseconds": 9223372036854775807}]"#,
                           "step 2: afterMilliseconds must be at most 3600000 (one hour), got 9223372036854775807")
        XCTAssertMalformed(#"[{"choose": 0, "afterMilliseconds": 3600001}]"#,
                           "step 1: afterMilliseconds must be at most 3600000 (one hour), got 3600001")
        let longest = try SurfaceScript(json: #"[{"choose": 0, "afterMilliseconds": 3600000}]"#)
        XCTAssertEqual(longest.steps.first?.afterMilliseconds, 3_600_000)
    }

    func testTheTopLevelMustBeStepsOrAnObjectOfSteps() {
        XCTAssertMalformed(#""cancel""#, "expected an array of steps or an object {\"steps\": [...]}, got string")
        XCTAssertMalformed(#"{"step": []}"#, #"unknown key "step"; a script object takes "steps" (and "comment")"#)
        XCTAssertMalformed(#"{"steps": {}}"#, #""steps" must be an array of steps"#)
        XCTAssertEqual(try SurfaceScript(json: "[]").steps, [])
    }

    func testAMalformedScriptNeverBecomesASurface() {
        XCTAssertThrowsError(try ScriptedSurface(json: #"[{"choose": 0, "select": [0]}]"#))
    }
}
