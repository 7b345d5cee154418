import XCTest
import Foundation
import RxModal
import RxModalPluginABI

/// The real alert plugin (its built shared object) presenting on the terminal
/// surface through `CSurfaceBridge`, typed into through a pty: the path a
/// person at a terminal takes.
final class TerminalAlertPluginTests: RxTestCase {
    func testASignInAlertIsAnsweredAtTheKeyboard() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("setTitle", .s("Sign in"))
        try alert.call("addTextField", .s("email"), .s("e-mail"), .s(""))
        try alert.call("addTextField", .s("password"), .s("password"), .s(""))
        try alert.call("addAction", .s("Cancel"), .s("cancel"))
        try alert.call("addAction", .s("Sign In"), .s("default"))
        try alert.call("setPreferredAction", .i(1))

        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let bridge = CSurfaceBridge(TerminalSurface.on(pty))
        let recorder = DialogEventRecorder()
        let completed = DispatchSemaphore(value: 0)
        var error = rxm_error()
        let disposable = alert.library.descriptor.pointee.present!(alert.pointer, bridge.surface, recorder.cObserver, &error)
        XCTAssertNotNil(disposable.dispose, "present failed: \(PluginFailure(error))")
        guard disposable.dispose != nil else { return }
        let handle = DialogDisposable(disposable)
        defer { handle.dispose() }
        recorder.onNext = { _ in completed.signal() }

        XCTAssertTrue(pty.waitFor("[>Sign In<]"), pty.text)
        pty.type("rx@example.org\tsecret")
        XCTAssertTrue(pty.waitFor("password: ******"), pty.text)
        pty.type("\r")
        XCTAssertEqual(completed.wait(timeout: .now() + 5), .success)
        let deadline = Date().addingTimeInterval(2)
        while recorder.events.count < 2 && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(recorder.events, [
            .next(["action": 1, "title": "Sign In", "style": "default", "textFields": ["rx@example.org", "secret"]]),
            .completed,
        ])
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }
}
