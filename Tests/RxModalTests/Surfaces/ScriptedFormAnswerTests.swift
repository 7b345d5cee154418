import XCTest
import RxModal

/// A form answered by each answer form: {"action": i, "fields": {name: s or [s]}}.
final class ScriptedFormAnswerTests: RxTestCase {
    func testChooseWithFieldsReturnsEveryFieldWithScriptedOrSpecifiedValues() throws {
        let surface = try ScriptedSurface(json: #"[{"fields": {"subject": "Hi", "to": ["x@y.z", "a@b.c"]}, "choose": "Send"}]"#)
        XCTAssertEqual(try surface.answer(Specs.mail), .success([
            "action": 1,
            "fields": ["to": ["x@y.z", "a@b.c"], "subject": "Hi", "body": "Hello", "from": "me@b.c", "files": []],
        ]))
    }

    func testASingleStringForAListFieldBecomesAOneElementList() throws {
        let surface = try ScriptedSurface(json: #"[{"fields": {"files": "/tmp/a.pdf"}, "choose": 1}]"#)
        let result = try surface.answer(Specs.mail).get()
        XCTAssertEqual(result["fields"]?["files"], ["/tmp/a.pdf"])
    }

    func testCancelKeepsWhatWasTyped() throws {
        let surface = try ScriptedSurface(json: #"[{"fields": {"body": "draft"}, "cancel": true}]"#)
        let result = try surface.answer(Specs.mail).get()
        XCTAssertEqual(result["action"], 0)
        XCTAssertEqual(result["fields"]?["body"], "draft")
    }

    func testReadOnlyAndUnknownFieldsCannotBeFilled() throws {
        let surface = try ScriptedSurface(json: #"[{"fields": {"from": "x"}, "choose": 1}, {"fields": {"cc": "x"}, "choose": 1}]"#)
        XCTAssertEqual(try surface.answer(Specs.mail), .failure(.scriptMismatch(step: 1, reason: #"field "from" is read-only"#)))
        XCTAssertMismatch(try surface.answer(Specs.mail), step: 2, containing: #"no field named "cc"; fields: "to", "subject", "body", "from", "files""#)
    }

    func testAListForASingleLineFieldIsAMismatch() throws {
        let surface = try ScriptedSurface(json: #"[{"fields": {"subject": ["a", "b"]}, "choose": 1}]"#)
        XCTAssertMismatch(try surface.answer(Specs.mail), step: 1, containing: "takes a string, the script gives a list")
    }

    func testTypeDoesNotFillAForm() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["x"], "choose": 1}]"#)
        XCTAssertMismatch(try surface.answer(Specs.mail), step: 1, containing: "a form takes fields")
    }
}
