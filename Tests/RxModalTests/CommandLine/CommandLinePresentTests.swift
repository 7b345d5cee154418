import XCTest
import Foundation

/// `rxmodal KIND [options]` run as a child process on a scripted surface:
/// the exact JSON document on standard output, the options turned into
/// configuration calls (seen in the transcript: what the surface showed), and
/// the transcript file itself.
final class CommandLinePresentTests: RxTestCase {
    func testTheSignInAlertPrintsTheChosenActionAndTheTypedTextsAsOneJSONDocument() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"type": ["ada@example.org", "correct horse"], "choose": "Sign In"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(
            ["alert", "--title", "Sign in", "--message", "Please sign in",
             "--text-field", "email:E-mail", "--text-field", "password:Password",
             "--action", "cancel:Cancel", "--action", "default:Sign In",
             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout,
                       #"{"action":1,"style":"default","textFields":["ada@example.org","correct horse"],"title":"Sign In"}"# + "\n")
        XCTAssertEqual(result.stderr, "")

        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        XCTAssertEqual(transcript.count, 1)
        let spec = try XCTUnwrap(transcript[ifPresent: 0]?["spec"] as? [String: Any])
        XCTAssertEqual(spec["title"] as? String, "Sign in")
        XCTAssertEqual(spec["message"] as? String, "Please sign in")
        let fields = try XCTUnwrap(spec["textFields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["kind"] as? String }, ["email", "password"])
        XCTAssertEqual(fields.map { $0["placeholder"] as? String }, ["E-mail", "Password"])
        let actions = try XCTUnwrap(spec["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["title"] as? String }, ["Cancel", "Sign In"])
        XCTAssertEqual(actions.map { $0["style"] as? String }, ["cancel", "default"])
        // The password never reaches the transcript file; the dialog was dismissed once.
        let answered = try XCTUnwrap(transcript[ifPresent: 0]?["result"] as? [String: Any])
        XCTAssertEqual(answered["textFields"] as? [String], ["ada@example.org", "(hidden)"])
        XCTAssertEqual(transcript[ifPresent: 0]?["dismissals"] as? Int, 1)
    }

    func testCallReachesEveryMethodByNameWithTextArgumentsReadByItsSignature() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": "Two"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(
            ["alert", "--call", "setTitle", "Hi", "--call", "addAction", "One", "default",
             "--call", "addAction", "Two", "destructive", "--call", "setActionEnabled", "0", "no",
             "--call", "setPreferredAction", "1",
             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":1,"style":"destructive","textFields":[],"title":"Two"}"# + "\n")
        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        let spec = try XCTUnwrap(transcript.first?["spec"] as? [String: Any])
        XCTAssertEqual(spec["title"] as? String, "Hi")
        let actions = try XCTUnwrap(spec["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["enabled"] as? Bool }, [false, true])
        XCTAssertEqual(actions.map { $0["preferred"] as? Bool }, [false, true])
    }

    func testGeneratedFlagsCallTheMethodTheyAreNamedAfter() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": "Go"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(
            ["actionSheet", "--title", "Contact us", "--source", "contactUsButton",
             "--add-action", "Go", "default", "--add-action", "Back", "cancel", "--preferred-action=0",
             "--actions", #"[{"title": "Go", "style": "default"}, {"title": "Stop", "style": "cancel", "enabled": false}]"#,
             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"Go"}"# + "\n")
        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        let spec = try XCTUnwrap(transcript.first?["spec"] as? [String: Any])
        XCTAssertEqual(spec["title"] as? String, "Contact us")
        XCTAssertEqual(spec["source"] as? String, "contactUsButton")
        let actions = try XCTUnwrap(spec["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["title"] as? String }, ["Go", "Stop"])
        XCTAssertEqual(actions.map { $0["enabled"] as? Bool }, [true, false])
    }

    func testShortcutsDefaultTheirStyleAndKindAndKeepColonsInTitles() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": 0}]"#, to: "script.json")
        let result = try RxmodalCommand.run(
            ["alert", "--action", "Note: ok", "--action", "destructive:Delete",
             "--text-field", "Name", "--text-field", "phone:Phone:+33 1", "--text-field", "password:",
             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":["","+33 1",""],"title":"Note: ok"}"# + "\n")
        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        let spec = try XCTUnwrap(transcript.first?["spec"] as? [String: Any])
        let actions = try XCTUnwrap(spec["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["title"] as? String }, ["Note: ok", "Delete"])
        XCTAssertEqual(actions.map { $0["style"] as? String }, ["default", "destructive"])
        let fields = try XCTUnwrap(spec["textFields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["kind"] as? String }, ["plain", "phone", "password"])
        XCTAssertEqual(fields.map { $0["placeholder"] as? String }, ["Name", "Phone", ""])
        XCTAssertEqual(fields.map { $0["text"] as? String }, ["", "+33 1", ""])
    }

    func testTheConfirmationKindWrittenInSwiftIsPresentedLikeAPlugin() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"expect": {"message": "Delete 3 drafts?"}, "choose": "Delete"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(
            ["confirmation", "--message", "Delete 3 drafts?", "--confirm-title", "Delete", "--destructive",
             "--surface", "script:script.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"confirmed":true}"# + "\n")
    }

    func testTheScriptInTheEnvironmentIsTheDefaultSurfaceAndItsTranscriptCanBeWritten() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(
            ["alert", "--title", "From the environment", "--action", "OK", "--transcript", "shown.json"],
            environment: ["RXMODAL_SCRIPT": #"[{"choose": "OK"}]"#], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK"}"# + "\n")
        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        XCTAssertEqual((transcript.first?["spec"] as? [String: Any])?["title"] as? String, "From the environment")
    }

    func testTheJSONKeepsEveryCharacterAndEscapesThoseATerminalWouldObey() throws {
        let title = "OK\u{1B}]0;x\u{07}\u{7F}\u{9B}2J\u{202E}\u{2067}é日本"
        let result = try RxmodalCommand.run(["alert", "--action", title], environment: ["RXMODAL_SCRIPT": #"[{"choose": 0}]"#])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK\u001b]0;x\u0007\u007f\u009b2J\u202e\u2067é日本"}"# + "\n")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["title"] as? String, title)
    }

    func testWithoutAControllingTerminalTheTerminalSurfaceInLineModeIsDrivenThroughAPipe() throws {
        // --surface terminal in a process with no terminal at all: numbered
        // actions on standard error, the answer read from standard input.
        let result = try RxmodalCommand.run(["alert", "--title", "Piped", "--action", "cancel:Cancel", "--action", "Go",
                                             "--surface", "terminal"], input: "2\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":1,"style":"default","textFields":[],"title":"Go"}"# + "\n")
        XCTAssertTrue(result.stderr.contains("Piped"), result.stderr)
    }
}
