import XCTest
import Foundation

/// `rxmodal demo`, the README's main command, in its non-interactive form:
/// every section on the default scripted surface, its output checked line by
/// line. Sections for kinds whose plugins are not built here must say so.
final class CommandLineDemoTests: RxTestCase {
    /// A sendmail that is never run (the demo saves a draft, it sends nothing) and
    /// a text-message transport that is never run (the demo cancels the composer):
    /// both composers' preconditions hold, whatever this machine has installed.
    private static let composerTransports = ["RXMODAL_SENDMAIL": "/bin/false", "RXMODAL_SMS_COMMAND": "/bin/false"]

    func testTheDemoRunsTheSeedsFlowsEndToEndOnTheScriptedSurface() throws {
        let scratch = try ScratchDirectory(for: self)
        let result = try RxmodalCommand.run(["demo", "--transcript", "demo.json"], environment: Self.composerTransports, in: scratch.path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "RxModal demo: the seed's modal flows on the scripted (headless) surface")
        XCTAssertEqual(lines.dropFirst().first,
                       "kinds loaded: actionSheet, alert, confirmation, mailComposer, mediaPicker, messageComposer, photoPicker, webAuthenticationSession")
        XCTAssertFalse(result.stdout.contains("skipped:"), "every plugin is built here: \(result.stdout)")

        // Sign in: the alert with e-mail and password fields yields credentials.
        XCTAssertTrue(lines.contains("1. Sign in: an alert with e-mail and password fields → credentials"), result.stdout)
        XCTAssertTrue(lines.contains(#"   shown: dialog “Sign in” fields [email, password] actions [Cancel | Sign In] → answered {"action":1,"textFields":["ada@example.org","(hidden)"]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   credentials: e-mail ada@example.org, password of 28 characters (not printed)"), result.stdout)
        // Contact us → Mail: a real draft in a Maildir, with what the form held.
        XCTAssertTrue(lines.contains(#"   shown: dialog “Contact us” actions [Mail | Message | Cancel] → answered {"action":0,"textFields":[]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   mail composer: saved"), result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("   draft in the Maildir, flags 2,D (") && $0.hasSuffix("To: rxmodal@rxswiftcommunity.org, Subject: Hello from rxmodal demo") },
                      result.stdout)
        // Contact us → Message: the composer's form, cancelled by the script.
        XCTAssertTrue(lines.contains(#"   shown: dialog “Contact us” actions [Mail | Message | Cancel] → answered {"action":1,"textFields":[]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   message composer: cancelled"), result.stdout)
        // The kind written in Swift, and dismissal on dispose.
        XCTAssertTrue(lines.contains(#"   shown: dialog “Drafts” actions [Cancel | Delete] → answered {"action":1,"textFields":[]}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   confirmed: true"), result.stdout)
        XCTAssertTrue(lines.contains("   shown: dialog “Still there?” actions [Yes], dismissed 1×"), result.stdout)
        // The pickers, over the libraries the demo wrote: metadata read from the files.
        XCTAssertTrue(lines.contains("   picked harbour.png: image/png, 64×48 pixels"), result.stdout)
        XCTAssertTrue(lines.contains(#"   shown: prompt “Allow “org.rxmodal.demo” to access your media library?” actions [Don’t Allow | Allow] → answered {"action":1}, dismissed 1×"#),
                      result.stdout)
        XCTAssertTrue(lines.contains("   picked “Morning Walk” (title from the file name), music, audio/x-wav, 2.0 s"), result.stdout)
        // Web authentication: the loopback listener answered the browser's callback.
        XCTAssertTrue(lines.contains("   the browser's part: GET /callback?code=…&state=… → HTTP/1.1 200 OK"), result.stdout)
        XCTAssertTrue(lines.contains("   callback: code received (not printed), state matches, redirect URI on 127.0.0.1 with the port the session picked"),
                      result.stdout)
        XCTAssertFalse(result.stdout.contains("demo-authorization-code"), "the authorization code is never printed")
        // Everything the demo subscribed was released by its end.
        XCTAssertEqual(lines.filter { $0.hasPrefix("live resources left: ") }, ["live resources left: 0"], result.stdout)

        let transcript = try XCTUnwrap(scratch.json("demo.json") as? [[String: Any]])
        let titles = transcript.compactMap { ($0["spec"] as? [String: Any])?["title"] as? String }
        XCTAssertEqual(Array(titles.prefix(3)), ["Sign in", "Contact us", "New Message"])
        XCTAssertTrue(titles.contains("Drafts") && titles.contains("Still there?") && titles.contains("Sign in with your browser"), "\(titles)")
        XCTAssertEqual(transcript.compactMap { $0["primitive"] as? String }.filter { $0 == "choice" }.count, 2, "the two pickers")
        XCTAssertTrue(transcript.allSatisfy { $0["dismissals"] as? Int == 1 }, "every modal dismissed once")
        XCTAssertFalse(try String(contentsOfFile: scratch.path + "/demo.json", encoding: .utf8).contains("demo-authorization-code"),
                       "nor written to the transcript")
    }

    func testTheDemoFollowsAGivenScript() throws {
        let scratch = try ScratchDirectory(for: self)
        // The user cancels the sign-in, picks Cancel in both sheets, cancels the
        // confirmation and both pickers (after allowing the media library), and the
        // web sign-in's waiting prompt.
        try scratch.write(#"""
            [{"cancel": true}, {"choose": "Cancel"}, {"choose": "Cancel"}, {"cancel": true}, {"stayOpen": true},
             {"cancel": true}, {"choose": "Allow"}, {"cancel": true}, {"opened": true}, {"cancel": true}]
            """#, to: "script.json")
        let result = try RxmodalCommand.run(["demo", "--surface", "script:script.json"], environment: Self.composerTransports, in: scratch.path)
        XCTAssertEqual(result.status, 6, "a cancelled web sign-in is an error (canceledLogin), as on Apple platforms: \(result.stdout)")
        let lines = result.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("   cancelled: no credentials"), result.stdout)
        XCTAssertEqual(lines.filter { $0 == "   cancelled" }.count, 2, result.stdout)
        XCTAssertTrue(lines.contains("   confirmed: false"), result.stdout)
        XCTAssertEqual(lines.filter { $0 == "   cancelled: nothing picked" }.count, 2, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("   error: ") && $0.contains("canceledLogin") }, result.stdout)
        XCTAssertTrue(lines.contains("live resources left: 0"), result.stdout)
    }

    func testADemoSectionThatFailsMakesTheDemoExitSix() throws {
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"choose": "No such action"}]"#, to: "script.json")
        let result = try RxmodalCommand.run(["demo", "--surface", "script:script.json"], in: scratch.path)
        XCTAssertEqual(result.status, 6, result.stdout)
        XCTAssertTrue(result.stdout.contains("   error: script step 1: no action titled \"No such action\""), result.stdout)
    }
}
