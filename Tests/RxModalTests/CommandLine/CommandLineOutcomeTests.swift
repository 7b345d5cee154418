import XCTest
import Foundation
@testable import RxModalCommandLine

/// What a shell script sees: a dialog with no action still answers, a typo in a
/// style is refused, a colon can be written, a cancelled picker and a failed
/// send are told apart from success by the exit status.
final class CommandLineOutcomeTests: RxTestCase {
    private func scripted(_ script: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["RXMODAL_SCRIPT": script].merging(extra) { $1 }
    }

    func testAnAlertWithoutActionsGetsOneOK() throws {
        let result = try RxmodalCommand.run(["alert", "--title", "Done"], environment: scripted(#"[{"choose": "OK"}]"#))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK"}"# + "\n")
    }

    func testAnUnknownActionStyleIsAUsageErrorNamingTheStyles() throws {
        let result = try RxmodalCommand.run(["alert", "--title", "x", "--action", "destructve:Delete"],
                                            environment: scripted(#"[{"choose": 0}]"#))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("unknown action style “destructve”; the action styles are cancel, default, destructive"), result.stderr)
    }

    func testAColonIsWrittenWithABackslashAndOtherTextBeforeAColonStaysInTheTitle() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(["alert", "--title", "x", "--action", "Note: ok", "--action", #"cancel:Later\: maybe"#,
                                             "--text-field", #"Time (hh\:mm):12:30"#, "--transcript", "t.json"],
                                            environment: scripted(#"[{"choose": 1}]"#), in: scratch.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains(#""title":"Later: maybe""#), result.stdout)
        XCTAssertTrue(result.stdout.contains(#""textFields":["12:30"]"#), result.stdout)
        let transcript = try String(contentsOfFile: scratch.path + "/t.json", encoding: .utf8)
        XCTAssertTrue(transcript.contains(#""title" : "Note: ok""#) || transcript.contains(#""title":"Note: ok""#), transcript)
        XCTAssertTrue(transcript.contains("Time (hh:mm)"), transcript)
    }

    /// Values are checked before a surface is looked for: without a terminal
    /// or a script, a bad value is still a usage error, not "no surface".
    func testABadValueIsAUsageErrorEvenWithoutASurface() throws {
        for arguments in [["photoPicker", "--selection-limit", "-3"], ["alert", "--title", "x", "--preferred-action", "9"]] {
            let result = try RxmodalCommand.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(arguments[arguments.count - 2]), result.stderr)
        }
        let preferred = try RxmodalCommand.run(["alert", "--title", "x", "--preferred-action", "0"],
                                               environment: scripted(#"[{"choose": "OK"}]"#))
        XCTAssertEqual(preferred.status, 0, "the default OK action comes first: \(preferred.stderr)")
    }

    func testACancelledPickerExitsOne() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(["photoPicker"], environment: scripted(#"[{"cancel": true}]"#, [
            "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/config", "XDG_CACHE_HOME": scratch.path + "/cache"]))
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix(#"{"results":[]"#), result.stdout)
        // The media picker's list is "items": cancelled too, after access is allowed.
        let media = try RxmodalCommand.run(["mediaPicker"], environment: scripted(#"[{"choose": "Allow"}, {"cancel": true}]"#, [
            "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/config", "XDG_CACHE_HOME": scratch.path + "/cache"]))
        XCTAssertEqual(media.status, 1, media.stdout + media.stderr)
        XCTAssertTrue(media.stdout.hasPrefix(#"{"items":[]"#), media.stdout)
    }

    func testAFailedSendExitsSixAndStillPrintsWhereTheDraftWent() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(["mailComposer", "--to-recipients", "ada@example.org", "--subject", "Hi"],
                                            environment: scripted(#"[{"choose": "Send"}]"#, [
                                                "RXMODAL_SENDMAIL": "/bin/false", "RXMODAL_MAIL_FROM": "me@example.org",
                                                "HOME": scratch.path, "XDG_DATA_HOME": scratch.path + "/data"]))
        XCTAssertEqual(result.status, 6, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains(#""result":"failed""#), result.stdout)
        XCTAssertTrue(result.stdout.contains(#""draftPath":""#), result.stdout)
    }

    /// A shell script wants the file's path, not a percent-encoded URL it would have to decode.
    func testAPickedPhotoCarriesItsPlainPathBesideItsURL() throws {
        let scratch = try ScratchDirectory(for: self)
        let pictures = scratch.path + "/My Pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let file = pictures + "/été 100%.png"
        try DemoMediaFiles.png(width: 4, height: 3, red: 200, green: 10, blue: 10).write(to: URL(fileURLWithPath: file))
        let result = try RxmodalCommand.run(["photoPicker", "--library-roots", pictures],
                                            environment: scripted(#"[{"select": [0]}]"#, [
                                                "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/config",
                                                "XDG_CACHE_HOME": scratch.path + "/cache"]))
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let picked = try XCTUnwrap((document["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(picked["path"] as? String, file)
        XCTAssertEqual(picked["url"] as? String, URL(fileURLWithPath: file).absoluteString)
        XCTAssertNotEqual(picked["url"] as? String, "file://" + file, "the URL is percent-encoded; the path is not")
    }
}
