import XCTest
import Foundation
@testable import RxModalCommandLine

/// A media-library answer is remembered: a denial says how to undo it, and
/// `rxmodal reset-authorization` undoes it so that the next opening asks again.
final class CommandLineAuthorizationTests: RxTestCase {
    private func environment(_ scratch: ScratchDirectory, script: String) -> [String: String] {
        ["RXMODAL_SCRIPT": script, "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/config",
         "XDG_CACHE_HOME": scratch.path + "/cache"]
    }

    private func answers(_ scratch: ScratchDirectory) -> String? {
        try? String(contentsOfFile: scratch.path + "/config/rxmodal/media-library-authorization", encoding: .utf8)
    }

    func testADenialNamesTheResetCommandWhichMakesTheNextOpeningAskAgain() throws {
        let scratch = try ScratchDirectory(for: self)
        try FileManager.default.createDirectory(atPath: scratch.path + "/music", withIntermediateDirectories: true)
        let picker = ["mediaPicker", "--library-roots", scratch.path + "/music"]
        // "Don’t Allow" is the prompt's cancel action.
        let denied = try RxmodalCommand.run(picker, environment: environment(scratch, script: #"[{"cancel": true}]"#))
        XCTAssertEqual(denied.status, 4, denied.stderr)
        XCTAssertEqual(denied.stdout, "")
        XCTAssertEqual(denied.stderr, "rxmodal: mediaPicker: authorization denied for mediaPicker\n"
                       + "The answer is remembered; 'rxmodal reset-authorization mediaPicker' forgets it so that you are asked again.\n")
        // Remembered: the next opening is refused without a question (the empty script would fail any).
        let again = try RxmodalCommand.run(picker, environment: environment(scratch, script: "[]"))
        XCTAssertEqual(again.status, 4, again.stderr)

        let reset = try RxmodalCommand.run(["reset-authorization", "mediaPicker"], environment: environment(scratch, script: "[]"))
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertEqual(reset.stdout, "mediaPicker: forgot the answer “denied” for “rxmodal-cli”; it will be asked again\n")
        XCTAssertEqual(answers(scratch), "")

        // Asked again: "Allow", then the (empty) list is cancelled.
        let asked = try RxmodalCommand.run(picker, environment: environment(scratch, script: #"[{"choose": "Allow"}, {"cancel": true}]"#))
        XCTAssertEqual(asked.status, 1, asked.stderr)
        XCTAssertTrue(asked.stdout.hasPrefix(#"{"items":[]"#), asked.stdout)
        XCTAssertEqual(answers(scratch), "rxmodal-cli\tauthorized\n")
    }

    func testTheHintNamesTheApplicationTheAnswerWasGivenFor() throws {
        let scratch = try ScratchDirectory(for: self)
        let denied = try RxmodalCommand.run(["mediaPicker", "--application-identifier", "my app", "--library-roots", scratch.path],
                                            environment: environment(scratch, script: #"[{"cancel": true}]"#))
        XCTAssertEqual(denied.status, 4, denied.stderr)
        XCTAssertTrue(denied.stderr.hasSuffix("'rxmodal reset-authorization mediaPicker --application 'my app'' forgets it so that you are asked again.\n"),
                      denied.stderr)
        let reset = try RxmodalCommand.run(["reset-authorization", "--application", "my app", "--json"],
                                           environment: environment(scratch, script: "[]"))
        XCTAssertEqual(reset.status, 0, reset.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reset.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["kind"] as? String, "mediaPicker")
        XCTAssertEqual(document["reset"] as? [[String: String]], [["application": "my app", "was": "denied"]])
    }

    func testResettingWhatIsNotThereIsNotAnErrorAndAllForgetsEveryAnswer() throws {
        let scratch = try ScratchDirectory(for: self)
        let nothing = try RxmodalCommand.run(["reset-authorization"], environment: environment(scratch, script: "[]"))
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertEqual(nothing.stdout, "mediaPicker: no media-library answer is kept for “rxmodal-cli”; nothing to reset\n")
        for application in ["one", "two"] {
            let denied = try RxmodalCommand.run(["mediaPicker", "--application-identifier", application, "--library-roots", scratch.path],
                                                environment: environment(scratch, script: #"[{"cancel": true}]"#))
            XCTAssertEqual(denied.status, 4, denied.stderr)
        }
        let all = try RxmodalCommand.run(["reset-authorization", "--all"], environment: environment(scratch, script: "[]"))
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.stdout, "mediaPicker: forgot the answer “denied” for “one”; it will be asked again\n"
                       + "mediaPicker: forgot the answer “denied” for “two”; it will be asked again\n")
        XCTAssertEqual(answers(scratch), "")
    }

    func testAKindWithoutARememberedAnswerIsAUsageError() throws {
        let result = try RxmodalCommand.run(["reset-authorization", "mediaPickr"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "rxmodal: mediaPickr keeps no answer that rxmodal can reset; reset-authorization knows mediaPicker (did you mean mediaPicker?)\n"
                       + "Try 'rxmodal help reset-authorization'.\n")
        let both = try RxmodalCommand.run(["reset-authorization", "--all", "--application", "x"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("rxmodal: give one of --application ID and --all\n"), both.stderr)
    }
}
