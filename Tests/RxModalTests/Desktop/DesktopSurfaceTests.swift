import Foundation
import XCTest

/// The desktop surface: real GTK 4 windows on a headless X server, found and used
/// through the accessibility tree, with the command's printed result checked exactly.
final class DesktopSurfaceTests: RxTestCase {
    func testAnAlertShowsItsTextFieldsAndStyledButtonsAndAnswersWithWhatWasTyped() throws {
        let report = try DesktopSession.run(
            ["alert", "--title", "Delete draft?", "--message", "It cannot be undone.",
             "--text-field", "password:Password", "--action", "cancel:Cancel", "--action", "destructive:Delete"],
            window: "Delete draft?",
            steps: [["screenshot": "desktop-alert.png"], ["fill": "Password", "text": "s3cret"], ["press": "Delete"]])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, #"{"action":1,"style":"destructive","textFields":["s3cret"],"title":"Delete"}"# + "\n")
        let nodes = report.nodes.map { "\($0.role): \($0.name)" }
        for expected in ["frame: Delete draft?", "label: It cannot be undone.", "text: Password", "push button: Cancel", "push button: Delete"] {
            XCTAssertTrue(nodes.contains(expected), "\(expected) not in \(nodes)")
        }
        XCTAssertEqual(report.states(of: "text", named: "Password")?.contains("editable"), true)
        // The screenshot is the window, drawn: its size, and more than a blank fill.
        let shot = try XCTUnwrap(report.screenshots.first)
        XCTAssertGreaterThanOrEqual(shot.size[0], 300)
        XCTAssertGreaterThanOrEqual(shot.size[1], 100)
        XCTAssertGreaterThan(shot.colours, 50, "a window with text and buttons has many colours")
        XCTAssertFalse(report.windowLeft, "the window goes when the modal ends")
    }

    func testTextFromOutsideIsShownAsTextNotAsMarkup() throws {
        let hostile = "<b>Bold</b> & <span foreground='red'>red</span>"
        let report = try DesktopSession.run(["alert", "--title", "Plain", "--message", hostile, "--action", "OK"],
                                            window: "Plain", steps: [["press": "OK"]])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.nodes.contains { $0.role == "label" && $0.name == hostile },
                      "the message, character for character: \(report.nodes)")
    }

    func testAWindowIsTransientForTheHostsWindowGivenAsAPortalHandle() throws {
        let report = try DesktopSession.run(["alert", "--title", "Attached", "--action", "OK"], window: "Attached",
                                            steps: [["press": "OK"]], surface: "desktop:{parent}", withParentWindow: true)
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertNotNil(report.parent)
        XCTAssertEqual(report.transientFor, report.parent, "WM_TRANSIENT_FOR names the host's window")
    }

    func testWithoutAParentTheWindowIsTransientForNothing() throws {
        let report = try DesktopSession.run(["alert", "--title", "Alone", "--action", "OK"], window: "Alone",
                                            steps: [["press": "OK"]], withParentWindow: true)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertNil(report.transientFor)
    }

    func testEscapeChoosesTheCancelAction() throws {
        let report = try DesktopSession.run(
            ["alert", "--title", "Sign in", "--text-field", "email:E-mail", "--action", "cancel:Cancel", "--action", "Sign In"],
            window: "Sign in", steps: [["key": "Escape"]])
        XCTAssertEqual(report.status, 1, "the exit status of a cancel action: \(report.stderr)")
        XCTAssertEqual(report.stdout, #"{"action":0,"style":"cancel","textFields":[""],"title":"Cancel"}"# + "\n")
    }

    func testClosingTheWindowIsACancel() throws {
        let report = try DesktopSession.run(
            ["alert", "--title", "Close me", "--action", "cancel:Cancel", "--action", "OK"],
            window: "Close me", steps: [["close": true]])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 1, report.stderr)
        XCTAssertEqual(report.stdout, #"{"action":0,"style":"cancel","textFields":[],"title":"Cancel"}"# + "\n")
        XCTAssertFalse(report.windowLeft)
    }

    func testReturnTakesThePreferredAction() throws {
        let report = try DesktopSession.run(
            ["alert", "--title", "Save changes?", "--action", "cancel:Cancel", "--action", "destructive:Discard",
             "--action", "Save", "--preferred-action", "2"],
            window: "Save changes?", steps: [["key": "Return"]])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, #"{"action":2,"style":"default","textFields":[],"title":"Save"}"# + "\n")
    }

    func testAnActionSheetListsItsActions() throws {
        let report = try DesktopSession.run(
            ["actionSheet", "--title", "Share photo", "--action", "Mail", "--action", "Messages", "--action", "cancel:Cancel"],
            window: "Share photo", steps: [["screenshot": "desktop-action-sheet.png"], ["press": "Messages"]])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains(#""action":1"#), report.stdout)
        XCTAssertTrue(report.stdout.contains(#""title":"Messages""#), report.stdout)
        XCTAssertEqual(report.nodes.filter { $0.role == "push button" }.map(\.name), ["Mail", "Messages", "Cancel"],
                       "the choices in their order, then the cancel action apart")
    }

    func testAFormTakesMultiLineTextAndAddressListsAndSends() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-sms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A text-message transport that records what it was asked to send.
        let recorder = scratch.appendingPathComponent("send-sms"), recorded = scratch.appendingPathComponent("arguments")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(recorded.path)'\n".write(to: recorder, atomically: true, encoding: .utf8)
        chmod(recorder.path, 0o700)
        let report = try DesktopSession.run(
            ["messageComposer", "--recipients", "+4512345678"], window: "New Message",
            steps: [["fill": "Message", "text": "On my way,\nback at six"], ["fill": "To", "text": "+4512345678, +4587654321"],
                    ["screenshot": "desktop-message-composer.png"], ["press": "Send"]],
            environment: ["RXMODAL_SMS_COMMAND": recorder.path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, #"{"result":"sent"}"# + "\n")
        XCTAssertEqual(try String(contentsOf: recorded, encoding: .utf8),
                       "--body=On my way,\nback at six\n--\n+4512345678\n+4587654321\n")
        let fields = report.nodes.filter { $0.role == "text" }.map(\.name)
        XCTAssertEqual(fields, ["To", "Subject", "Message"], "every field has its label as accessible name")
    }

    /// A text-message transport that records its arguments, in a scratch folder.
    private func smsRecorder() throws -> (folder: URL, command: URL, recorded: URL) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-sms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let recorder = scratch.appendingPathComponent("send-sms"), recorded = scratch.appendingPathComponent("arguments")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(recorded.path)'\n".write(to: recorder, atomically: true, encoding: .utf8)
        chmod(recorder.path, 0o700)
        return (scratch, recorder, recorded)
    }

    func testAttachmentsAreRemovedAndAddedThroughTheFileChooser() throws {
        let sms = try smsRecorder()
        defer { try? FileManager.default.removeItem(at: sms.folder) }
        let paths = ["first.txt", "second.txt", "third.txt"].map { sms.folder.appendingPathComponent($0).path }
        for path in paths { try "text\n".write(toFile: path, atomically: true, encoding: .utf8) }
        let report = try DesktopSession.run(
            ["messageComposer", "--recipients", "+4512345678", "--body", "See attached",
             "--add-attachment", paths[0], "--add-attachment", paths[1]], window: "New Message",
            steps: [["press": "Remove \(paths[0])"], ["press": "Add Attachment…"],
                    ["switch": "Add Attachment"], ["key": "ctrl+l"], ["sleep": 0.5], ["type": paths[2]], ["sleep": 0.5],
                    ["key": "Return"], ["switch": "New Message"], ["sleep": 0.5], ["tree": true], ["press": "Send"]],
            environment: ["RXMODAL_SMS_COMMAND": sms.command.path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(try String(contentsOf: sms.recorded, encoding: .utf8),
                       "--attachment=\(paths[1])\n--attachment=\(paths[2])\n--body=See attached\n--\n+4512345678\n",
                       "the one removed is gone, the one added follows the one kept")
        let rows = report.names(of: "push button", inTree: 0).filter { $0.hasPrefix("Remove ") }
        XCTAssertEqual(rows, ["Remove \(paths[1])", "Remove \(paths[2])"])
    }

    func testAProblemIsShownAtTheFieldItConcerns() throws {
        let sms = try smsRecorder()
        defer { try? FileManager.default.removeItem(at: sms.folder) }
        let report = try DesktopSession.run(
            ["messageComposer", "--body", "Hello"], window: "New Message",
            steps: [["press": "Send"], ["switch": "New Message"], ["tree": true], ["screenshot": "desktop-field-error.png"],
                    ["fill": "To", "text": "+4512345678"], ["press": "Send"]],
            environment: ["RXMODAL_SMS_COMMAND": sms.command.path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, #"{"result":"sent"}"# + "\n")
        let labels = report.names(of: "label", inTree: 0)
        // Under the To field (the label follows it in the tree), not above the form.
        let error = "recipients: at least one recipient is needed"
        XCTAssertTrue(labels.contains(error), "\(labels)")
        XCTAssertFalse(labels.contains("Not sent"), "\(labels)")
        let toIndex = labels.firstIndex(of: "To"), errorIndex = labels.firstIndex(of: error), subjectIndex = labels.firstIndex(of: "Subject")
        XCTAssertTrue(toIndex != nil && errorIndex != nil && subjectIndex != nil && toIndex! < errorIndex! && errorIndex! < subjectIndex!,
                      "between To and Subject: \(labels)")
        let shot = try XCTUnwrap(report.screenshots.first)
        XCTAssertGreaterThan(shot.colours, 50, "the form drawn again, with its error")
    }

    func testAMultipleChoiceKeepsTheOrderPickedAndItsLimit() throws {
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: pictures) }
        // Three pictures of three colours, made with Pillow.
        let runner = try CProgramRunner()
        defer { runner.remove() }
        try runner.check(runner.run("/usr/bin/python3", ["-c", """
            import sys
            from PIL import Image
            for name, colour in [("harbour.png", "blue"), ("meadow.png", "green"), ("sunset.png", "orange")]:
                Image.new("RGB", (64, 48), colour).save(sys.argv[1] + "/" + name)
            """, pictures.path]), "Pillow")
        let report = try DesktopSession.run(
            ["photoPicker", "--library-roots", "[\"\(pictures.path)\"]", "--selection-limit", "2"], window: "Photos",
            steps: [["activate": "meadow.png"], ["activate": "sunset.png"], ["tree": true], ["sleep": 0.3],
                    ["screenshot": "desktop-photo-picker.png"], ["press": "Done"]],
            environment: ["XDG_CACHE_HOME": pictures.appendingPathComponent(".cache").path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        let picked = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let paths = (picked["results"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        XCTAssertEqual(paths, [pictures.appendingPathComponent("meadow.png").path, pictures.appendingPathComponent("sunset.png").path])
        // At the limit, the item not picked is disabled, and Done is enabled.
        let checks = Dictionary(uniqueKeysWithValues: report.trees[0].compactMap { entry -> (String, [String])? in
            guard entry.count == 3, case .string("check box") = entry[0], case .string(let name) = entry[1],
                  case .list(let states) = entry[2] else { return nil }
            return (name, states)
        })
        XCTAssertEqual(checks["meadow.png"]?.contains("checked"), true)
        XCTAssertEqual(checks["sunset.png"]?.contains("checked"), true)
        XCTAssertEqual(checks["harbour.png"]?.contains("sensitive"), false, "\(checks)")
        // A grid of pictures, one for each photo, and the three colours on screen.
        XCTAssertEqual(report.nodes.filter { $0.role == "image" }.map(\.name).sorted(), ["harbour.png", "meadow.png", "sunset.png"])
        let shot = try XCTUnwrap(report.screenshots.first)
        for colour in [[0, 0, 255], [0, 128, 0], [255, 165, 0]] {
            XCTAssertTrue(shot.commonest.contains(colour), "\(colour) on screen: \(shot.commonest)")
        }
    }

    func testTypingInTheSearchFiltersTheItemsAndReturnTakesTheFirstShown() throws {
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: pictures) }
        for (name, colour) in [("harbour.png", "blue"), ("meadow.png", "green"), ("sunset.png", "red")] {
            try TestPictures.drawPNG(at: pictures.appendingPathComponent(name).path, colour: colour)
        }
        let report = try DesktopSession.run(
            ["photoPicker", "--library-roots", "[\"\(pictures.path)\"]"], window: "Photos",
            steps: [["fill": "Search", "text": "HARB"], ["sleep": 0.8], ["screenshot": "desktop-photo-search.png"], ["key": "Return"]],
            environment: ["XDG_CACHE_HOME": pictures.appendingPathComponent(".cache").path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        let picked = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((picked["results"] as? [[String: Any]])?.compactMap { $0["path"] as? String },
                       [pictures.appendingPathComponent("harbour.png").path], "the one item the search kept, not the first of all")
        // While filtered, only the matching picture is on screen (unfiltered, the
        // newest, sunset.png, comes first, and Return would take it).
        let shot = try XCTUnwrap(report.screenshots.first)
        XCTAssertTrue(shot.commonest.contains([0, 0, 255]), "harbour's blue on screen: \(shot.commonest)")
        XCTAssertFalse(shot.commonest.contains([0, 128, 0]), "meadow's green filtered out: \(shot.commonest)")
        XCTAssertFalse(shot.commonest.contains([255, 0, 0]), "sunset's red filtered out: \(shot.commonest)")
    }

    func testTheMediaPickerAsksForAccessThenListsTitleArtistAlbumAndDuration() throws {
        let music = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-music-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: music) }
        // Two seconds of a tone, tagged, made with sox and mutagen (scripts/test installs both).
        let song = music.appendingPathComponent("song.flac").path
        let runner = try CProgramRunner()
        defer { runner.remove() }
        try runner.check(runner.run("/usr/bin/env", ["sox", "-q", "-n", "-r", "22050", "-c", "1", song, "synth", "2", "sine", "440"]), "sox")
        try runner.check(runner.run("/usr/bin/python3", ["-c", """
            import sys
            from mutagen.flac import FLAC
            tagged = FLAC(sys.argv[1])
            tagged["title"], tagged["artist"], tagged["album"] = "Harbour Lights", "The Pilots", "Coastline"
            tagged.save()
            """, song]), "mutagen")
        let report = try DesktopSession.run(
            ["mediaPicker", "--library-roots", "[\"\(music.path)\"]", "--application-identifier", "desktop-tests"],
            window: "Allow “desktop-tests” to access your media library?",
            steps: [["press": "Allow"], ["switch": "Media"], ["tree": true], ["screenshot": "desktop-media-picker.png"],
                    ["activate": "Harbour Lights"]],
            environment: ["XDG_CONFIG_HOME": music.appendingPathComponent(".config").path,
                          "XDG_CACHE_HOME": music.appendingPathComponent(".cache").path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.nodes.contains { $0.role == "push button" && $0.name == "Don’t Allow" }, "\(report.nodes)")
        let labels = report.names(of: "label", inTree: 0)
        for expected in ["Harbour Lights", "The Pilots — Coastline", "0:02 · song.flac"] {
            XCTAssertTrue(labels.contains(expected), "\(expected) in \(labels)")
        }
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let item = try XCTUnwrap((result["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["title"] as? String, "Harbour Lights")
        XCTAssertEqual(item["artist"] as? String, "The Pilots")
        XCTAssertEqual(item["album"] as? String, "Coastline")
        XCTAssertEqual(item["path"] as? String, song)
    }

    func testTheScansProgressIsShownAndItsCancelGivesUp() throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-large-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: library) }
        // Large enough that reading it cold takes far longer than finding the window.
        try LargeLibrary.write(at: library.path)
        let report = try DesktopSession.run(
            ["photoPicker", "--library-roots", "[\"\(library.path)\"]"], window: "Photos",
            steps: [["tree": true], ["press": "Cancel"]],
            environment: ["XDG_CACHE_HOME": library.appendingPathComponent(".cache").path])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 1, "given up: the cancelled result \(report.stderr)")
        XCTAssertTrue(report.stdout.contains(#""results":[]"#), report.stdout)
        XCTAssertTrue(report.stdout.contains(#""cancelled":true"#), "the scan says it was stopped: \(report.stdout)")
        let labels = report.names(of: "label", inTree: 0)
        XCTAssertTrue(labels.contains { $0.hasPrefix("Scanning the library…") }, "\(labels)")
        XCTAssertFalse(report.windowLeft)
    }

    /// A web sign-in: the URL opened through the surface's openURL (here $BROWSER, a
    /// browser that signs in by itself), the waiting sheet shown meanwhile.
    private func signIn(browserDelay: Double, steps: [[String: Any]]) throws -> (DesktopSession.Report, String?) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let report = try DesktopSession.run(
            ["webAuthenticationSession", "--browser-command", "",
             "--url", "https://auth.example/authorize?client_id=a&redirect_uri=http://127.0.0.1:1234/callback&state=s123"],
            window: "Sign in with your browser", steps: steps,
            environment: ["BROWSER": DesktopSession.testsFolder.appendingPathComponent("fake-browser").path,
                          "FAKE_BROWSER_LOG": log.path, "FAKE_BROWSER_DELAY": String(browserDelay)])
        return (report, try? String(contentsOf: log, encoding: .utf8))
    }

    func testOpeningAURLStartsTheBrowserAndShowsTheWaitingSheetUntilTheCallback() throws {
        let (report, opened) = try signIn(browserDelay: 1.5, steps: [["screenshot": "desktop-web-sign-in.png"]])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: String])
        XCTAssertTrue(result["url"]?.hasSuffix("/callback?code=desktop-code&state=s123") == true, "\(result)")
        XCTAssertTrue(opened?.hasPrefix("https://auth.example/authorize?") == true, "the browser got the URL: \(opened ?? "nothing")")
        XCTAssertTrue(report.nodes.contains { $0.role == "push button" && $0.name == "Cancel" })
        XCTAssertTrue(report.nodes.contains { $0.role == "label" && $0.name.hasPrefix("Waiting for you to sign in in your browser.") })
        XCTAssertFalse(report.windowLeft)
    }

    func testCancellingTheWaitingSheetCancelsTheSignIn() throws {
        let (report, _) = try signIn(browserDelay: 30, steps: [["press": "Cancel"]])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 1, "cancelled by the user: \(report.stderr)")
        XCTAssertEqual(report.stdout, "")
        XCTAssertFalse(report.windowLeft)
    }

    func testDisposingWhileShownClosesTheWindow() throws {
        let report = try DesktopSession.run(
            ["alert", "--title", "Waiting", "--action", "OK", "--timeout", "1"],
            window: "Waiting", steps: [["sleep": 2.5]])
        XCTAssertEqual(report.status, 5, "the --timeout exit status")
        XCTAssertEqual(report.stdout, "")
        XCTAssertFalse(report.windowLeft, "disposed while shown: the window is gone")
    }

    func testAnInstalledCommandFindsTheInstalledSurface() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        XCTAssertTrue(FileManager.default.fileExists(atPath: installed.path("lib/rxmodal/surfaces-1/rxmodal-surface-gtk.so")))
        let report = try DesktopSession.run(["alert", "--title", "Installed", "--action", "OK"], window: "Installed",
                                            steps: [["press": "OK"]], command: installed.path("bin/rxmodal"))
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, #"{"action":0,"style":"default","textFields":[],"title":"OK"}"# + "\n")
    }

    func testACProgramPresentsOnTheDesktopPresenter() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        let binary = try installed.buildExample("alert.c")
        let report = try DesktopSession.runProgram([binary, "--desktop"], window: "Sign in",
                                                   steps: [["fill": "Email", "text": "ada@example.org"], ["press": "Sign In"]])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, "chose: Sign In (action 0), email: ada@example.org\ncompleted\n")

        let attached = try DesktopSession.runProgram([binary, "--desktop", "{parent}"], window: "Sign in",
                                                     steps: [["press": "Cancel"]], withParentWindow: true)
        XCTAssertEqual(attached.status, 0, attached.stderr)
        XCTAssertEqual(attached.transientFor, attached.parent, "rxm_presenter_new_desktop_transient_for attaches the window")
    }

    func testAnActionEnabledWhileShownBecomesUsable() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let binary = try runner.build("enable_while_shown.c", in: DesktopSession.testsFolder.path)
        let report = try DesktopSession.runProgram([binary], window: "Enable later",
                                                   steps: [["tree": true], ["sleep": 2.5], ["tree": true], ["press": "Sign In"]],
                                                   environment: ["LD_LIBRARY_PATH": CProgramRunner.buildDirectory])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, "chose: Sign In\n")
        func signIn(_ tree: [[DesktopSession.Value]]) -> [String]? {
            for entry in tree where entry.count == 3 {
                if case .string("push button") = entry[0], case .string("Sign In") = entry[1], case .list(let states) = entry[2] { return states }
            }
            return nil
        }
        XCTAssertEqual(signIn(report.trees[0])?.contains("sensitive"), false, "disabled when shown")
        XCTAssertEqual(signIn(report.trees[1])?.contains("sensitive"), true, "enabled while shown")
    }

    func testInAGTK4AppTheSurfaceDrawsOnTheAppsOwnLoop() throws {
        let fixtures = CProgramRunner.projectRoot + "/Tests/Fixtures/python-host"
        let report = try DesktopSession.runProgram(
            ["/usr/bin/python3", fixtures + "/gtk_host.py"], window: "Sign in", steps: [["press": "Sign In"]],
            environment: ["RXMODAL_LIB": CProgramRunner.buildDirectory + "/librxmodal.so", "PYTHONPATH": fixtures,
                          "PYTHONDONTWRITEBYTECODE": "1"])
        XCTAssertNil(report.error)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, "chose: Sign In\nown GTK thread: no\n", report.stderr)
    }

    func testAProcessWithGTK3LoadedGetsAClearErrorInsteadOfACrash() throws {
        let result = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK", "--surface", "desktop"],
                                            environment: ["LD_PRELOAD": "libgtk-3.so.0", "DISPLAY": ":0"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("GTK 3 is already loaded in this process"), result.stderr)
    }

    func testTheDemoRunsTheSeedsFlowsInWindows() throws {
        // The first flow, answered in its window; the demo then goes on to the next
        // (and is ended there: each asks a person).
        let report = try DesktopSession.runProgram(
            [try RxmodalCommand.executablePath(), "demo", "--surface", "desktop"], window: "Sign in",
            steps: [["fill": "E-mail", "text": "ada@example.org"], ["fill": "Password", "text": "s3cret"],
                    ["press": "Sign In"], ["sleep": 1.0]],
            environment: ["RXMODAL_SENDMAIL": "/bin/false", "RXMODAL_SMS_COMMAND": "/bin/false"], deadline: 1)
        let lines = report.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "RxModal demo: the seed's modal flows on the desktop surface")
        XCTAssertTrue(lines.contains("   credentials: e-mail ada@example.org, password of 6 characters (not printed)"), report.stdout)
        XCTAssertTrue(lines.contains("2. Contact us → Mail: an action sheet, then the mail composer"), "on to the next flow")
    }

    func testRXMODAL_SURFACEChoosesTheSurfaceAndAnUnknownOneIsRefused() throws {
        let desktop = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK"],
                                             environment: ["RXMODAL_SURFACE": "desktop", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        XCTAssertEqual(desktop.status, 3, desktop.stderr)
        XCTAssertTrue(desktop.stderr.contains("the desktop surface cannot open a display"), "the desktop was chosen: \(desktop.stderr)")
        let terminal = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK"],
                                              environment: ["RXMODAL_SURFACE": "terminal"], input: "1\n")
        XCTAssertEqual(terminal.status, 0, "line mode without a controlling terminal: \(terminal.stderr)")
        XCTAssertTrue(terminal.stdout.contains(#""title":"OK""#), terminal.stdout)
        let unknown = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK"], environment: ["RXMODAL_SURFACE": "window"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("“window” is not a surface: give terminal or desktop"), unknown.stderr)
    }

    func testAModuleOthersCanWriteIsRefusedBeforeItIsMapped() throws {
        try DesktopSession.requireModule()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-hostile-surface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = URL(fileURLWithPath: try RxmodalCommand.executablePath()).deletingLastPathComponent()
            .appendingPathComponent("rxmodal-surface-gtk.so")
        let planted = folder.appendingPathComponent("rxmodal-surface-gtk.so")
        try FileManager.default.copyItem(at: built, to: planted)
        chmod(planted.path, 0o666)
        // The only folder searched (with the alert plugin beside it): the module is
        // refused for its mode, before anything of it is mapped, and the error says so.
        try FileManager.default.copyItem(at: built.deletingLastPathComponent().appendingPathComponent("librxmodal-alert.so"),
                                         to: folder.appendingPathComponent("librxmodal-alert.so"))
        let refused = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK", "--surface", "desktop"],
                                             environment: ["RXMODAL_PLUGIN_SYSTEM_PATH": folder.path, "RXMODAL_PLUGIN_SCANNER": "",
                                                           "DISPLAY": ":0"])
        XCTAssertEqual(refused.status, 3, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\(planted.path): unsafe permissions"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("is writable by group and others"), refused.stderr)
    }

    func testWithoutADisplayTheDesktopSurfaceSaysSo() throws {
        let result = try RxmodalCommand.run(["alert", "--title", "x", "--action", "OK", "--surface", "desktop"],
                                            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("the desktop surface cannot open a display"), result.stderr)
    }
}
