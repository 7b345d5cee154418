import Foundation
import XCTest

/// The ways a kind takes to the desktop's own dialogs, seen from the command on a
/// scripted surface (which answers a file chooser and a mail client hand-off as a
/// person would) and on the terminal (which has neither).
final class CommandLineDesktopWaysTests: RxTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-ways-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestPictures.drawPNG(at: folder + "/first.png")
        try TestPictures.drawPNG(at: folder + "/second.png", width: 32, height: 32)
        try "not a picture\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    private func environment(script: String, extra: [String: String] = [:]) -> [String: String] {
        ["RXMODAL_SCRIPT": script, "XDG_CACHE_HOME": folder + "/cache", "SNAP": ""].merging(extra) { $1 }
    }

    func testTheFileChooserAnswerIsCheckedAgainstTheFilterAndTheLimitInTheOrderPicked() throws {
        let script = """
            [{"expect": {"primitive": "files", "multiple": true, "mimeTypes": ["image/*"]},
              "files": ["\(folder)/notes.txt", "\(folder)/second.png", "\(folder)/missing.png", "\(folder)/first.png", "\(folder)/first.png"]}]
            """
        let run = try RxmodalCommand.run(["photoPicker", "--source", "fileChooser", "--selection-limit", "2", "--filter", #""images""#],
                                         environment: environment(script: script))
        XCTAssertEqual(run.status, 0, run.stderr)
        let result = try json(run.stdout)
        XCTAssertEqual(result["source"] as? String, "fileChooser")
        let picked = try XCTUnwrap(result["results"] as? [[String: Any]])
        XCTAssertEqual(picked.map { $0["path"] as? String }, [folder + "/second.png", folder + "/first.png"], "in the order picked")
        XCTAssertEqual(picked.map { $0["pixelWidth"] as? Int }, [32, 64])
        XCTAssertEqual(result["skipped"] as? [String], [folder + "/notes.txt", folder + "/missing.png", folder + "/first.png"],
                       "no picture, unreadable, over the limit")
        let scan = try XCTUnwrap(result["scan"] as? [String: Any])
        XCTAssertEqual(scan["filesSeen"] as? Int, 5)
        XCTAssertEqual(scan["unreadableFiles"] as? Int, 1)
    }

    func testAutomaticTakesTheFileChooserInsideASandboxAndTheLibraryOutside() throws {
        let chooser = try RxmodalCommand.run(["photoPicker", "--add-library-root", folder],
                                             environment: environment(script: #"[{"expect": {"primitive": "files"}, "cancel": true}]"#,
                                                                      extra: ["SNAP": "/snap/photos/1"]))
        XCTAssertEqual(chooser.status, 1, "cancelled in the file chooser: \(chooser.stderr)")
        XCTAssertEqual(try json(chooser.stdout)["source"] as? String, "fileChooser")
        let library = try RxmodalCommand.run(["photoPicker", "--library-roots", folder],
                                             environment: environment(script: #"[{"expect": {"primitive": "choice"}, "select": [0]}]"#))
        XCTAssertEqual(library.status, 0, library.stderr)
        XCTAssertEqual(try json(library.stdout)["source"] as? String, "library")
    }

    func testInsideASandboxATerminalWithoutAFileChooserGetsTheLibrary() throws {
        // Line mode (no controlling terminal): the terminal refuses "files", and automatic falls back.
        let run = try RxmodalCommand.run(["photoPicker", "--library-roots", folder, "--surface", "terminal"],
                                         environment: ["SNAP": "/snap/photos/1", "XDG_CACHE_HOME": folder + "/cache"], input: "1\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try json(run.stdout)["source"] as? String, "library")
        XCTAssertTrue(run.stderr.contains("1) first.png") || run.stderr.contains("1) second.png"), run.stderr)
    }

    func testAFileChooserAskedForByNameIsNotReplacedByTheLibrary() throws {
        let run = try RxmodalCommand.run(["photoPicker", "--source", "fileChooser", "--surface", "terminal"],
                                         environment: ["XDG_CACHE_HOME": folder + "/cache"], input: "1\n")
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("the terminal surface has no file chooser"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testAScriptAnswersAFileChooserWithAbsolutePathsOnly() throws {
        let relative = try RxmodalCommand.run(["photoPicker", "--source", "fileChooser"],
                                              environment: environment(script: #"[{"files": ["beach.png"]}]"#))
        XCTAssertNotEqual(relative.status, 0)
        XCTAssertTrue(relative.stderr.contains("step 1: files must be an array of absolute paths"), relative.stderr)
        let twoForOne = try RxmodalCommand.run(["photoPicker", "--source", "fileChooser"],
                                               environment: environment(script: #"[{"files": ["/a.png", "/b.png"]}]"#))
        XCTAssertTrue(twoForOne.stderr.contains("a file chooser for one file takes exactly one path, the script gives 2"), twoForOne.stderr)
        let wrongAnswer = try RxmodalCommand.run(["alert", "--action", "OK"], environment: environment(script: #"[{"handedOff": true}]"#))
        XCTAssertTrue(wrongAnswer.stderr.contains("handedOff answers a composeEmail, not a dialog"), wrongAnswer.stderr)
    }

    func testAnUnknownSourceOrTransportIsRefusedByName() throws {
        let source = try RxmodalCommand.run(["photoPicker", "--source", "camera"], environment: environment(script: "[]"))
        XCTAssertTrue(source.stderr.contains("unknown source “camera”: use automatic, library, fileChooser"), source.stderr)
        let transport = try RxmodalCommand.run(["mailComposer", "--transport", "pigeon"], environment: environment(script: "[]"))
        XCTAssertTrue(transport.stderr.contains("expected sendmail or mailClient, got pigeon"), transport.stderr)
    }

    func testTheMailClientTransportHandsTheMessageOverWithoutAFormOfOurs() throws {
        // The HTML body goes as its text; the attachment's private folder is made at
        // present time, so it is checked in the transcript rather than expected.
        let script = #"[{"expect": {"primitive": "composeEmail", "to": ["ada@example.org"], "cc": [], "subject": "Plans", "body": "Bold plan"}, "handedOff": true}]"#
        let transcript = folder + "/transcript.json"
        let run = try RxmodalCommand.run(
            ["mailComposer", "--transport", "mailClient", "--to-recipients", "ada@example.org", "--subject", "Plans",
             "--message-body", "<p><b>Bold</b> plan</p>", "true", "--add-attachment-data", "hello", "text/plain", "../hello.txt",
             "--transcript", transcript],
            environment: environment(script: script))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, #"{"result":"sent","via":"mailClient"}"# + "\n")
        let steps = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: transcript))) as? [[String: Any]])
        let spec = try XCTUnwrap(steps.first?["spec"] as? [String: Any])
        let attachments = try XCTUnwrap(spec["attachments"] as? [String])
        XCTAssertEqual(attachments.count, 1)
        XCTAssertTrue(attachments[0].hasPrefix(folder + "/cache/rxmodal/outgoing-mail/"), attachments[0])
        XCTAssertTrue(attachments[0].hasSuffix("/hello.txt"), "the name without its folders: \(attachments[0])")
        XCTAssertEqual(try String(contentsOfFile: attachments[0], encoding: .utf8), "hello")
        let cancelled = try RxmodalCommand.run(["mailComposer", "--transport", "mailClient", "--to-recipients", "ada@example.org"],
                                               environment: environment(script: #"[{"cancel": true}]"#))
        XCTAssertEqual(cancelled.stdout, #"{"result":"cancelled"}"# + "\n")
    }

    func testTheTerminalCannotHandAMessageToAMailClient() throws {
        let run = try RxmodalCommand.run(["mailComposer", "--transport", "mailClient", "--to-recipients", "ada@example.org",
                                          "--surface", "terminal"], environment: [:], input: "")
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("the terminal surface cannot hand a message to a mail client"), run.stderr)
    }

    func testDescribeSaysWhichWayIsTakenHere() throws {
        let outside = try RxmodalCommand.run(["describe", "photoPicker"], environment: ["SNAP": ""])
        XCTAssertTrue(outside.stdout.contains("source automatic takes here: library (not in a Flatpak or Snap sandbox)"), outside.stdout)
        let inside = try RxmodalCommand.run(["describe", "photoPicker"], environment: ["SNAP": "/snap/photos/1"])
        XCTAssertTrue(inside.stdout.contains("source automatic takes here: fileChooser"), inside.stdout)
        let browser = try RxmodalCommand.run(["describe", "webAuthenticationSession"], environment: ["BROWSER": "firefox:chromium"])
        XCTAssertTrue(browser.stdout.contains("browser here: firefox ($BROWSER)"), browser.stdout)
    }
}
