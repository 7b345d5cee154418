import XCTest
import Foundation

/// Mistakes on the command line: each exits 2, prints nothing on standard
/// output, and says on standard error what was wrong and where help is.
final class CommandLineUsageTests: RxTestCase {
    private func assertUsageError(_ arguments: [String], environment: [String: String] = [:], says message: String,
                                  hint: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try RxmodalCommand.run(arguments, environment: environment, file: file, line: line)
        XCTAssertEqual(result.status, 2, "status for \(arguments)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr, "rxmodal: \(message)\n\(hint)\n", file: file, line: line)
    }

    func testNoCommand() throws {
        try assertUsageError([], says: "missing command: give a modal kind or one of list, describe, demo, doctor, reset-authorization, help",
                             hint: "Try 'rxmodal help'.")
    }

    func testUnknownKindListsTheKnownOnes() throws {
        let result = try RxmodalCommand.run(["mailComposr", "--title", "x"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: unknown modal kind “mailComposr” (did you mean mailComposer?); known kinds: "),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("actionSheet, alert, confirmation"), result.stderr)
    }

    func testTextFromOutsideIsShownVisiblyInMessages() throws {
        // A name pasted from somewhere, carrying a window-title sequence and a C1 CSI.
        let result = try RxmodalCommand.run(["mail\u{1B}]0;pwned\u{07}Composer\u{9B}2J"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: unknown modal kind “mail^[]0;pwned^GComposer<U+009B>2J”; known kinds: "),
                      result.stderr)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, result.stderr)
    }

    func testUnknownKindMentionsTheSkippedPluginThatWouldHaveProvidedIt() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(.abiMajor2, kind: "future", in: directory)
        let result = try RxmodalCommand.run(["future"], environment: ["RXMODAL_PLUGIN_PATH": directory])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("skipped plugins that may provide it:\n  \(directory)/librxmodal-future.so: plugin ABI major version 2, host expects 1"),
                      result.stderr)
    }

    func testUnknownMethodListsTheKindsMethods() throws {
        try assertUsageError(["alert", "--call", "setSubject", "Hi"],
                             says: "alert has no method “setSubject”; its methods: addAction, addTextField, setActionEnabled, setActions, setMessage, setPreferredAction, setTitle",
                             hint: "Try 'rxmodal help alert'.")
    }

    func testWrongArgumentTypeNamesTheArgument() throws {
        try assertUsageError(["alert", "--preferred-action", "first"],
                             says: "--preferred-action: setPreferredAction: argument 1 (index): “first” is not a decimal integer in the 64-bit range",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--call", "setActionEnabled", "0", "maybe"],
                             says: "--call setActionEnabled: setActionEnabled: argument 2 (enabled): “maybe” is not a boolean (true/false, yes/no, 1/0)",
                             hint: "Try 'rxmodal help alert'.")
        let notJSON = try RxmodalCommand.run(["alert", "--actions", "{not json"])
        XCTAssertEqual(notJSON.status, 2)
        XCTAssertTrue(notJSON.stderr.hasPrefix("rxmodal: --actions: setActions: argument 1 (actions): “{not json” is not JSON: "),
                      notJSON.stderr)
    }

    func testMissingValues() throws {
        try assertUsageError(["alert", "--title"], says: "--title needs 1 value (title), got 0", hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--add-action", "OK", "--title", "x"],
                             says: "--add-action needs 2 values (title, style), got 1 before --title; a value starting with -- must be given as --add-action=VALUE",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--call"], says: "--call needs a method name", hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--surface"], says: "--surface needs a value", hint: "Try 'rxmodal help alert'.")
    }

    func testBadCommonOptionValues() throws {
        try assertUsageError(["alert", "--timeout", "soon"], says: "--timeout needs a positive number of seconds, not “soon”",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--timeout", "0"], says: "--timeout needs a positive number of seconds, not “0”",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--surface", "window"], says: "--surface takes terminal, desktop, desktop:PARENT or script:FILE, not “window”",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "--action", "OK", "--transcript", "/tmp/x.json"],
                             says: "--transcript records what a scripted surface showed: give --surface script:FILE (or set RXMODAL_SCRIPT)",
                             hint: "Try 'rxmodal help alert'.")
        try assertUsageError(["alert", "stray"], says: "unexpected argument “stray”: options start with --",
                             hint: "Try 'rxmodal help alert'.")
    }

    func testAScriptThatCannotBeReadIsAUsageError() throws {
        let result = try RxmodalCommand.run(["alert", "--action", "OK", "--surface", "script:/nonexistent/script.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: --surface script:/nonexistent/script.json: "), result.stderr)
        let malformed = try RxmodalCommand.run(["alert", "--action", "OK"], environment: ["RXMODAL_SCRIPT": #"[{"choose": 1, "cancel": true}"#])
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.stderr.hasPrefix("rxmodal: RXMODAL_SCRIPT: "), malformed.stderr)
    }

    func testFixedCommandsRejectStrayArguments() throws {
        try assertUsageError(["list", "--long"], says: "list: unexpected argument “--long”", hint: "Try 'rxmodal help list'.")
        try assertUsageError(["describe"], says: "describe needs a kind: rxmodal describe KIND", hint: "Try 'rxmodal help describe'.")
        try assertUsageError(["describe", "alert", "actionSheet"], says: "describe: unexpected argument “actionSheet”",
                             hint: "Try 'rxmodal help describe'.")
        try assertUsageError(["demo", "--surface", "x"], says: "--surface takes terminal, desktop, desktop:PARENT or script:FILE, not “x”",
                             hint: "Try 'rxmodal help demo'.")
        try assertUsageError(["--verbose"], says: "unknown option --verbose; give a command or a modal kind first",
                             hint: "Try 'rxmodal help'.")
    }

    func testHelpForEveryCommandAndKindGoesToStandardOutput() throws {
        for (arguments, needle) in [(["help"], "Usage:\n  rxmodal list"), (["--help"], "Exit status:\n  0    a value"),
                                    (["list", "--help"], "Usage: rxmodal list"), (["help", "describe"], "Usage: rxmodal describe"),
                                    (["demo", "-h"], "Usage: rxmodal demo"), (["help", "help"], "Usage: rxmodal help"),
                                    (["alert", "--help"], "  --text-field [KIND:]PLACEHOLDER[:TEXT]  a text field"),
                                    (["help", "actionSheet"], "  --source SOURCE"),
                                    (["help", "confirmation"], "  --destructive [DESTRUCTIVE]")] {
            let result = try RxmodalCommand.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains(needle), "\(arguments) printed:\n\(result.stdout)")
            XCTAssertEqual(result.stderr, "")
        }
        let unknown = try RxmodalCommand.run(["help", "nothing"])
        XCTAssertEqual(unknown.status, 2)
    }

    func testAMisspeltOptionOrKindSuggestsTheNearestOne() throws {
        let option = try RxmodalCommand.run(["alert", "--titel", "Hi"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.hasPrefix("rxmodal: alert has no option --titel (did you mean --title?); its options: --action, "),
                      option.stderr)
        let common = try RxmodalCommand.run(["alert", "--timout", "3"])
        XCTAssertTrue(common.stderr.hasPrefix("rxmodal: alert has no option --timout (did you mean --timeout?)"), common.stderr)
        try assertUsageError(["list", "--verbos"], says: "list: unexpected argument “--verbos” (did you mean --verbose?)",
                             hint: "Try 'rxmodal help list'.")
        try assertUsageError(["--verison"], says: "unknown option --verison (did you mean --version?); give a command or a modal kind first",
                             hint: "Try 'rxmodal help'.")
        // Nothing close: no guess.
        let far = try RxmodalCommand.run(["alert", "--zzzzzz"])
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
    }

    func testHelpWinsOverAnyOtherArgumentEvenAWrongOne() throws {
        for (arguments, needle) in [(["alert", "--help", "--bogus"], "Usage: rxmodal alert"),
                                    (["alert", "--bogus", "--help"], "Usage: rxmodal alert"),
                                    (["alert", "--title", "-h", "--bogus"], "Usage: rxmodal alert"),
                                    (["list", "--long", "--help"], "Usage: rxmodal list"),
                                    (["describe", "alert", "extra", "-h"], "Usage: rxmodal describe"),
                                    (["demo", "--surface", "window", "--help"], "Usage: rxmodal demo")] {
            let result = try RxmodalCommand.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix(needle), "\(arguments) printed:\n\(result.stdout)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
        }
        // "-h" after an option that takes a value is that value, when the rest reads.
        let title = try RxmodalCommand.run(["alert", "--title", "-h", "--action", "OK"],
                                           environment: ["RXMODAL_SCRIPT": #"[{"expect": {"title": "-h"}, "choose": "OK"}]"#])
        XCTAssertEqual(title.status, 0, title.stderr)
        XCTAssertTrue(title.stdout.hasPrefix(#"{"action":0"#), title.stdout)
    }

    func testAnActionSheetOffersNoTextFieldOptionAndSaysWhyWhenOneIsGiven() throws {
        let help = try RxmodalCommand.run(["actionSheet", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("--action [STYLE:]TITLE"), help.stdout)
        XCTAssertFalse(help.stdout.contains("text-field"), help.stdout)
        XCTAssertFalse(help.stdout.contains("addTextField"), help.stdout)
        for option in ["--text-field", "--add-text-field"] {
            try assertUsageError(["actionSheet", option, "Name"],
                                 says: "actionSheet has no option \(option): an action sheet has no text fields (use an alert).",
                                 hint: "Try 'rxmodal help actionSheet'.")
        }
        // The method is still there, and still refuses, through --call.
        let called = try RxmodalCommand.run(["actionSheet", "--call", "addTextField", "plain", "Name", ""])
        XCTAssertEqual(called.status, 2)
        XCTAssertTrue(called.stderr.contains("an action sheet has no text fields"), called.stderr)
    }

    func testHelpSaysWhatRXMODAL_SCRIPTHolds() throws {
        for arguments in [["--help"], ["alert", "--help"]] {
            let result = try RxmodalCommand.run(arguments)
            XCTAssertTrue(result.stdout.contains("RXMODAL_SCRIPT   answer on the scripted (headless) surface"), result.stdout)
            XCTAssertTrue(result.stdout.contains("the JSON script itself"), result.stdout)
            XCTAssertTrue(result.stdout.contains("@FILE"), result.stdout)
        }
    }
}
