import XCTest
import Foundation
import Glibc

/// Input a script or another program may hand `rxmodal` by mistake or on
/// purpose: bytes that are not UTF-8, enormous values, script "files" that are
/// devices or pipes, delays no one would wait for. Each is a usage error (2)
/// that says what is wrong, promptly and briefly.
final class CommandLineHostileInputTests: RxTestCase {
    /// Runs rxmodal through /bin/sh so that `arguments` (shell words, with
    /// printf escapes for raw bytes) can hold bytes a Swift String cannot.
    private func runWithRawBytes(_ words: String) throws -> RxmodalCommand.Result {
        try RxmodalCommand.run([], launcher: ["/bin/sh", "-c", "exec \"$0\" \(words)"], limit: 10)
    }

    func testAnArgumentThatIsNotUTF8IsRefusedNamingItsPosition() throws {
        let separate = try runWithRawBytes(#"alert --action OK --title "$(printf 'caf\351')""#)
        XCTAssertEqual(separate.status, 2)
        XCTAssertEqual(separate.stdout, "")
        XCTAssertTrue(separate.stderr.contains("argument 5"), separate.stderr)
        XCTAssertTrue(separate.stderr.contains("--title"), separate.stderr)
        XCTAssertTrue(separate.stderr.contains("not valid UTF-8"), separate.stderr)
        XCTAssertFalse(separate.stderr.contains("\u{FFFD}"), "the bad bytes were replaced and echoed")

        let inline = try runWithRawBytes(#"alert "--title=$(printf '\377\376')" --action OK"#)
        XCTAssertEqual(inline.status, 2)
        XCTAssertTrue(inline.stderr.contains("argument 2 (--title=…) is not valid UTF-8"), inline.stderr)

        let kind = try runWithRawBytes(#""$(printf 'al\300ert')""#)
        XCTAssertEqual(kind.status, 2)
        XCTAssertTrue(kind.stderr.contains("argument 1 is not valid UTF-8"), kind.stderr)
    }

    func testAnEnormousValueIsNotEchoedWhole() throws {
        let big = String(repeating: "x", count: 120_000)
        let cases: [[String]] = [
            [big], ["describe", big], ["help", "alert", big], ["list", big],
            ["alert", big], ["alert", "--" + big], ["alert", "--timeout", big], ["alert", "--surface", big],
            ["alert", "--call", big], ["alert", "--call", "setPreferredAction", big], ["alert", "--preferred-action", big],
            ["alert", "--action", "OK", "--surface", "script:" + big],
        ]
        for arguments in cases {
            let shape = arguments.map { $0.count > 100 ? "<\($0.utf8.count) bytes>" : $0 }
            let result = try RxmodalCommand.run(arguments)
            XCTAssertEqual(result.status, 2, "\(shape)")
            XCTAssertLessThan(result.stderr.utf8.count, 1_000, "\(shape): \(result.stderr.prefix(300))")
            XCTAssertTrue(result.stderr.contains("…"), "\(shape): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("bytes"), "\(shape): \(result.stderr)")
        }
        let result = try RxmodalCommand.run(["alert", "--timeout", big])
        XCTAssertTrue(result.stderr.hasPrefix("rxmodal: --timeout needs a positive number of seconds, not “xxxx"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(120000 bytes)"), result.stderr)
    }

    func testAScriptThatIsNotARegularFileIsRefusedSayingSo() throws {
        let scratch = try ScratchDirectory(for: self)
        let fifo = scratch.path + "/script.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for path in ["/dev/zero", fifo, scratch.path] {
            let result = try RxmodalCommand.run(["alert", "--action", "OK", "--surface", "script:" + path], limit: 10)
            XCTAssertEqual(result.status, 2, path)
            XCTAssertTrue(result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("permission"), "\(path): \(result.stderr)")
        }
        let fromEnvironment = try RxmodalCommand.run(["alert", "--action", "OK"], environment: ["RXMODAL_SCRIPT": "@" + fifo], limit: 10)
        XCTAssertEqual(fromEnvironment.status, 2)
        XCTAssertTrue(fromEnvironment.stderr.contains("not a regular file"), fromEnvironment.stderr)
    }

    func testAnOversizedScriptIsRefusedSayingHowLargeItIs() throws {
        let scratch = try ScratchDirectory(for: self)
        let huge = try scratch.write("[]", to: "huge.json")
        XCTAssertEqual(truncate(huge, 64 << 20), 0)   // sparse: takes no room on disk
        let result = try RxmodalCommand.run(["alert", "--action", "OK", "--surface", "script:" + huge], limit: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("too large"), result.stderr)
        XCTAssertTrue(result.stderr.contains("67108864 bytes"), result.stderr)
    }

    func testADelayNoOneWouldWaitForIsRefusedWithItsStepNumber() throws {
        let scratch = try ScratchDirectory(for: self)
        let script = try scratch.write(#"[{"choose": "OK", "afterMilliseconds": 9223372036854775807}]"#, to: "script.json")
        let result = try RxmodalCommand.run(["alert", "--action", "OK", "--surface", "script:" + script], limit: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("step 1: afterMilliseconds must be at most 3600000"), result.stderr)
    }
}
