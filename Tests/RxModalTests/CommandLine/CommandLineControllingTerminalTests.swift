import XCTest
import Foundation
import Glibc

/// `rxmodal` started from a terminal with its standard input a pipe and its
/// output redirected — `echo x | rxmodal …`, `find … | while read f; do rxmodal
/// …; done` — asks on the terminal, as dialog and whiptail do: the dialog is
/// drawn on the controlling terminal, answered by keys typed there, the JSON
/// goes to standard output, and the pipe is left to the script.
final class CommandLineControllingTerminalTests: RxTestCase {
    private let okArguments = ["alert", "--title", "Pick", "--action", "cancel:Cancel", "--action", "OK"]
    private let okResult = #"{"action":1,"style":"default","textFields":[],"title":"OK"}"# + "\n"

    private func answerOnTheTerminal(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let child = try TerminalChild.spawn([try RxmodalCommand.executablePath()] + arguments, on: pty, input: .pipe("x\n"),
                                            errorToFile: true, scratch: scratch)
        guard pty.waitFor("[>OK<]", seconds: 15) else {
            child.kill()
            _ = child.unreadInput()
            return XCTFail("rxmodal never drew its dialog on the terminal:\n\(pty.text)\nstderr: \(child.errors)", file: file, line: line)
        }
        XCTAssertTrue(pty.text.contains("Pick"), pty.text, file: file, line: line)
        pty.type("\r")
        guard let status = child.waitForExit() else {
            _ = child.unreadInput()
            return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)", file: file, line: line)
        }
        XCTAssertEqual(status, 0, "wait status \(status); stderr: \(child.errors)", file: file, line: line)
        XCTAssertEqual(child.output, okResult, file: file, line: line)
        XCTAssertEqual(child.errors, "", file: file, line: line)
        XCTAssertEqual(child.unreadInput(), "x\n", "rxmodal read the pipe meant for the script", file: file, line: line)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before, file: file, line: line)
    }

    func testWithoutSurfaceOptionAPipedStandardInputStillAsksOnTheTerminal() throws {
        try answerOnTheTerminal(okArguments)
    }

    func testSurfaceTerminalWithAPipedStandardInputAsksOnTheTerminal() throws {
        try answerOnTheTerminal(okArguments + ["--surface", "terminal"])
    }

    func testAShellLoopOverPipedLinesAsksOnTheTerminalForEachLine() throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let loop = #"printf 'one.jpg\ntwo.jpg\n' | while read f; do "$0" alert --title "Keep $f?" --action Keep --action Delete; done"#
        let child = try TerminalChild.spawn(["/bin/sh", "-c", loop, try RxmodalCommand.executablePath()], on: pty,
                                            errorToFile: true, scratch: scratch)
        guard pty.waitFor("Keep one.jpg?", seconds: 15), pty.waitFor("[>Keep<]") else {
            child.kill()
            return XCTFail("the first dialog was never drawn:\n\(pty.text)\nstderr: \(child.errors)")
        }
        let drawn = pty.text.count
        pty.type("\r")
        guard pty.waitFor("Keep two.jpg?", after: drawn, seconds: 15), pty.waitFor("[>Keep<]", after: drawn) else {
            child.kill()
            return XCTFail("the second dialog was never drawn:\n\(pty.text)\nstderr: \(child.errors)")
        }
        pty.type("\u{1B}[C\r")
        guard let status = child.waitForExit() else { return XCTFail("the loop did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 0, "wait status \(status); stderr: \(child.errors)")
        XCTAssertEqual(child.output, #"{"action":0,"style":"default","textFields":[],"title":"Keep"}"# + "\n"
                                     + #"{"action":1,"style":"default","textFields":[],"title":"Delete"}"# + "\n")
    }

    /// Shows the dialog with standard input a pipe, interrupts it with `interrupt`,
    /// and checks that it died of `signalNumber` with the terminal restored.
    private func assertInterrupted(by signalNumber: Int32, file: StaticString = #filePath, line: UInt = #line,
                                   _ interrupt: (PseudoTerminal, TerminalChild) -> Void) throws {
        let scratch = try ScratchDirectory(for: self)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let child = try TerminalChild.spawn([try RxmodalCommand.executablePath()] + okArguments, on: pty, input: .pipe("x\n"),
                                            errorToFile: true, scratch: scratch)
        defer { _ = child.unreadInput() }
        guard pty.waitFor("[>OK<]", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew its dialog on the terminal:\n\(pty.text)\nstderr: \(child.errors)", file: file, line: line)
        }
        XCTAssertFalse(TerminalSettingsSnapshot(pty.settings()).isCanonicalWithEcho, "the terminal is not in raw mode", file: file, line: line)
        interrupt(pty, child)
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s", file: file, line: line) }
        XCTAssertEqual(status & 0x7F, signalNumber, "wait status \(status)", file: file, line: line)
        XCTAssertEqual(child.output, "", file: file, line: line)
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before, file: file, line: line)
    }

    func testCtrlCWithAPipedStandardInputRestoresTheTerminalAndEndsBySIGINT() throws {
        try assertInterrupted(by: SIGINT) { pty, _ in pty.type("\u{03}") }
    }

    func testSIGTERMWithAPipedStandardInputRestoresTheTerminalAndEndsBySIGTERM() throws {
        try assertInterrupted(by: SIGTERM) { _, child in kill(child.pid, SIGTERM) }
    }
}
