import Foundation
import XCTest
import RxModal

/// One run of one program from examples-c/: what it is given and what it must
/// print. The same cases run plainly, under valgrind and with AddressSanitizer,
/// so every checked run also checks behaviour. Immutable.
struct CExampleCase: Sendable {
    let name: String
    let source: String
    var arguments: @Sendable (CProgramRunner) -> [String] = { _ in [] }
    var script: String?
    /// Standard input (for the terminal presenter's line mode); /dev/null if nil.
    var input: String?
    var expectedStatus: Int32 = 0
    /// Plugins beside alert and actionSheet that the program may load.
    var extraPlugins: [String] = []
    /// Environment variables for the program (it gets the runner to place files).
    var environment: @Sendable (CProgramRunner) -> [String: String] = { _ in [:] }
    /// Checks stdout and stderr; returns failures (empty when all is well).
    let check: @Sendable (_ output: String, _ errors: String) -> [String]

    static func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Failures for each expected line missing from `text`.
    static func missing(_ expected: [String], in text: String) -> [String] {
        let have = Set(lines(text))
        return expected.filter { !have.contains($0) }.map { "missing line: \($0)\n--- got:\n\(text)" }
    }

    /// The check of a program that prints "<check>: ok" per check: `count` of
    /// them, and no line saying FAILED.
    static func passedChecks(_ count: Int) -> @Sendable (String, String) -> [String] {
        { output, _ in
            var failures = lines(output).filter { $0.contains("FAILED") }.map { "check failed: \($0)" }
            let passed = lines(output).filter { $0.hasSuffix(": ok") }.count
            if passed != count { failures.append("expected \(count) passing checks, got \(passed):\n\(output)") }
            return failures
        }
    }

    static let all: [CExampleCase] = [
        CExampleCase(name: "alert, signed in", source: "alert.c",
                     script: #"[{"expect": {"title": "Sign in"}, "type": ["ada@example.org"], "choose": "Sign In"}]"#) { output, _ in
            output == "chose: Sign In (action 0), email: ada@example.org\ncompleted\n" ? [] : ["unexpected output:\n\(output)"]
        },
        CExampleCase(name: "alert, cancelled", source: "alert.c", script: #"[{"cancel": true}]"#) { output, _ in
            output == "chose: Cancel (action 1), email: \ncompleted\n" ? [] : ["unexpected output:\n\(output)"]
        },
        CExampleCase(name: "alert on the terminal presenter, line mode", source: "alert.c", arguments: { _ in ["--terminal"] },
                     input: "grace@example.org\n1\n") { output, errors in
            var failures = output == "chose: Sign In (action 0), email: grace@example.org\ncompleted\n" ? [] : ["unexpected output:\n\(output)"]
            if !errors.contains("Sign in") { failures.append("the alert was not drawn on standard error:\n\(errors)") }
            return failures
        },
        CExampleCase(name: "poll loop", source: "poll_loop.c",
                     script: #"[{"expect": {"style": "actionSheet", "title": "Message"}, "choose": "Delete", "afterMilliseconds": 60}]"#) { output, _ in
            missing([#"next: {"action":1,"style":"destructive","textFields":[],"title":"Delete"}"#, "completed",
                     "callbacks on the host thread: yes", "host ticks while waiting: some"], in: output)
        },
        CExampleCase(name: "dispose while shown", source: "dispose_while_shown.c") { output, _ in
            var failures = missing([
                "wait 100 ms: RXM_ERR_TIMEOUT — the subscription did not end within 100 ms",
                "dispose: RXM_OK",
                "dispose again: RXM_ERR_DISPOSED — the subscription was already disposed",
                "call after dispose: RXM_ERR_DISPOSED — the subscription has ended",
                "wait after dispose: RXM_OK",
                "callbacks: 0",
            ], in: output)
            // The transcript: shown once, dismissed once, never answered.
            guard let line = lines(output).first(where: { $0.hasPrefix("transcript: ") }),
                  let transcript = try? ModalValue(json: String(line.dropFirst("transcript: ".count))),
                  let records = transcript.arrayValue, records.count == 1 else {
                return failures + ["no transcript with one record in:\n\(output)"]
            }
            if records[0]["dismissals"] != 1 { failures.append("not dismissed exactly once: \(records[0].json)") }
            if records[0]["result"] != nil { failures.append("answered: \(records[0].json)") }
            if records[0]["spec"]?["title"] != "Uploading…" { failures.append("wrong spec: \(records[0].json)") }
            return failures
        },
        CExampleCase(name: "share flow, mail composer not installed", source: "share_flow.c",
                     script: #"[{"expect": {"source": "contactUsButton"}, "choose": "Mail"}]"#, expectedStatus: 3) { output, errors in
            var failures = output == "action sheet: Mail\n" ? [] : ["unexpected output:\n\(output)"]
            if !errors.contains("share_flow: the mailComposer plugin is not installed: unknown modal kind “mailComposer”; known kinds: actionSheet, alert") {
                failures.append("no clear message about the missing kind:\n\(errors)")
            }
            return failures
        },
        CExampleCase(name: "share flow, mail draft saved", source: "share_flow.c",
                     script: #"[{"choose": "Mail"}, {"expect": {"primitive": "form"}, "choose": "Save Draft"}]"#,
                     extraPlugins: ["mailComposer"],
                     // A sendmail that is never run (the draft is saved, not sent); drafts under the runner's folder.
                     environment: { runner in ["RXMODAL_SENDMAIL": "/bin/false", "XDG_DATA_HOME": runner.directory + "/data"] }) { output, errors in
            let lines = lines(output)
            guard lines.count == 3, lines[0] == "action sheet: Mail", lines[1].hasPrefix("mailComposer: {"),
                  let value = try? ModalValue(json: String(lines[1].dropFirst("mailComposer: ".count))) else {
                return ["unexpected output:\n\(output)\nstderr:\n\(errors)"]
            }
            return value["result"] == "saved" ? [] : ["the draft was not saved: \(lines[1])"]
        },
        CExampleCase(name: "share flow, cancelled", source: "share_flow.c", script: #"[{"cancel": true}]"#) { output, _ in
            output == "action sheet: Cancel\n" ? [] : ["unexpected output:\n\(output)"]
        },
        CExampleCase(name: "bad input", source: "bad_input.c") { output, _ in
            missing([
                "open with NULL out: RXM_ERR_INVALID_ARGUMENT — out is NULL",
                "modal of a NULL registry: RXM_ERR_INVALID_ARGUMENT — registry is NULL",
                "modal of an unknown kind: RXM_ERR_UNKNOWN_KIND — unknown modal kind “hologram”; known kinds: actionSheet, alert",
                "modal of an invalid UTF-8 kind: RXM_ERR_INVALID_ARGUMENT — kind is not valid UTF-8",
                "call with a wrong type: RXM_ERR_INVALID_ARGUMENT — setTitle: argument 1 (title): expected string, got int 7",
                "call with NULL arguments: RXM_ERR_INVALID_ARGUMENT — arguments is NULL but count is 1",
                "call with invalid UTF-8: RXM_ERR_INVALID_ARGUMENT — argument 1: malformed value: value: invalid UTF-8",
                "call refused by the plugin: RXM_ERR_INVALID_ARGUMENT — addAction: unknown action style “sideways”: expected default, cancel or destructive",
                "subscribe with a NULL presenter: RXM_ERR_INVALID_ARGUMENT — presenter is NULL",
                "  …: RXM_ERR_INVALID_ARGUMENT — only a scripted presenter has a transcript",
                "dispose NULL: RXM_ERR_INVALID_ARGUMENT — subscription is NULL",
                "read an object as an int: RXM_ERR_WRONG_TYPE — the value is an object, not an int",
                "out of range: NULL",
                "JSON of a value with a NULL string: RXM_ERR_INVALID_ARGUMENT — malformed value: value: NULL string with length 3",
                "done",
            ], in: output)
            + (output.contains("call an unknown method: RXM_ERR_UNKNOWN_METHOD — alert has no method “setColour”") ? [] : ["unknown method not reported:\n\(output)"])
            + (output.contains("malformed script: RXM_ERR_INVALID_JSON") ? [] : ["malformed script not reported:\n\(output)"])
            + (output.contains("script with an unknown key: RXM_ERR_INVALID_ARGUMENT — script: step 1: unknown key \"press\"") ? [] : ["bad script key not reported:\n\(output)"])
        },
        CExampleCase(name: "contracts", source: "checking/contracts.c") { output, _ in
            let checks = lines(output).filter { $0.hasSuffix(": ok") }
            var failures = lines(output).filter { $0.contains("FAILED") }.map { "check failed: \($0)" }
            if checks.count != 19 { failures.append("expected 19 passing checks, got \(checks.count):\n\(output)") }
            return failures
        },
        CExampleCase(name: "loops freed with callbacks queued", source: "checking/loop_cycles.c", check: passedChecks(2)),
        CExampleCase(name: "observer destroy", source: "checking/observer_destroy.c", check: passedChecks(11)),
        CExampleCase(name: "transcript taken as it goes", source: "checking/transcript_bounded.c", check: passedChecks(4)),
        CExampleCase(name: "rating plugin from C", source: "plugin/rating_host.c",
                     arguments: { runner in [runner.ratingPluginDirectory] },
                     script: #"[{"expect": {"primitive": "choice", "title": "Rate this example"}, "select": [1]}]"#) { output, _ in
            missing(["rating 1.0.0", "rated 2 stars", "    setMaximum(maximum) [i] — How many stars can be given, 1 to 10 (default 5)."], in: output)
        },
    ]
}

extension CProgramRunner {
    /// A directory holding the example plugin examples-c/plugin/rating.c, built
    /// with the system compiler from the plugin header alone (once per runner).
    var ratingPluginDirectory: String {
        let directory = self.directory + "/rating-plugin"
        if !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                     attributes: [.posixPermissions: 0o755])
            let result = try? run("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g",
                                                  "-fPIC", "-shared", "-fvisibility=hidden",
                                                  "-I" + Self.projectRoot + "/Include",
                                                  Self.projectRoot + "/examples-c/plugin/rating.c",
                                                  "-o", directory + "/librxmodal-rating.so"])
            if result?.status != 0 { print("building the rating plugin failed: \(result?.errors ?? "")") }
        }
        return directory
    }

    /// Builds and runs `example` under `checking`; XCTest failures for anything wrong.
    func verify(_ example: CExampleCase, checking: Checking, file: StaticString = #filePath, line: UInt = #line) throws {
        let binary = try build(example.source, checking: checking)
        let result = try runProgram(binary, example.arguments(self), script: example.script, input: example.input, checking: checking,
                                    environment: example.environment(self), extraPlugins: example.extraPlugins)
        XCTAssertEqual(result.status, example.expectedStatus,
                       "\(example.name) (\(checking)) exited \(result.status); stderr:\n\(result.errors)\nstdout:\n\(result.output)",
                       file: file, line: line)
        for failure in example.check(result.output, result.errors) {
            XCTFail("\(example.name) (\(checking)): \(failure)", file: file, line: line)
        }
    }
}
