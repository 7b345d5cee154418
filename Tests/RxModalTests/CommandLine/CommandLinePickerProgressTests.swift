import XCTest
import Foundation
import Glibc
@testable import RxModalCommandLine

/// A picker over a library on the terminal surface shows how far its scan has
/// got while the user waits, and Esc there gives up: the scan stops and the
/// picker's cancelled result is printed (exit status 1).
final class CommandLinePickerProgressTests: RxTestCase {
    private func spawn(_ arguments: [String], on pty: PseudoTerminal, scratch: ScratchDirectory) throws -> TerminalChild {
        try TerminalChild.spawn([try RxmodalCommand.executablePath()] + arguments, on: pty,
                                environment: ["TERM=xterm", "HOME=\(scratch.path)", "XDG_CONFIG_HOME=\(scratch.path)/config",
                                              "XDG_CACHE_HOME=\(scratch.path)/cache"],
                                scratch: scratch)
    }

    func testTheScanShowsItsProgressThenTheChoice() throws {
        let scratch = try ScratchDirectory(for: self)
        let pictures = scratch.path + "/pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        try DemoMediaFiles.png(width: 2, height: 2, red: 0, green: 90, blue: 200).write(to: URL(fileURLWithPath: pictures + "/sky.png"))
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let child = try spawn(["photoPicker", "--library-roots", pictures, "--surface", "terminal"], on: pty, scratch: scratch)
        guard pty.waitFor("sky.png", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew its choice:\n\(pty.text)")
        }
        // Drawn before the scan starts, so always seen, however fast the scan.
        XCTAssertTrue(pty.text.contains("Scanning the library…"), pty.text)
        XCTAssertTrue(pty.text.contains("Esc cancels"), pty.text)
        pty.type("\r")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 0, "wait status \(status); screen:\n\(pty.text)")
        XCTAssertTrue(child.output.contains(#""path":"\#(pictures)/sky.png""#), child.output)
    }

    func testEscDuringTheScanStopsItAndPrintsTheCancelledResult() throws {
        let scratch = try ScratchDirectory(for: self)
        // Large enough that reading it cold takes far longer than a key press.
        let library = scratch.path + "/large"
        try LargeLibrary.write(at: library)
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let child = try spawn(["photoPicker", "--library-roots", library, "--surface", "terminal"], on: pty, scratch: scratch)
        guard pty.waitFor("files seen", seconds: 15) else {
            child.kill()
            return XCTFail("rxmodal never drew the scan's progress:\n\(pty.text)")
        }
        pty.type("\u{1B}")
        guard let status = child.waitForExit() else { return XCTFail("rxmodal did not end within 10 s:\n\(pty.text)") }
        XCTAssertEqual(status, 1 << 8, "exit status 1 (cancelled); wait status \(status); screen:\n\(pty.text)")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(child.output.utf8)) as? [String: Any], child.output)
        XCTAssertEqual((document["results"] as? [Any])?.count, 0)
        let scan = try XCTUnwrap(document["scan"] as? [String: Any])
        XCTAssertEqual(scan["cancelled"] as? Bool, true, "the scan was stopped, not finished: \(scan)")
        XCTAssertLessThan(scan["filesRead"] as? Int ?? 0, 20_000)
    }
}
