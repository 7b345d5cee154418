import XCTest
import Foundation

/// `rxmodal demo`, the README's main command, in its non-interactive form:
/// every section on the default scripted surface, its output checked line by
/// line. Sections for kinds whose plugins are not built here must say so.
final class CommandLineDemoTests: RxTestCase {
    /// The kinds `rxmodal list --json` reports.
    private func loadedKinds() throws -> Set<String> {
        let result = try RxmodalCommand.run(["list", "--json"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return Set(try XCTUnwrap(document["kinds"] as? [[String: Any]]).compactMap { $0["name"] as? String })
    }

    func testTheDemoRunsTheSeedsFlowsEndToEndOnTheScriptedSurface() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(["demo", "--transcript", "demo.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "RxModal demo: the seed's modal flows on the scripted (headless) surface")

        // Sign in: the alert with e-mail and password fields yields credentials.
        XCTAssertTrue(lines.contains("1. Sign in: an alert with e-mail and password fields → credentials"), result.stdout)
        XCTAssertTrue(lines.contains(#"   shown: dialog “Sign in” fields [email, password] actions [Cancel | Sign In] → answered {"action":1,"textFields":["ada@example.org","(hidden)"]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   credentials: e-mail ada@example.org, password of 28 characters (not printed)"), result.stdout)
        // Contact us: the action sheet, then the mail composer or its absence.
        XCTAssertTrue(lines.contains(#"   shown: dialog “Contact us” actions [Mail | Message | Cancel] → answered {"action":0,"textFields":[]}, dismissed 1×"#),
                      result.stdout)
        let kinds = try loadedKinds()
        if !kinds.contains("mailComposer") {
            XCTAssertTrue(lines.contains("   chose Mail → skipped: mailComposer plugin not loaded"), result.stdout)
        }
        // The kind written in Swift, and dismissal on dispose.
        XCTAssertTrue(lines.contains(#"   shown: dialog “Drafts” actions [Cancel | Delete] → answered {"action":1,"textFields":[]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   confirmed: true"), result.stdout)
        XCTAssertTrue(lines.contains("   shown: dialog “Still there?” actions [Yes], dismissed 1×"), result.stdout)
        // Every other kind: run if loaded, plainly skipped if not; never faked.
        for kind in ["messageComposer", "photoPicker", "mediaPicker", "webAuthenticationSession"] {
            let skipped = lines.contains("   skipped: \(kind) plugin not loaded")
            XCTAssertEqual(skipped, !kinds.contains(kind), "\(kind):\n\(result.stdout)")
        }
        // Everything the demo subscribed was released by its end.
        XCTAssertEqual(lines.filter { $0.hasPrefix("live resources left: ") }, ["live resources left: 0"], result.stdout)
        let transcript = try XCTUnwrap(scratch.json("demo.json") as? [[String: Any]])
        let titles = transcript.compactMap { ($0["spec"] as? [String: Any])?["title"] as? String }
        XCTAssertEqual(Array(titles.prefix(2)), ["Sign in", "Contact us"])
        XCTAssertTrue(titles.contains("Drafts") && titles.contains("Still there?"), "\(titles)")
        XCTAssertTrue(transcript.allSatisfy { $0["dismissals"] as? Int == 1 }, "every modal dismissed once")
    }

    func testTheDemoFollowsAGivenScript() throws {
        let scratch = try ScratchDirectory(for: self)
        // The user cancels the sign-in, then picks Cancel in the sheet; the rest as usual.
        try scratch.write(#"[{"cancel": true}, {"cancel": true}, {"choose": "Cancel"}, {"stayOpen": true}, {"cancel": true}, {"cancel": true}, {"cancel": true}, {"cancel": true}]"#,
                          to: "script.json")
        let result = try RxmodalCommand.run(["demo", "--surface", "script:script.json"], in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("   cancelled: no credentials"), result.stdout)
        XCTAssertTrue(lines.contains("   cancelled"), result.stdout)
        XCTAssertTrue(lines.contains("   confirmed: false"), result.stdout)
    }

    func testADemoSectionThatFailsMakesTheDemoExitSix() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": "No such action"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(["demo", "--surface", "script:script.json"], in: scratch.path)
        XCTAssertEqual(result.status, 6, result.stdout)
        XCTAssertTrue(result.stdout.contains("   error: plugin error 9: script step 1: no action titled \"No such action\""), result.stdout)
    }
}
