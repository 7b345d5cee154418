import XCTest
import Foundation
@testable import RxModal
import RxModalPluginABI

/// openURL starts a browser command without a shell and answers once it started.
final class TerminalOpenURLTests: RxTestCase {
    private func open(_ spec: ModalValue, environment: [String: String]) throws -> Result<ModalValue, ModalError>? {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface(input: pty.slave, output: pty.slave, environment: environment)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: spec, onResult: probe.onResult, onError: probe.onError)
        defer { surface.dismiss(presentation) }
        let outcome = probe.wait()
        XCTAssertFalse(probe.wasCalled(on: pthread_self()))
        return outcome
    }

    private func marker() -> String {
        NSTemporaryDirectory() + "rxmodal-open-\(UUID().uuidString)"
    }

    private func waitForFile(_ path: String) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(10_000)
        }
        return false
    }

    func testTheSpecsBrowserCommandGetsTheURLAsItsLastArgument() throws {
        // `touch` as the browser: the "URL" is a path, so the file shows it ran
        // with exactly that argument (spaces and all: no shell splits it).
        let path = marker() + " with space"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try open(["primitive": "openURL", "url": .string(path), "browser": "touch"],
                               environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(outcome, .success(["opened": true]))
        XCTAssertTrue(waitForFile(path))
    }

    func testBrowserVariableIsUsedWhenTheSpecNamesNone() throws {
        let path = marker()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try open(["primitive": "openURL", "url": .string(path)],
                               environment: ["PATH": "/usr/bin:/bin", "BROWSER": "touch:firefox"])
        XCTAssertEqual(outcome, .success(["opened": true]))
        XCTAssertTrue(waitForFile(path))
    }

    func testABrowserThatCannotStartIsAnError() throws {
        let outcome = try open(["primitive": "openURL", "url": "https://example.org", "browser": "/nonexistent/browser --new"],
                               environment: ["PATH": "/usr/bin:/bin"])
        guard case .failure(.plugin(let code, let message))? = outcome else {
            return XCTFail("expected an error, got \(String(describing: outcome))")
        }
        XCTAssertEqual(code, Int32(RXM_ERR_IO))
        XCTAssertTrue(message.contains("cannot start \"/nonexistent/browser\""), message)
    }

    func testCommandDefaultsToXdgOpen() {
        XCTAssertEqual(URLOpener.command(for: ["primitive": "openURL", "url": "u"], environment: [:]), ["xdg-open", "u"])
        XCTAssertEqual(URLOpener.command(for: ["primitive": "openURL", "url": "u", "browser": "firefox --private-window"],
                                         environment: ["BROWSER": "chromium"]), ["firefox", "--private-window", "u"])
    }
}
