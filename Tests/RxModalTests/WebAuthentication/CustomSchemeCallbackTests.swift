import XCTest
import Foundation
import Glibc
import RxCore
import RxModal
import RxTestSupport

/// Custom callback schemes (myapp://callback): refused unless a desktop entry
/// routes the scheme; when one does, the program it runs
/// (`rxmodal-webauth-callback <url>`, built beside the tests) hands the URL to
/// the waiting session through its private socket.
final class CustomSchemeCallbackTests: RxTestCase {
    private var directory: URL!
    private let environment = EnvironmentOverride()

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-scheme-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let applications = directory.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try """
        [Desktop Entry]
        Type=Application
        Name=RxModal test sign-in callback
        Exec=\(DialogPluginLibrary.buildDirectory)/rxmodal-webauth-callback %u
        MimeType=text/plain;x-scheme-handler/rxmodaltest;
        NoDisplay=true

        """.write(to: applications.appendingPathComponent("rxmodaltest-callback.desktop"), atomically: true, encoding: .utf8)
        for (name, value) in [("XDG_DATA_HOME", directory.appendingPathComponent("data").path),
                              ("XDG_DATA_DIRS", directory.appendingPathComponent("data").path),
                              ("XDG_RUNTIME_DIR", directory.appendingPathComponent("runtime").path)] {
            environment.set(name, value)
        }
    }

    override func tearDownWithError() throws {
        environment.restore()
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// Runs the callback helper; its exit status and standard error.
    private func deliver(_ url: String) throws -> (status: Int32, message: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DialogPluginLibrary.buildDirectory + "/rxmodal-webauth-callback")
        process.arguments = [url]
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    func testARoutedSchemeReceivesTheCallbackThroughTheHelper() throws {
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=rxmodaltest%3A%2F%2Fcallback&state=S-42")!
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<WebAuthenticationCallback>()
        let subscription = RxModal.webAuthenticationCallback(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        defer { subscription.dispose() }
        surface.waitUntilShown(2)
        // The URL is opened as given: no port to fill in.
        XCTAssertEqual(surface.transcript.first?["spec"]?["url"]?.stringValue, url.absoluteString)

        let wrongState = try deliver("rxmodaltest://callback?code=x&state=forged")
        XCTAssertEqual(wrongState.status, 1)
        XCTAssertTrue(wrongState.message.contains("refused: the state"), wrongState.message)
        let wrongPath = try deliver("rxmodaltest://elsewhere?code=x&state=S-42")
        XCTAssertEqual(wrongPath.status, 1)
        XCTAssertTrue(wrongPath.message.contains("refused"), wrongPath.message)
        XCTAssertTrue(recorder.events.isEmpty, "\(recorder.events)")

        XCTAssertEqual(try deliver("rxmodaltest://callback?code=secret-code&state=S-42").status, 0)
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements.first?.url, URL(string: "rxmodaltest://callback?code=secret-code&state=S-42"))
        XCTAssertEqual(recorder.elements.first?.redirectURI, URL(string: "rxmodaltest://callback"))
        XCTAssertFalse(surface.transcriptJSON.contains("secret-code"))

        // Once delivered, no session waits any more.
        let late = try deliver("rxmodaltest://callback?code=again&state=S-42")
        XCTAssertEqual(late.status, 1)
        XCTAssertTrue(late.message.contains("no session is waiting"), late.message)
    }

    func testARepeatedStateOrCodeIsRefusedAndTheSessionGoesOnWaiting() throws {
        try assertRefusedWhileWaiting(state: "S-9", ["rxmodaltest://callback?state=S-9&state=bad&code=x",
                                                     "rxmodaltest://callback?state=S-9&code=x&code=y"],
                                      reason: "refused: a parameter is repeated")
    }

    // Found by fuzzing (scripts/fuzz webauth-request): a malformed parameter name
    // ended the count of states early, so a second state after it went unseen.
    func testAMalformedParameterNameCannotHideARepeatedState() throws {
        try assertRefusedWhileWaiting(state: "S-8", ["rxmodaltest://callback?%zz=1&state=S-8&state=bad&code=x",
                                                     "rxmodaltest://callback?c%2p0d&state=S-8"],
                                      reason: "refused: not a well-formed URL")
    }

    /// Delivers each of `refused` to a session waiting for `state`: each is
    /// refused saying `reason` and the session goes on waiting, until a good
    /// callback ends it.
    private func assertRefusedWhileWaiting(state: String, _ refused: [String], reason: String,
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=rxmodaltest%3A%2F%2Fcallback&state=\(state)")!
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        defer { subscription.dispose() }
        surface.waitUntilShown(2)
        for callback in refused {
            let answer = try deliver(callback)
            XCTAssertEqual(answer.status, 1, callback, file: file, line: line)
            XCTAssertTrue(answer.message.contains(reason), answer.message, file: file, line: line)
        }
        XCTAssertTrue(recorder.events.isEmpty, "\(recorder.events)", file: file, line: line)
        XCTAssertEqual(try deliver("rxmodaltest://callback?state=\(state)&code=x").status, 0, file: file, line: line)
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements, [URL(string: "rxmodaltest://callback?state=\(state)&code=x")!], file: file, line: line)
    }

    func testXdgOpenRoutesTheCallbackThroughTheDesktopEntryToTheSession() throws {
        guard access("/usr/bin/xdg-open", X_OK) == 0 else {
            throw XCTSkip("xdg-open is not installed: install the Debian package xdg-utils (scripts/test does so when run as root)")
        }
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=rxmodaltest%3A%2F%2Fcallback&state=S-7")!
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        defer { subscription.dispose() }
        surface.waitUntilShown(2)

        // What a browser does with a redirect to a scheme it does not handle: xdg-open.
        // xdg-open consults x-scheme-handler entries only on a desktop, which it
        // recognises by DISPLAY alone; nothing here draws on a display.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = ["rxmodaltest://callback?code=from-xdg-open&state=S-7"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":rxmodal-test"
        environment["BROWSER"] = nil
        environment["XDG_CURRENT_DESKTOP"] = nil
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdg-open failed")
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements, [URL(string: "rxmodaltest://callback?code=from-xdg-open&state=S-7")!])
    }

    func testTheRedirectURIMustUseTheCallbackScheme() throws {
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=s")!
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = runModal(RxModal.webAuthenticationSession(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface)).asObservable())
        XCTAssertTrue("\(recorder.error.map { "\($0)" } ?? "none")".contains("redirect_uri must be a rxmodaltest: URI"), "\(String(describing: recorder.error))")
        XCTAssertTrue(surface.transcript.isEmpty)
    }

    func testDisposingRemovesTheSocketSoTheHelperFindsNoSession() throws {
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=rxmodaltest%3A%2F%2Fcallback&state=S")!
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        surface.waitUntilShown(2)
        subscription.dispose()
        let outcome = try deliver("rxmodaltest://callback?code=x&state=S")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.message.contains("no session is waiting"), outcome.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("runtime/rxmodal-webauth/rxmodaltest.socket").path))
        XCTAssertTrue(recorder.events.isEmpty)
    }
}
