import Foundation
import XCTest

/// The desktop's own dialogs through xdg-desktop-portal: the real portal service
/// and its GTK backend (xdg-desktop-portal-gtk), started by D-Bus activation in
/// the test's private session on a headless X server. The file chooser is the
/// backend's window, used through the keyboard as a person would; the mail client
/// and the browser are stand-ins registered as the session's handlers, which
/// record what the portal handed them.
final class DesktopPortalTests: RxTestCase {
    /// A home for the session: the applications it knows (the stand-ins) and
    /// where the portal's caller keeps files.
    private struct PortalHome {
        let folder: URL
        var log: URL { folder.appendingPathComponent("handed.txt") }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-portal-\(UUID().uuidString)")
            for sub in ["data/applications", "config", "cache"] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
        }

        var environment: [String: String] {
            ["XDG_DATA_HOME": folder.appendingPathComponent("data").path,
             "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
             "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
             "BROWSER": "", "HANDED_LOG": log.path]
        }

        /// Registers a stand-in for a URL scheme: a program that writes its arguments
        /// to the log, then runs `then`.
        func registerHandler(named name: String, scheme: String, then: String = "") throws {
            let program = folder.appendingPathComponent(name)
            try """
                #!/bin/sh
                printf '%s\\n' "$@" > "$HANDED_LOG"
                \(then)
                """.write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
            try """
                [Desktop Entry]
                Type=Application
                Name=\(name)
                Exec=\(program.path) %u
                MimeType=x-scheme-handler/\(scheme);
                NoDisplay=true
                """.write(to: folder.appendingPathComponent("data/applications/\(name).desktop"), atomically: true, encoding: .utf8)
            let list = folder.appendingPathComponent("config/mimeapps.list")
            let before = (try? String(contentsOf: list, encoding: .utf8)) ?? "[Default Applications]\n"
            try (before + "x-scheme-handler/\(scheme)=\(name).desktop\n").write(to: list, atomically: true, encoding: .utf8)
        }

        /// `env` arguments that run a command with no handlers registered: the
        /// rxmodal under test finds no mail client or browser of its own, so only
        /// the portal (started with the session's environment) can reach them.
        var withoutHandlers: [String] {
            let empty = folder.appendingPathComponent("empty").path
            try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            return ["/usr/bin/env", "XDG_DATA_HOME=\(empty)", "XDG_CONFIG_HOME=\(empty)"]
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    func testThePhotoPickerTakesTheDesktopsFileChooserThroughThePortal() throws {
        let home = try PortalHome()
        defer { home.remove() }
        let photo = home.folder.appendingPathComponent("beach.png").path
        try TestPictures.drawPNG(at: photo)
        let report = try DesktopSession.run(
            ["photoPicker", "--source", "fileChooser"], window: "Photos",
            steps: [["screenshot": "desktop-photo-file-chooser.png"],
                    ["key": "ctrl+l"], ["sleep": 0.5], ["type": photo], ["sleep": 0.5], ["key": "Return"]],
            environment: home.environment)
        XCTAssertNil(report.error, report.stderr)
        XCTAssertEqual(report.status, 0, report.stderr)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["source"] as? String, "fileChooser")
        let picked = try XCTUnwrap(result["results"] as? [[String: Any]])
        XCTAssertEqual(picked.count, 1)
        XCTAssertEqual(picked.first?["path"] as? String, photo)
        XCTAssertEqual(picked.first?["contentType"] as? String, "image/png")
        XCTAssertEqual(picked.first?["pixelWidth"] as? Int, 64)
        XCTAssertEqual(picked.first?["pixelHeight"] as? Int, 48)
        // The portal's own window (the backend's file chooser), with its buttons.
        XCTAssertTrue(report.nodes.contains { $0.role == "push button" && $0.name == "Add" }, "\(report.nodes)")
        let shot = try XCTUnwrap(report.screenshots.first)
        XCTAssertGreaterThanOrEqual(shot.size[0], 300)
        XCTAssertGreaterThan(shot.colours, 20, "a file chooser drawn, not a blank window")
        XCTAssertFalse(report.windowLeft)
    }

    func testEscapeInTheFileChooserIsACancel() throws {
        let home = try PortalHome()
        defer { home.remove() }
        let report = try DesktopSession.run(["photoPicker", "--source", "fileChooser"], window: "Photos",
                                            steps: [["key": "Escape"]], environment: home.environment)
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 1, "cancelled: \(report.stderr)")
        XCTAssertTrue(report.stdout.contains(#""results":[]"#), report.stdout)
        XCTAssertFalse(report.windowLeft)
    }

    func testDisposingWhileTheFileChooserIsShownClosesIt() throws {
        let home = try PortalHome()
        defer { home.remove() }
        let report = try DesktopSession.run(["photoPicker", "--source", "fileChooser", "--timeout", "2"], window: "Photos",
                                            steps: [["sleep": 3.5]], environment: home.environment)
        XCTAssertNil(report.error, "the file chooser was shown")
        XCTAssertEqual(report.status, 5, "the --timeout exit status: \(report.stderr)")
        XCTAssertEqual(report.stdout, "")
        XCTAssertFalse(report.windowLeft, "the portal closed its dialog when the request was closed")
    }

    func testTheMailComposerHandsTheMessageToTheMailClientThroughTheEmailPortal() throws {
        let home = try PortalHome()
        defer { home.remove() }
        try home.registerHandler(named: "stand-in-mail", scheme: "mailto")
        let attachment = home.folder.appendingPathComponent("notes.txt")
        try "first notes\n".write(to: attachment, atomically: true, encoding: .utf8)
        func handOff() throws -> RxmodalCommand.Result {
            try RxmodalCommand.run(
                ["mailComposer", "--transport", "mailClient", "--to-recipients", "ada@example.org", "--subject", "Hello there",
                 "--message-body", "One line.", "false", "--add-attachment-file", attachment.path, "", "--surface", "desktop"],
                environment: home.environment,
                launcher: [DesktopSession.testsFolder.appendingPathComponent("desktop-session").path] + home.withoutHandlers, limit: 60)
        }
        var run = try handOff()
        if run.status != 0 && !FileManager.default.fileExists(atPath: home.log.path) {
            // Once, on a loaded machine, the portal's GTK backend answered without
            // starting the mail client (cause not found; never seen alone). A second
            // hand-off, in a fresh session, must work; the first is reported.
            print("the first hand-off did not reach the mail client (status \(run.status.map(String.init) ?? "none")): \(run.stdout)\(run.stderr.suffix(2000))")
            run = try handOff()
        }
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        // (The session's accessibility daemon may say hello on the same output first.)
        XCTAssertEqual(run.stdout.split(separator: "\n").last, #"{"result":"sent","via":"mailClient"}"#, run.stdout)
        let handed = try String(contentsOf: home.log, encoding: .utf8).split(separator: "\n").map(String.init)
        let mailto = try XCTUnwrap(handed.last, "the stand-in mail client was started")
        XCTAssertTrue(mailto.hasPrefix("mailto:ada@example.org?"), mailto)
        XCTAssertTrue(mailto.contains("subject=Hello%20there"), mailto)
        XCTAssertTrue(mailto.contains("body=One%20line."), mailto)
        // The attachment, kept where the client can still read it, privately.
        let kept = try XCTUnwrap(mailto.components(separatedBy: "attachment=").last)
        XCTAssertTrue(kept.hasPrefix(home.folder.appendingPathComponent("cache/rxmodal/outgoing-mail/").path), kept)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "first notes\n")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "the copy is the user's alone")
    }

    func testWebAuthenticationOpensTheBrowserThroughTheOpenURIPortal() throws {
        let home = try PortalHome()
        defer { home.remove() }
        // The stand-in browser follows the redirect with a code, as a signed-in user's would.
        try home.registerHandler(named: "stand-in-browser", scheme: "https", then: """
            sleep 2
            exec python3 -c 'import sys, urllib.parse as p, urllib.request as r
            q = p.parse_qs(p.urlsplit(sys.argv[1]).query)
            r.urlopen(q["redirect_uri"][0] + "?code=portal-code&state=" + q["state"][0], timeout=10).read()' "$1"
            """)
        let report = try DesktopSession.runProgram(
            home.withoutHandlers + [try RxmodalCommand.executablePath(), "webAuthenticationSession", "--browser-command", "",
             "--url", "https://auth.example/authorize?client_id=a&redirect_uri=http://127.0.0.1:1234/callback&state=p42",
             "--surface", "desktop"],
            window: "Sign in with your browser", steps: [], environment: home.environment)
        XCTAssertNil(report.error, report.stderr)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("/callback?code=portal-code&state=p42"), report.stdout)
        let handed = try String(contentsOf: home.log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(handed.last?.hasPrefix("https://auth.example/authorize?") == true, "\(handed)")
    }
}
