import XCTest
import RxModal
@testable import RxModalCommandLine

/// The argument parsing written for `rxmodal` (no outside package): the
/// command level, option tokens, flag names, shortcut values, and how
/// outcomes become exit statuses.
final class CommandParserTests: RxTestCase {
    func testCommands() throws {
        XCTAssertEqual(try CommandParser.parse(["list"]), .list(verbose: false, json: false))
        XCTAssertEqual(try CommandParser.parse(["list", "-v", "--json"]), .list(verbose: true, json: true))
        XCTAssertEqual(try CommandParser.parse(["describe", "--json", "alert"]), .describe(kind: "alert", json: true))
        XCTAssertEqual(try CommandParser.parse(["help"]), .help(topic: nil))
        XCTAssertEqual(try CommandParser.parse(["-h"]), .help(topic: nil))
        XCTAssertEqual(try CommandParser.parse(["help", "alert"]), .help(topic: "alert"))
        XCTAssertEqual(try CommandParser.parse(["describe", "--help"]), .help(topic: "describe"))
        XCTAssertEqual(try CommandParser.parse(["demo"]), .demo(surface: nil, transcriptPath: nil))
        XCTAssertEqual(try CommandParser.parse(["--version"]), .version)
        XCTAssertEqual(try CommandParser.parse(["demo", "--surface=script:/s.json", "--transcript", "t.json"]),
                       .demo(surface: .script(path: "/s.json"), transcriptPath: "t.json"))
        XCTAssertEqual(try CommandParser.parse(["alert", "--title", "x", "stray"]),
                       .present(kind: "alert", arguments: ["--title", "x", "stray"]))
    }

    func testCommandErrorsNameTheirHelpTopic() {
        XCTAssertThrowsError(try CommandParser.parse(["list", "extra"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError("list: unexpected argument “extra”", helpTopic: "list"))
        }
        XCTAssertThrowsError(try CommandParser.parse(["demo", "--transcript"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError("--transcript needs a value", helpTopic: "demo"))
        }
        XCTAssertThrowsError(try CommandParser.parse(["help", "a", "b"])) { error in
            XCTAssertEqual((error as? UsageError)?.hint, "Try 'rxmodal help'.")
        }
    }

    func testOptionTokens() {
        XCTAssertEqual(OptionToken("--title")?.name, "title")
        XCTAssertNil(OptionToken("--title")?.inlineValue)
        XCTAssertEqual(OptionToken("--title=a=b")?.inlineValue, "a=b")
        XCTAssertEqual(OptionToken("--title=")?.inlineValue, "")
        XCTAssertNil(OptionToken("--"))
        XCTAssertNil(OptionToken("-1"))
        XCTAssertNil(OptionToken("title"))
        XCTAssertTrue(OptionToken.looksLikeOption("--x"))
        XCTAssertFalse(OptionToken.looksLikeOption("-1"))
        XCTAssertFalse(OptionToken.looksLikeOption("--"))
    }

    func testFlagNamesFromMethodNames() {
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setTitle"), "title")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setPreferredAction"), "preferred-action")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "addTextField"), "add-text-field")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setURL"), "url")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setURLScheme"), "url-scheme")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setCallbackURLScheme"), "callback-url-scheme")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "settle"), "settle")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "set_max_items"), "set-max-items")
        XCTAssertEqual(FlagNaming.flagName(forMethod: "setMaxItems2"), "max-items2")
    }

    func testSurfaceAndTimeoutValues() throws {
        XCTAssertEqual(try SurfaceOption(parsing: "terminal", helpTopic: nil), .terminal)
        XCTAssertEqual(try SurfaceOption(parsing: "script:a:b.json", helpTopic: nil), .script(path: "a:b.json"))
        XCTAssertThrowsError(try SurfaceOption(parsing: "script:", helpTopic: nil))
        XCTAssertEqual(try TimeoutOption.seconds("1.5", helpTopic: nil), 1.5)
        for bad in ["0", "-2", "nan", "inf", "1e12", "", "two"] {
            XCTAssertThrowsError(try TimeoutOption.seconds(bad, helpTopic: nil), bad)
        }
    }

    func testWhichResultsAreCancellations() throws {
        XCTAssertTrue(CancellationRule.isCancellation(try ModalValue(json: #"{"action": 0, "style": "cancel"}"#)))
        XCTAssertTrue(CancellationRule.isCancellation(try ModalValue(json: #"{"cancelled": true}"#)))
        XCTAssertTrue(CancellationRule.isCancellation(try ModalValue(json: #"{"result": "cancelled"}"#)))
        XCTAssertTrue(CancellationRule.isCancellation(try ModalValue(json: #"{"confirmed": false}"#)))
        XCTAssertFalse(CancellationRule.isCancellation(try ModalValue(json: #"{"action": 1, "style": "destructive"}"#)))
        XCTAssertFalse(CancellationRule.isCancellation(try ModalValue(json: #"{"result": "sent"}"#)))
        XCTAssertFalse(CancellationRule.isCancellation(try ModalValue(json: #"[1, 2]"#)))
    }

    func testErrorsBecomeDistinctStatuses() {
        XCTAssertEqual(ErrorStatus.status(for: ModalError.unsupported(kind: "k", reason: "r")), .unsupported)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.missingSurface), .unsupported)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.authorizationDenied(kind: "k")), .authorizationDenied)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.plugin(code: 4, message: "canceledLogin")), .cancelled)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.plugin(code: 5, message: "slow")), .timeout)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.plugin(code: 3, message: "no")), .authorizationDenied)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.plugin(code: 6, message: "io")), .failure)
        XCTAssertEqual(ErrorStatus.status(for: ModalError.scriptMismatch(step: 1, reason: "r")), .failure)
        XCTAssertEqual(ErrorStatus.status(for: UsageError("x")), .usage)
        XCTAssertEqual(Set(ExitStatus.allCases.map(\.rawValue)).count, ExitStatus.allCases.count, "statuses are distinct")
        XCTAssertFalse(ExitStatus.allCases.map(\.rawValue).contains(ExitStatus.interruptedStatus))
    }
}
