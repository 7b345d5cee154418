import XCTest
import Foundation
import Glibc
@testable import RxModal

/// A dialog stays inside the window whatever its width, its height and the
/// text typed: every redraw replaces the last one, so nothing of it is left
/// on the screen or in the scrollback (checked through a terminal emulator, in
/// 20- and 100-column windows).
final class TerminalWindowFitTests: RxTestCase {
    private static let windowWidths: [UInt16] = [20, 100]

    func testAWideCharacterWrappingAtTheRightEdgeLeavesNoCopyOfTheTitle() throws {
        // "> Alias: Zoë 東京xy" puts a wide character across the 20th column; ten
        // more take the line to exactly 40 columns by count but 41 cells on screen.
        let spec: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Rename",
                                "textFields": [["kind": "plain", "placeholder": "Alias"]],
                                "actions": [["title": "OK", "style": "default"]]]
        for columns in Self.windowWidths {
            let pty = try PseudoTerminal(columns: columns, rows: 12)
            defer { pty.close() }
            var screen: EmulatedScreen?
            let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, spec, waitFor: "[>OK<]") {
                for typed in ["Zoë 東京", "xy"] + Array(repeating: "東", count: 10) + ["!"] {
                    let drawn = pty.text.count
                    pty.type(typed)
                    XCTAssertTrue(pty.waitFor("[>OK<]", after: drawn), pty.text)
                }
                screen = try? EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 12)
                pty.type("\r")
            }
            XCTAssertEqual(outcome, .success(["action": 0, "textFields": ["Zoë 東京xy東東東東東東東東東東!"]]))
            let shown = try XCTUnwrap(screen)
            XCTAssertEqual(shown.count("Rename"), 1, "\(columns) columns: copies of the title:\n\(shown.allRows.joined(separator: "\n"))")
            XCTAssertEqual(shown.count("[>OK<]"), 1, "\(columns) columns:\n\(shown.text)")
        }
    }

    func testAMessageTallerThanTheWindowScrollsInsideIt() throws {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        let spec: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Terms", "message": .string(words),
                                "actions": [["title": "No", "style": "cancel"], ["title": "Accept", "style": "default"]]]
        for columns in Self.windowWidths {
            let pty = try PseudoTerminal(columns: columns, rows: 30)
            defer { pty.close() }
            var screens: [EmulatedScreen] = []
            let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, spec, waitFor: "[>Accept<]") {
                XCTAssertTrue(pty.waitFor("more (PgDn)"), "no sign of more text below:\n\(pty.text)")
                for key in ["\u{1B}[B", "\u{1B}[B", "\u{1B}[6~", "\u{1B}[5~", "\u{1B}[F"] {
                    let drawn = pty.text.count
                    pty.type(key)
                    XCTAssertTrue(pty.waitFor("[>Accept<]", after: drawn), pty.text)
                }
                usleep(50_000)
                screens.append(try! EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 30))
                let drawn = pty.text.count
                pty.type("\u{1B}[H")
                XCTAssertTrue(pty.waitFor("[>Accept<]", after: drawn), pty.text)
                usleep(50_000)
                screens.append(try! EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 30))
                pty.type("\r")
            }
            XCTAssertEqual(outcome, .success(["action": 1, "textFields": []]))
            for shown in screens {
                let everything = shown.allRows.joined(separator: "\n")
                XCTAssertEqual(shown.count("Terms"), 1, "\(columns) columns: copies of the dialog:\n\(everything)")
                XCTAssertEqual(shown.count("Accept"), 1, "\(columns) columns: copies of the dialog:\n\(everything)")
                XCTAssertNotNil(shown.row(containing: "[>Accept<]"), "the action row is off the screen:\n\(shown.text)")
            }
            // Rows break between words, so each word is whole on one row.
            XCTAssertNotNil(screens[0].row(containing: "word400"), "End did not scroll to the end:\n\(screens[0].text)")
            XCTAssertNotNil(screens[0].row(containing: "↑"), screens[0].text)
            XCTAssertNotNil(screens[1].row(containing: "word1 "), "Home did not scroll to the top:\n\(screens[1].text)")
            XCTAssertFalse(screens.contains { $0.rows.contains { $0.hasPrefix("rd") } }, "a word was cut:\n\(screens[0].text)")
            XCTAssertNotNil(screens[1].row(containing: "↓"), screens[1].text)
        }
    }

    func testAPickerInASmallWindowLeavesNoCopyWhileMoving() throws {
        let items: [ModalValue] = (1...40).map { ["title": .string("Photo \($0)")] }
        let spec: ModalValue = ["primitive": "choice", "title": "Photos", "prompt": "Pick photos", "multiple": true,
                                "items": .array(items)]
        for columns in Self.windowWidths {
            let pty = try PseudoTerminal(columns: columns, rows: 15)
            defer { pty.close() }
            var screen: EmulatedScreen?
            let outcome = try presentAndDrive(TerminalSurface.on(pty), pty, spec, waitFor: "> [ ] Photo 1") {
                for _ in 1...14 {
                    let drawn = pty.text.count
                    pty.type("\u{1B}[B")
                    XCTAssertTrue(pty.waitFor("Photo", after: drawn), pty.text)
                }
                XCTAssertTrue(pty.waitFor("> [ ] Photo 15"), pty.text)
                screen = try? EmulatedScreen.render(pty.bytes, columns: Int(columns), rows: 15)
                pty.type(" \r")
            }
            XCTAssertEqual(outcome, .success(["selected": [14]]))
            let shown = try XCTUnwrap(screen)
            let everything = shown.allRows.joined(separator: "\n")
            XCTAssertEqual(shown.count("Photos"), 1, "\(columns) columns: copies of the picker:\n\(everything)")
            XCTAssertEqual(shown.count("Pick photos"), 1, "\(columns) columns: copies of the picker:\n\(everything)")
            XCTAssertNotNil(shown.row(containing: "> [ ] Photo 15"), shown.text)
        }
    }

    func testResizingTheWindowRedrawsAtOnceWithoutStaleRows() throws {
        let message = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 3)
        let spec: ModalValue = ["primitive": "dialog", "style": "alert", "title": "Resize me", "message": .string(message),
                                "actions": [["title": "Later", "style": "cancel"], ["title": "Now", "style": "default"]]]
        let pty = try PseudoTerminal(columns: 100, rows: 20)
        defer { pty.close() }
        let pid = try ProbeChild.spawn(ProbeChild.probePath(), [spec.json], on: pty)
        defer { kill(pid, SIGKILL); _ = ProbeChild.waitForExit(pid) }
        XCTAssertTrue(pty.waitFor("[>Now<]"), pty.text)
        var resizes: [EmulatedScreen.Resize] = []
        for (columns, rows) in [(20, 20), (100, 20), (40, 12)] as [(UInt16, UInt16)] {
            let drawn = pty.text.count
            resizes.append(.init(offset: pty.bytes.count, columns: Int(columns), rows: Int(rows)))
            pty.resize(columns: columns, rows: rows)
            // No key is typed: the new size alone must bring a redraw.
            XCTAssertTrue(pty.waitFor("[>Now<]", after: drawn), "no redraw after resizing to \(columns)×\(rows):\n\(pty.text)")
            usleep(100_000)
            let screen = try EmulatedScreen.render(pty.bytes, columns: 100, rows: 20, resizes: resizes)
            let everything = screen.allRows.joined(separator: "\n")
            XCTAssertEqual(screen.count("Resize me"), 1, "\(columns)×\(rows): stale rows:\n\(everything)")
            XCTAssertEqual(screen.count("[>Now<]"), 1, "\(columns)×\(rows): stale rows:\n\(everything)")
        }
        pty.type("\r")
        XCTAssertEqual(ProbeChild.waitForExit(pid), 0)
    }
}
