import XCTest
import Foundation
@testable import RxModal

/// The ModalSurface timing contract on the terminal surface.
final class TerminalTimingTests: RxTestCase {
    func testKeysAlreadyWaitingDoNotAnswerInsideShow() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        // Enter is typed before the dialog is shown: it is read on the reader
        // thread, after show has returned.
        pty.type("\r")
        usleep(50_000)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        XCTAssertFalse(probe.wasCalled(on: pthread_self()))
        XCTAssertEqual(probe.wait(), .success(["action": 0, "textFields": []]))
        surface.dismiss(presentation)
    }

    func testDismissFromInsideTheCallbackReturnsAtOnce() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let holder = LockedBox<SurfacePresentation?>(nil)
        let dismissed = DispatchSemaphore(value: 0)
        let ready = DispatchSemaphore(value: 0)
        let presentation = try surface.show(spec: Specs.share, onResult: { _ in
            ready.wait()
            if let own = holder.value { surface.dismiss(own) }
            dismissed.signal()
        }, onError: { _ in })
        holder.value = presentation
        ready.signal()
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        pty.type("\r")
        XCTAssertEqual(dismissed.wait(timeout: .now() + 5), .success)
    }

    func testDismissFromAnotherThreadWaitsForARunningCallback() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let inCallback = DispatchSemaphore(value: 0)
        let finished = LockedBox(false)
        let presentation = try surface.show(spec: Specs.share, onResult: { _ in
            inCallback.signal()
            usleep(200_000)
            finished.value = true
        }, onError: { _ in })
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        pty.type("\r")
        XCTAssertEqual(inCallback.wait(timeout: .now() + 5), .success)
        surface.dismiss(presentation)
        XCTAssertTrue(finished.value, "dismiss returned while the callback was still running")
    }

    func testUpdateAfterTheAnswerIsRefused() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let probe = PresentationProbe()
        let presentation = try surface.show(spec: Specs.share, onResult: probe.onResult, onError: probe.onError)
        defer { surface.dismiss(presentation) }
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        pty.type("\r")
        XCTAssertNotNil(probe.wait())
        XCTAssertThrowsError(try surface.update(presentation, patch: ["title": "Later"]))
    }

    func testAnInvalidSpecThrowsAndLeavesTheTerminalAlone() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = TerminalSettingsSnapshot(pty.settings())
        let surface = TerminalSurface.on(pty)
        XCTAssertThrowsError(try surface.show(spec: ["primitive": "dialog", "style": "alert", "actions": []],
                                              onResult: { _ in }, onError: { _ in }))
        XCTAssertEqual(TerminalSettingsSnapshot(pty.settings()), before)
        XCTAssertEqual(pty.raw, "")
    }
}
