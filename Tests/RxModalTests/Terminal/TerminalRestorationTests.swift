import XCTest
import Foundation
import Glibc
@testable import RxModal
import RxModalPluginABI

/// The terminal is left as it was found — raw mode off, cursor shown — after an
/// answer, a dismissal and an error (checked with tcgetattr on the slave).
final class TerminalRestorationTests: RxTestCase {
    func testRawModeIsOnWhileShownAndOffAfterAnAnswer() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        XCTAssertTrue(before.isCanonicalWithEcho, "a fresh pty should start in canonical mode")
        let surface = TerminalSurface.on(pty)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        defer { surface.dismiss(presentation) }
        let during = TerminalSettingsSnapshot(pty.settings())
        XCTAssertEqual(during.local & tcflag_t(ICANON | ECHO), 0, "raw mode is not on while shown")
        XCTAssertNotEqual(during.local & tcflag_t(ISIG), 0, "Ctrl-C must still raise SIGINT")
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        pty.type("\r")
        XCTAssertEqual(probe.wait(), .success(["action": 0, "textFields": []]))
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
        XCTAssertTrue(pty.raw.contains("\u{1B}[?25l"), "the cursor was never hidden")
        XCTAssertTrue(pty.rawEnds(with: "\u{1B}[?25h"), "the cursor is not shown at the end: \(pty.raw.debugDescription)")
    }

    func testDismissWithoutAnAnswerRestoresTheTerminal() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let surface = TerminalSurface.on(pty)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.signIn, onResult: probe.onResult, onError: probe.onError)
        XCTAssertTrue(pty.waitFor("Sign in"))
        surface.dismiss(presentation)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
        XCTAssertTrue(pty.rawEnds(with: "\u{1B}[?25h"), pty.raw.debugDescription)
        // Keys after dismissal reach nobody.
        pty.type("\r")
        usleep(100_000)
        XCTAssertEqual(probe.all.count, 0)
    }

    func testAnErrorRestoresTheTerminalBeforeTheErrorIsReported() throws {
        // Keys come from a pipe, the screen (and raw mode) is the pty: closing
        // the pipe ends the input, which is an error for a dialog.
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let keys = Pipe()
        let before = TerminalSettingsSnapshot(pty.settings())
        let surface = TerminalSurface(input: keys.fileHandleForReading.fileDescriptor, output: pty.slave,
                                      environment: ["TERM": "xterm"], mode: .interactive)
        let settingsAtError = LockedBox<TerminalSettingsSnapshot?>(nil)
        let probe = PresentationProbe()
        let slave = pty.slave
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: { error in
            var current = termios()
            tcgetattr(slave, &current)
            settingsAtError.value = TerminalSettingsSnapshot(current)
            probe.onError(error)
        })
        defer { surface.dismiss(presentation) }
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()).local & tcflag_t(ICANON), 0)
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        try keys.fileHandleForWriting.close()
        guard case .failure(.plugin(let code, let message))? = probe.wait() else {
            return XCTFail("expected an I/O error, got \(probe.all)")
        }
        XCTAssertEqual(code, Int32(RXM_ERR_IO))
        XCTAssertTrue(message.contains("the input ended"), message)
        XCTAssertEqual(settingsAtError.value, before)
        XCTAssertTrue(pty.rawEnds(with: "\u{1B}[?25h"), pty.raw.debugDescription)
    }

    func testANestedPresentationKeepsRawModeUntilTheLastIsGone() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let surface = TerminalSurface.on(pty)
        let parent = try surface.show(spec: Specs.share, onResult: { _ in }, onError: { _ in })
        let child = try surface.show(spec: Specs.permission, onResult: { _ in }, onError: { _ in })
        surface.dismiss(child)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()).local & tcflag_t(ICANON), 0)
        surface.dismiss(parent)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
    }
}

/// A value shared with a callback on another thread.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
