import XCTest
import Foundation
import Glibc

/// Every exit status of `rxmodal` (docs/guides/CommandLine.md), from a real
/// child process: the status, what reached standard output (one document, or
/// nothing), and the message on standard error.
final class CommandLineExitStatusTests: RxTestCase {
    func testZeroForAValue() throws {
        let result = try RxmodalCommand.run(["alert", "--action", "OK"], environment: ["RXMODAL_SCRIPT": #"[{"choose": "OK"}]"#])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK"}"# + "\n")
    }

    func testOneForTheCancelActionWithTheResultStillPrinted() throws {
        let result = try RxmodalCommand.run(["alert", "--text-field", "Name", "--action", "cancel:Cancel", "--action", "OK"],
                                            environment: ["RXMODAL_SCRIPT": #"[{"type": ["Ada"], "cancel": true}]"#])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"cancel","textFields":["Ada"],"title":"Cancel"}"# + "\n")
    }

    func testOneWhenTheConfirmationIsDeclined() throws {
        let result = try RxmodalCommand.run(["confirmation", "--message", "Sure?"],
                                            environment: ["RXMODAL_SCRIPT": #"[{"choose": "Cancel"}]"#])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, #"{"confirmed":false}"# + "\n")
    }

    func testTwoForUsageErrorsWithNothingOnStandardOutput() throws {
        let result = try RxmodalCommand.run(["alert", "--no-such-option"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: alert has no option --no-such-option; its options: --action, --text-field, --title"),
                      result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("Try 'rxmodal help alert'.\n"), result.stderr)
    }

    func testTwoWhenThePluginRefusesAnOptionBeforeAnythingIsShown() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": "OK"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(["alert", "--action", "cancel:No", "--action", "cancel:Nope",
                                             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("--action cancel:Nope: addAction: a dialog has at most one cancel action"), result.stderr)
        // The options are checked before a surface is made: nothing was shown,
        // so there is no transcript either.
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/shown.json"), "nothing may be shown")
    }

    func testThreeWhenThereIsNoSurface() throws {
        // Standard input is /dev/null and no script is given: nothing can show it.
        let result = try RxmodalCommand.run(["alert", "--action", "OK"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "rxmodal: alert: no surface to present on: no controlling terminal, no display (WAYLAND_DISPLAY or DISPLAY), and no RXMODAL_SCRIPT given\n")
    }

    func testThreeWhenAThirdPartyKindsPreconditionFails() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "testgood", in: directory)
        let result = try RxmodalCommand.run(["testgood", "--count", "-1"],
                                            environment: ["RXMODAL_PLUGIN_PATH": directory, "RXMODAL_SCRIPT": "[]"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "rxmodal: testgood: testgood is not supported here: count -1 is negative\n")
    }

    func testFourWhenAuthorizationIsDenied() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(.withAuthorization, kind: "guarded", in: directory)
        // The fixture authorizes a positive count and denies the rest.
        let result = try RxmodalCommand.run(["guarded", "--title", "Hi", "--count", "0"],
                                            environment: ["RXMODAL_PLUGIN_PATH": directory, "RXMODAL_SCRIPT": "[]"])
        XCTAssertEqual(result.status, 4)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "rxmodal: guarded: authorization denied for guarded\n")
    }

    func testFiveWhenTheTimeoutElapsesAndTheModalIsDismissed() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"stayOpen": true}]"#, to: "script.json")
        let result = try RxmodalCommand.run(["alert", "--action", "OK", "--timeout", "0.3",
                                             "--surface", "script:script.json", "--transcript", "shown.json"], in: scratch.path)
        XCTAssertEqual(result.status, 5)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "rxmodal: alert timed out after 0.3 s; dismissed\n")
        let transcript = try XCTUnwrap(scratch.json("shown.json") as? [[String: Any]])
        XCTAssertEqual(transcript.first?["dismissals"] as? Int, 1)
        XCTAssertNil(transcript.first?["result"])
    }

    func testAnAnswerBeforeTheTimeoutWins() throws {
        let result = try RxmodalCommand.run(["alert", "--action", "OK", "--timeout", "20"],
                                            environment: ["RXMODAL_SCRIPT": #"[{"choose": "OK", "afterMilliseconds": 100}]"#])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK"}"# + "\n")
    }

    func testSixForOtherErrorsSuchAsAScriptThatDoesNotMatch() throws {
        let result = try RxmodalCommand.run(["alert", "--action", "OK"],
                                            environment: ["RXMODAL_SCRIPT": #"[{"choose": "Sign In"}]"#])
        XCTAssertEqual(result.status, 6)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "rxmodal: alert: script step 1: no action titled \"Sign In\"; actions: 0 \"OK\"\n")
    }

    func testSixWhenAThirdPartyPluginFailsItsPrecondition() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "testgood", in: directory)
        let result = try RxmodalCommand.run(["testgood", "--count", "13"],
                                            environment: ["RXMODAL_PLUGIN_PATH": directory, "RXMODAL_SCRIPT": "[]"])
        XCTAssertEqual(result.status, 6)
        XCTAssertEqual(result.stderr, "rxmodal: testgood: input/output failed: thirteen is unlucky\n")
    }

    func testCtrlCEndsTheProcessBySIGINTWithNothingOnStandardOutput() throws {
        // Outside raw mode SIGINT keeps its default action: the process dies of
        // it, which a shell reports as 130. (The terminal case is in
        // CommandLineTerminalTests.)
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"stayOpen": true}]"#, to: "script.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try RxmodalCommand.executablePath())
        process.arguments = ["alert", "--action", "OK", "--surface", "script:script.json"]
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        process.environment = RxmodalCommand.environment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        usleep(500_000)   // let it show the alert; a signal before that ends it the same way
        kill(process.processIdentifier, SIGINT)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGINT)
        XCTAssertEqual(stdout.count, 0)
    }
}
