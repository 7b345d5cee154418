import XCTest
import RxModal

final class SurfaceSpecValidationTests: RxTestCase {
    func testEveryPrimitiveOfTheHeaderIsAccepted() throws {
        XCTAssertEqual(try SurfaceSpec.validate(Specs.signIn), .dialog)
        XCTAssertEqual(try SurfaceSpec.validate(Specs.share), .dialog)
        XCTAssertEqual(try SurfaceSpec.validate(Specs.photos), .choice)
        XCTAssertEqual(try SurfaceSpec.validate(Specs.mail), .form)
        XCTAssertEqual(try SurfaceSpec.validate(Specs.browser), .openURL)
        XCTAssertEqual(try SurfaceSpec.validate(Specs.permission), .prompt)
    }

    func testMissingActionsIsReportedWithItsPath() {
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "dialog", "style": "alert", "title": "Hi"]),
                                 method: "show", reason: "spec.actions: missing (an array is required)")
    }

    func testDialogWithNoActionsIsRefused() {
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "dialog", "style": "alert", "actions": []]),
                                 method: "show", reason: "spec.actions: a dialog needs at least one action")
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "prompt", "title": "T", "actions": []]),
                                 method: "show", reason: "spec.actions: a prompt needs at least one action")
    }

    func testUnknownOrMissingPrimitiveIsRefused() {
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "toast"]), method: "show",
                                 reason: #"spec.primitive: unknown primitive "toast"; expected one of "dialog", "choice", "form", "openURL", "prompt", "progress", "files", "composeEmail""#)
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["title": "x"]), method: "show",
                                 reason: #"spec.primitive: missing (one of "dialog", "choice", "form", "openURL", "prompt", "progress", "files", "composeEmail")"#)
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": 3]), method: "show",
                                 reason: "spec.primitive: expected a string, got int")
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["dialog"]), method: "show",
                                 reason: "spec: expected an object, got array")
    }

    func testAFileChooserAndAMailHandOffAreChecked() {
        XCTAssertNoThrow(try SurfaceSpec.validate(["primitive": "files", "title": "Photos", "multiple": true, "mimeTypes": ["image/*"]]))
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "files", "mimeTypes": ["image/*", 3]]), method: "show",
                                 reason: "spec.mimeTypes[1]: expected a string, got int")
        XCTAssertNoThrow(try SurfaceSpec.validate(["primitive": "composeEmail", "to": ["a@b.c"], "attachments": ["/tmp/a.pdf"]]))
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "composeEmail", "attachments": ["a.pdf"]]), method: "show",
                                 reason: #"spec.attachments[0]: expected an absolute path, got "a.pdf""#)
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "composeEmail", "cc": "a@b.c"]), method: "show",
                                 reason: "spec.cc: expected an array, got string")
    }

    func testAFormFieldsErrorIsText() {
        var spec = Specs.mail.objectValue!
        var fields = spec["fields"]!.arrayValue!
        fields[0] = ["name": "to", "label": "To", "kind": "addresses", "error": 7]
        spec["fields"] = .array(fields)
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show", reason: "spec.fields[0].error: expected a string, got int")
    }

    func testWrongTypesAreReportedAtTheFirstProblem() {
        var spec = Specs.signIn.objectValue!
        spec["title"] = 42
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show", reason: "spec.title: expected a string, got int")

        spec = Specs.signIn.objectValue!
        spec["textFields"] = [["kind": "email"], ["kind": "url"]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: #"spec.textFields[1].kind: expected one of "plain", "email", "password", "phone", got "url""#)

        spec = Specs.signIn.objectValue!
        spec["actions"] = [["title": "OK", "style": "default", "enabled": "yes"]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: "spec.actions[0].enabled: expected a bool, got string")

        spec = Specs.signIn.objectValue!
        spec["actions"] = [["style": "default"]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: "spec.actions[0].title: missing (a string is required)")

        spec = Specs.signIn.objectValue!
        spec["style"] = nil
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: #"spec.style: missing (one of "alert", "actionSheet")"#)
    }

    func testChoiceLimitMustNotBeNegativeAndItemsNeedTitles() {
        var spec = Specs.photos.objectValue!
        spec["limit"] = -1
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: "spec.limit: must not be negative (0 means no limit), got -1")
        spec["limit"] = 1.5
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show", reason: "spec.limit: expected an int, got double")
        spec = Specs.photos.objectValue!
        spec["items"] = [["title": "a"], ["subtitle": "b"]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: "spec.items[1].title: missing (a string is required)")
    }

    func testFormFieldsNeedUniqueNamesAndStringValues() {
        var spec = Specs.mail.objectValue!
        spec["fields"] = [["name": "to", "label": "To", "kind": "addresses"], ["name": "to", "label": "Cc", "kind": "addresses"]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: #"spec.fields[1].name: duplicate field name "to" (also fields[0])"#)
        spec["fields"] = [["name": "n", "label": "N", "kind": "line", "value": 3]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(.object(spec)), method: "show",
                                 reason: "spec.fields[0].value: expected a string or an array of strings, got int")
    }

    func testOnlyOneCancelAndOnePreferredAction() {
        let twoCancels: ModalValue = ["primitive": "dialog", "style": "alert",
                                      "actions": [["title": "A", "style": "cancel"], ["title": "B", "style": "cancel"]]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(twoCancels), method: "show",
                                 reason: #"spec.actions[1].style: only one action may have style "cancel" (also actions[0])"#)
        let twoPreferred: ModalValue = ["primitive": "prompt", "title": "T",
                                        "actions": [["title": "A", "style": "default", "preferred": true],
                                                    ["title": "B", "style": "default", "preferred": true]]]
        XCTAssertInvalidArgument(try SurfaceSpec.validate(twoPreferred), method: "show",
                                 reason: "spec.actions[1].preferred: only one action may be preferred (also actions[0])")
    }

    func testOpenURLNeedsANonEmptyURL() {
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "openURL", "url": ""]), method: "show", reason: "spec.url: must not be empty")
        XCTAssertInvalidArgument(try SurfaceSpec.validate(["primitive": "openURL"]), method: "show", reason: "spec.url: missing (a string is required)")
    }

    func testUnknownKeysAreIgnoredAndNullOptionalsCountAsAbsent() throws {
        var spec = Specs.share.objectValue!
        spec["futureKey"] = ["anything": 1]
        spec["message"] = nil
        spec["title"] = .null
        XCTAssertEqual(try SurfaceSpec.validate(.object(spec)), .dialog)
    }

    func testPatchReplacesKnownKeysIgnoresOthersAndRemovesNulls() throws {
        let patched = try SurfaceSpec.applying(["title": "Signing in…", "message": nil, "color": "red",
                                                "actions": [["title": "Cancel", "style": "cancel", "enabled": false]]],
                                               to: Specs.signIn)
        XCTAssertEqual(patched["title"], "Signing in…")
        XCTAssertNil(patched["message"])
        XCTAssertNil(patched["color"])
        XCTAssertEqual(patched["actions"], [["title": "Cancel", "style": "cancel", "enabled": false]])
        XCTAssertEqual(patched["textFields"], Specs.signIn["textFields"])
    }

    func testInvalidPatchesAreReportedUnderPatch() {
        XCTAssertInvalidArgument(try SurfaceSpec.applying(["actions": []], to: Specs.signIn), method: "update",
                                 reason: "patch.actions: a dialog needs at least one action")
        XCTAssertInvalidArgument(try SurfaceSpec.applying(["primitive": "choice"], to: Specs.signIn), method: "update",
                                 reason: #"patch.primitive: a shown dialog cannot become "choice""#)
        XCTAssertInvalidArgument(try SurfaceSpec.applying("title", to: Specs.signIn), method: "update",
                                 reason: "patch: expected an object, got string")
        XCTAssertInvalidArgument(try SurfaceSpec.applying(["limit": -2], to: Specs.photos), method: "update",
                                 reason: "patch.limit: must not be negative (0 means no limit), got -2")
    }
}
