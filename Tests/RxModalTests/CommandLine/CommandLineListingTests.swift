import XCTest
import Foundation

/// `rxmodal list` and `rxmodal describe`, with third-party and broken plugins
/// on RXMODAL_PLUGIN_PATH (compiled from Tests/Fixtures/registry/test_plugin.c).
final class CommandLineListingTests: RxTestCase {
    func testListShowsEachKindWithItsSummary() throws {
        let result = try RxmodalCommand.run(["list"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Name, then the summary in a column as wide as the longest name needs.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains(Self.row("alert", "A dialog with a title, a message, text fields and actions (UIAlertController, alert style).", in: lines)),
                      result.stdout)
        XCTAssertTrue(lines.contains(Self.row("confirmation", "Asks the user to confirm something: a message with Cancel and Confirm actions.", in: lines)),
                      result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix(Self.row("actionSheet", "A list of actions anchored to a source", in: lines)) }, result.stdout)
        let summaryColumns = Set(lines.filter { !$0.hasPrefix(" ") }.map { Self.summaryColumn(of: $0) })
        XCTAssertEqual(summaryColumns.count, 1, "every summary starts in the same column:\n\(result.stdout)")
    }

    func testVerboseListingGivesEverySkippedPluginWithItsReason() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.compile([
            .init(variant: .good, kind: "thirdparty", path: directory + "/librxmodal-thirdparty.so"),
            .init(variant: .noEntry, kind: "noentry", path: directory + "/librxmodal-noentry.so"),
            .init(variant: .abiMajor2, kind: "future", path: directory + "/librxmodal-future.so"),
        ])
        try fixture.textFile("not an ELF file", in: directory, named: "librxmodal-text.so")
        let environment = ["RXMODAL_PLUGIN_PATH": directory]

        let plain = try RxmodalCommand.run(["list"], environment: environment)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let plainLines = plain.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(plainLines.contains(Self.row("thirdparty", "A plugin for the registry's tests.", in: plainLines)), plain.stdout)
        XCTAssertTrue(plain.stdout.hasSuffix("(3 plugins skipped; rxmodal list --verbose says why)\n"), plain.stdout)

        let verbose = try RxmodalCommand.run(["list", "--verbose"], environment: environment)
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        let verboseLines = verbose.stdout.split(separator: "\n").map(String.init)
        let summaryColumn = Self.summaryColumn(of: Self.row("thirdparty", "", in: verboseLines))
        XCTAssertTrue(verbose.stdout.contains(String(repeating: " ", count: summaryColumn) + "1.2.3, from \(directory)/librxmodal-thirdparty.so\n"),
                      verbose.stdout)
        let afterSkipped = verbose.stdout.components(separatedBy: "skipped plugins:\n").last ?? ""
        let sections = afterSkipped.components(separatedBy: "\n\nsearched folders, in order:\n")
        XCTAssertEqual(sections.count, 2, verbose.stdout)
        let lines = try XCTUnwrap(sections.first).split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(sections.last?.split(separator: "\n").first.map(String.init),
                       "  \(directory) (from RXMODAL_PLUGIN_PATH): searched, 4 candidate files", verbose.stdout)
        XCTAssertEqual(lines.count, 3, verbose.stdout)
        XCTAssertEqual(lines[ifPresent: 0], "  \(directory)/librxmodal-future.so: plugin ABI major version 2, host expects 1")
        XCTAssertEqual(lines[ifPresent: 1], "  \(directory)/librxmodal-noentry.so: no rxm_plugin_entry symbol")
        XCTAssertEqual(lines[ifPresent: 2]?.hasPrefix("  \(directory)/librxmodal-text.so: not a loadable plugin image: "), true, verbose.stdout)

        let json = try RxmodalCommand.run(["list", "--json"], environment: environment)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let kinds = try XCTUnwrap(document["kinds"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertTrue(kinds.contains("thirdparty") && kinds.contains("alert"), "\(kinds)")
        XCTAssertEqual((document["skipped"] as? [Any])?.count, 3)
    }

    func testAFileNameInThePluginDirectoryIsListedVisiblyAndExactlyAsJSON() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let name = "librxmodal-\u{1B}]0;pwned\u{07}\u{1B}[2J.so"
        try fixture.textFile("not an ELF file", in: directory, named: name)
        let environment = ["RXMODAL_PLUGIN_PATH": directory]

        let verbose = try RxmodalCommand.run(["list", "--verbose"], environment: environment)
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stdout.contains("  \(directory)/librxmodal-^[]0;pwned^G^[[2J.so: not a loadable plugin image: "),
                      verbose.stdout)
        XCTAssertFalse(verbose.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, verbose.stdout)

        let json = try RxmodalCommand.run(["list", "--json"], environment: environment)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let skipped = try XCTUnwrap(document["skipped"] as? [[String: Any]])
        XCTAssertEqual(skipped.compactMap { $0["path"] as? String }, [directory + "/" + name])
    }

    func testAThirdPartyKindGetsFlagsFromItsMethodTable() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "thirdparty", in: directory)
        let result = try RxmodalCommand.run(["describe", "thirdparty"], environment: ["RXMODAL_PLUGIN_PATH": directory])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("thirdparty 1.2.3\n  A plugin for the registry's tests.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("    setTitle(title) [s] — Sets the title shown at the top.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("    setCount(count) [i] — Sets how many; a negative count is unsupported.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Options of thirdparty:\n  --title TITLE"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  --count COUNT"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  result: nothing: it never presents\n"), result.stdout)

        let wrongType = try RxmodalCommand.run(["thirdparty", "--count", "many"], environment: ["RXMODAL_PLUGIN_PATH": directory])
        XCTAssertEqual(wrongType.status, 2)
        XCTAssertEqual(wrongType.stderr, "rxmodal: --count: setCount: argument 1 (count): “many” is not a decimal integer in the 64-bit range\n"
                                         + "Try 'rxmodal help thirdparty'.\n")
    }

    func testDescribeAsJSONAddsTheOptions() throws {
        let result = try RxmodalCommand.run(["describe", "alert", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["name"] as? String, "alert")
        let methods = try XCTUnwrap(document["methods"] as? [[String: Any]])
        let addTextField = try XCTUnwrap(methods.first { $0["name"] as? String == "addTextField" })
        XCTAssertEqual(addTextField["signature"] as? String, "sss")
        XCTAssertEqual(addTextField["arguments"] as? [String], ["kind", "placeholder", "text"])
        let options = try XCTUnwrap(document["options"] as? [[String: Any]])
        XCTAssertEqual(options.map { $0["option"] as? String },
                       ["--action", "--text-field", "--title", "--message", "--add-text-field", "--add-action",
                        "--preferred-action", "--action-enabled", "--actions"])
        XCTAssertEqual(options.first?["method"] as? String, "addAction")
    }

    func testDescribeAnUnknownKindIsAUsageError() throws {
        let result = try RxmodalCommand.run(["describe", "nothing"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: unknown modal kind “nothing”"), result.stderr)
    }

    /// A listing row: `name`, padded to the summary column the listing uses (the
    /// column of its first row), then `summary`.
    private static func row(_ name: String, _ summary: String, in lines: [String]) -> String {
        let column = lines.first.map(summaryColumn(of:)) ?? 0
        return name.padding(toLength: max(column, name.count + 2), withPad: " ", startingAt: 0) + summary
    }

    /// Where a row's summary starts: after its name and the spaces that follow it.
    private static func summaryColumn(of line: String) -> Int {
        let name = line.prefix { $0 != " " }
        return name.count + line.dropFirst(name.count).prefix { $0 == " " }.count
    }
}
