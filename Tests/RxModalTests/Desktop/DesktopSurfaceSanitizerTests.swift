import Foundation
import XCTest

/// The desktop surface's C code built with AddressSanitizer and run through the
/// primitives in real windows: no memory error in building, answering, updating or
/// dismissing a window. (GTK's own allocations that live as long as the process are
/// not leaks of ours, so leak detection is off.)
final class DesktopSurfaceSanitizerTests: RxTestCase {
    /// The module built with -fsanitize=address into a private folder of its own,
    /// which the runtime searches first (RXMODAL_PLUGIN_PATH).
    private func sanitizedModule() throws -> (folder: String, asan: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-asan-surface-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let flags = try runner.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "gtk4", "gio-unix-2.0", "x11"])
        try runner.check(flags, "pkg-config gtk4")
        try runner.check(runner.run("/usr/bin/env", ["gcc", "-std=c11", "-g", "-O1", "-fsanitize=address", "-fno-omit-frame-pointer",
                                                     "-fPIC", "-shared", "-fvisibility=hidden", "-I", CProgramRunner.projectRoot + "/Include",
                                                     CProgramRunner.projectRoot + "/surfaces/gtk/rxmodal_surface_gtk.c",
                                                     CProgramRunner.projectRoot + "/surfaces/gtk/rxmodal_surface_portal.c",
                                                     "-Wl,-z,defs", "-o", folder + "/rxmodal-surface-gtk.so"]
                                           + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)), "gcc -fsanitize=address")
        let asan = try runner.run("/usr/bin/env", ["gcc", "-print-file-name=libasan.so"])
        try runner.check(asan, "gcc -print-file-name")
        return (folder, asan.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func run(_ module: (folder: String, asan: String), _ arguments: [String], window: String,
                     steps: [[String: Any]], environment: [String: String] = [:]) throws -> DesktopSession.Report {
        let (folder, asan) = module
        // Only rxmodal runs sanitized: the variables go on its own command line.
        let variables = ["LD_PRELOAD=\(asan)", "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1", "RXMODAL_PLUGIN_PATH=\(folder)"]
            + environment.map { "\($0.key)=\($0.value)" }
        let report = try DesktopSession.runProgram(
            ["/usr/bin/env"] + variables + [try RxmodalCommand.executablePath()] + arguments + ["--surface", "desktop"],
            window: window, steps: steps)
        XCTAssertFalse(report.stderr.contains("AddressSanitizer"), report.stderr)
        return report
    }

    func testDialogsFormsAndDismissalsRunCleanUnderAddressSanitizer() throws {
        let module = try sanitizedModule()
        defer { try? FileManager.default.removeItem(atPath: module.folder) }
        let alert = try run(module, ["alert", "--title", "Sanitized", "--message", "m", "--text-field", "password:Password",
                             "--action", "cancel:Cancel", "--action", "OK"],
                            window: "Sanitized", steps: [["fill": "Password", "text": "x"], ["press": "OK"]])
        XCTAssertEqual(alert.stdout, #"{"action":1,"style":"default","textFields":["x"],"title":"OK"}"# + "\n")

        let escaped = try run(module, ["actionSheet", "--title", "Sheet", "--action", "A", "--action", "cancel:Cancel"],
                              window: "Sheet", steps: [["key": "Escape"]])
        XCTAssertEqual(escaped.status, 1, escaped.stderr)

        let form = try run(module, ["messageComposer", "--recipients", "+4512345678"], window: "New Message",
                           steps: [["fill": "Message", "text": "hi"], ["press": "Cancel"]],
                           environment: ["RXMODAL_SMS_COMMAND": "/bin/true"])
        XCTAssertEqual(form.stdout, #"{"result":"cancelled"}"# + "\n")

        let disposed = try run(module, ["alert", "--title", "Disposed", "--action", "OK", "--timeout", "1"],
                               window: "Disposed", steps: [["sleep": 2.0]])
        XCTAssertEqual(disposed.status, 5)
        XCTAssertFalse(disposed.windowLeft)

        // A search typed and answered at once with Return: the entry's delayed change
        // report comes after the window is gone.
        let pictures = module.folder + "/pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        for name in ["harbour.png", "meadow.png"] { try TestPictures.drawPNG(at: pictures + "/" + name) }
        let searched = try run(module, ["photoPicker", "--library-roots", "[\"\(pictures)\"]"], window: "Photos",
                               steps: [["fill": "Search", "text": "harb"], ["key": "Return"], ["sleep": 0.5]],
                               environment: ["XDG_CACHE_HOME": module.folder + "/cache"])
        XCTAssertEqual(searched.status, 0, searched.stderr)
        XCTAssertTrue(searched.stdout.contains("harbour.png"), searched.stdout)

        // Through the FileChooser portal: a request answered (Escape), and one closed by a dispose.
        let chooser = try run(module, ["photoPicker", "--source", "fileChooser"], window: "Photos", steps: [["key": "Escape"]])
        XCTAssertNil(chooser.error, chooser.stderr)
        XCTAssertEqual(chooser.status, 1, chooser.stderr)
        let closed = try run(module, ["photoPicker", "--source", "fileChooser", "--timeout", "2"], window: "Photos",
                             steps: [["sleep": 3.0]])
        XCTAssertNil(closed.error, closed.stderr)
        XCTAssertEqual(closed.status, 5, closed.stderr)
    }
}
