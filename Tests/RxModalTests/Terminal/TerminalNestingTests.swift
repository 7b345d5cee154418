import XCTest
import Foundation
@testable import RxModal

/// A presentation shown while another waits is drawn on top and gets the keys;
/// the one below is drawn again when it is gone.
final class TerminalNestingTests: RxTestCase {
    func testAChildShownFromTheParentsCallbackGetsTheKeysAndTheParentReturns() throws {
        // The share sheet's answer shows the mail form (as the demo flow does);
        // a second dialog shown on top of the form is answered, and the form is
        // drawn again and answered last.
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let sheet = PresentationProbe()
        let form = PresentationProbe()
        let formPresentation = LockedBox<SurfacePresentation?>(nil)
        let sheetPresentation = try surface.show(spec: Specs.share, onResult: { value in
            sheet.onResult(value)
            formPresentation.value = try? surface.show(spec: Specs.mail, onResult: form.onResult, onError: form.onError)
        }, onError: sheet.onError)
        defer { surface.dismiss(sheetPresentation) }
        XCTAssertTrue(pty.waitFor("> 1  Mail"))
        pty.type("\r")
        XCTAssertEqual(sheet.wait(), .success(["action": 0, "textFields": []]))
        XCTAssertTrue(pty.waitFor("New Message"), pty.text)
        defer { formPresentation.value.map(surface.dismiss) }

        let mark = pty.text.count
        let alert = PresentationProbe()
        let alertPresentation = try surface.show(spec: Specs.permission, onResult: alert.onResult, onError: alert.onError)
        defer { surface.dismiss(alertPresentation) }
        XCTAssertTrue(pty.waitFor("Allow access to Photos?", after: mark), pty.text)
        pty.type("\u{1B}")
        XCTAssertEqual(alert.wait(), .success(["action": 0]))
        XCTAssertTrue(pty.waitFor("New Message", after: mark + 1), "the form was not drawn again:\n\(pty.text)")
        XCTAssertEqual(form.all.count, 0, "a key for the alert reached the form")

        pty.type("x\u{1B}")
        XCTAssertEqual(form.wait()?.map { $0["fields"]?["to"] }, .success(["a@b.cx"]))
    }

    func testDismissingTheChildRedrawsTheParent() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let parent = try surface.show(spec: Specs.share, onResult: { _ in }, onError: { _ in })
        defer { surface.dismiss(parent) }
        XCTAssertTrue(pty.waitFor("Share"))
        let child = try surface.show(spec: Specs.permission, onResult: { _ in }, onError: { _ in })
        XCTAssertTrue(pty.waitFor("Allow access"))
        let mark = pty.text.count
        surface.dismiss(child)
        XCTAssertTrue(pty.waitFor("> 1  Mail", after: mark), pty.text)
        // The child's three lines were erased (cursor up 3, clear) before the parent came back.
        let raw = pty.raw
        let afterChild = raw.range(of: "[>Allow<]").map { String(raw[$0.upperBound...]) } ?? ""
        XCTAssertTrue(afterChild.contains("\u{1B}[3A\r\u{1B}[J\u{1B}[1mShare"), raw.debugDescription)
    }
}
