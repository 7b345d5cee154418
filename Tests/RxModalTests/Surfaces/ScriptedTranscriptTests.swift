import XCTest
import Dispatch
import Foundation
import RxModal
import RxCore

/// The transcript: everything shown, in order, with updates, answers,
/// dismissals and nesting.
final class ScriptedTranscriptTests: RxTestCase {
    func testAnEntryHoldsTheFullSpecTheAnswerAndTheDismissal() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["a@b.c"], "choose": "Sign In"}]"#)
        _ = try surface.answer(Specs.signIn)
        XCTAssertEqual(surface.transcript, [[
            "index": 0, "step": 1, "depth": 0, "primitive": "dialog",
            "spec": Specs.signInAsTranscribed, "updates": [],
            "result": ["action": 1, "textFields": ["a@b.c", "(hidden)"]],
            "shownAt": 1, "answeredAt": 2, "dismissed": true, "dismissedAt": 3, "dismissals": 1,
        ]])
    }

    func testPasswordsReachTheResultButNeverTheTranscript() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["a@b.c", "s3cret pass"], "choose": "Sign In"}]"#)
        XCTAssertEqual(try surface.answer(Specs.signIn).get(), ["action": 1, "textFields": ["a@b.c", "s3cret pass"]])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["result"], ["action": 1, "textFields": ["a@b.c", "(hidden)"]])
        XCTAssertFalse(surface.transcriptJSON.contains("s3cret"))
        XCTAssertFalse(surface.transcriptJSON.contains(#""old""#), "the password field's initial text is hidden too")
        XCTAssertTrue(surface.transcriptJSON.contains("a@b.c"), "other fields stay readable")
    }

    func testErrorsAreRecordedWithTheirMessage() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Nope"}]"#)
        _ = try surface.answer(Specs.permission)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["error"],
                       #"script step 1: no action titled "Nope"; actions: 0 "Don't Allow", 1 "Allow""#)
        XCTAssertNil(surface.transcript[ifPresent: 0]?["result"])
    }

    func testUpdatesAreRecordedInOrderAndTheSpecStaysAsFirstShown() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let presentation = try surface.show(spec: Specs.signIn, onResult: { _ in }, onError: { _ in })
        try surface.update(presentation, patch: ["title": "Signing in…"])
        try surface.update(presentation, patch: ["actions": [["title": "Cancel", "style": "cancel", "enabled": false]]])
        surface.dismiss(presentation)
        let entry = try XCTUnwrap(surface.transcript.first)
        XCTAssertEqual(entry["spec"], Specs.signInAsTranscribed)
        XCTAssertEqual(entry["updates"], [["title": "Signing in…"],
                                          ["actions": [["title": "Cancel", "style": "cancel", "enabled": false]]]])
        XCTAssertEqual(entry["dismissedAt"], 4)
    }

    /// An action of a dialog presents a form while the dialog is still up (as
    /// an alert action opens a mail composer); both are in the transcript, the
    /// form one level deeper with the dialog as its parent.
    func testNestedPresentationsAreRecordedWithDepthAndParent() throws {
        let surface = try ScriptedSurface(json: #"""
            [{"expect": {"title": "Share"}, "choose": "Mail"},
             {"expect": {"primitive": "form"}, "fields": {"subject": "Hi"}, "choose": "Send"},
             {"choose": "Allow"}]
            """#)
        let finished = DispatchSemaphore(value: 0)
        let parent = PresentationHolder()
        let child = PresentationHolder()
        parent.presentation = try surface.show(spec: Specs.share, onResult: { _ in
            do {
                child.presentation = try surface.show(spec: Specs.mail, onResult: { _ in
                    surface.dismiss(child.presentation!)
                    surface.dismiss(parent.presentation!)
                    finished.signal()
                }, onError: { _ in finished.signal() })
            } catch {
                finished.signal()
            }
        }, onError: { _ in finished.signal() })
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        _ = try surface.answer(Specs.permission)

        let transcript = surface.transcript
        XCTAssertEqual(transcript.map { $0["primitive"] }, ["dialog", "form", "prompt"])
        XCTAssertEqual(transcript.map { $0["depth"] }, [0, 1, 0])
        XCTAssertEqual(transcript.map { $0["parent"] }, [nil, 0, nil])
        XCTAssertEqual(transcript.map { $0["step"] }, [1, 2, 3])
        XCTAssertEqual(transcript[ifPresent: 1]?["result"]?["fields"]?["subject"], "Hi")
        // shown(dialog) < answered(dialog) < shown(form) < answered(form) < dismissed(form) < dismissed(dialog)
        let order = [transcript[ifPresent: 0]?["shownAt"], transcript[ifPresent: 0]?["answeredAt"], transcript[ifPresent: 1]?["shownAt"],
                     transcript[ifPresent: 1]?["answeredAt"], transcript[ifPresent: 1]?["dismissedAt"], transcript[ifPresent: 0]?["dismissedAt"]]
        XCTAssertEqual(order, [1, 2, 3, 4, 5, 6])
    }

    func testTranscriptJSONReadsBackAsTheTranscript() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [0]}, {"opened": true}]"#)
        _ = try surface.answer(Specs.file)
        _ = try surface.answer(Specs.browser)
        XCTAssertEqual(try ModalValue(json: surface.transcriptJSON), .array(surface.transcript))
        XCTAssertTrue(surface.transcriptJSON.hasPrefix(#"[{"answeredAt":2,"#), surface.transcriptJSON)
    }

    func testTheTranscriptCanBeWrittenToAFile() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        _ = try surface.answer(Specs.photos)
        let path = NSTemporaryDirectory() + "rxmodal-transcript-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try surface.writeTranscript(to: path)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(try ModalValue(json: written), .array(surface.transcript))
        XCTAssertThrowsError(try surface.writeTranscript(to: "/nonexistent/dir/t.json")) { error in
            guard case ModalError.invalidArgument("writeTranscript", _) = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testAPresentationNeverDismissedShowsInTheTranscriptAndInTheResourceCount() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let before = Resources.total
        let presentation = try surface.show(spec: Specs.share, onResult: { _ in }, onError: { _ in })
        XCTAssertEqual(Resources.total, before + 1)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissed"], false)
        surface.dismiss(presentation)
        XCTAssertEqual(Resources.total, before)
    }
}
