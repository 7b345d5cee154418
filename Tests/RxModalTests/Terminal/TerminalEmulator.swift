import XCTest
import Foundation

/// What a terminal emulator shows after being sent some bytes: the screen's
/// rows, the window title, and which characters are coloured. The emulator is
/// pyte (Debian's python3-pyte), so tests check what a person would see rather
/// than which bytes were written; it keeps a scrollback, and wraps a wide
/// character that does not fit in the last column as xterm and tmux do.
struct EmulatedScreen {
    /// The screen's rows, padded with spaces to its width.
    let rows: [String]
    /// The window title set through OSC 0/2; empty when nothing set one.
    let title: String
    /// The rows again, with every character drawn in a colour other than the
    /// default (foreground or background) kept and every other one a space.
    let colouredRows: [String]
    /// Rows that scrolled off the top, oldest first (the scrollback).
    let scrollback: [String]
    /// Whether the cursor is hidden (ESC[?25l) at the end.
    let cursorHidden: Bool
    /// Whether bracketed paste (ESC[?2004h) is on at the end.
    let bracketedPaste: Bool

    /// The scrollback and then the screen: everything the user can scroll through.
    var allRows: [String] { scrollback + rows }

    /// How many rows, of the scrollback and the screen, contain `needle`.
    func count(_ needle: String) -> Int { allRows.filter { $0.contains(needle) }.count }

    var text: String { rows.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n") }

    /// The row that contains `needle`, if one does.
    func row(containing needle: String) -> Int? { rows.firstIndex { $0.contains(needle) } }

    /// Feeds `bytes` to a fresh emulated terminal of the given size; skips the
    /// test when no Python with pyte is installed (scripts/test installs it).
    /// A window resized to `columns` × `rows` after the first `offset` bytes.
    struct Resize {
        let offset: Int
        let columns: Int
        let rows: Int
    }

    static func render(_ bytes: [UInt8], columns: Int = 100, rows: Int = 40, resizes: [Resize] = []) throws -> EmulatedScreen {
        guard let python = pythonWithPyte else { throw XCTSkip("no python3 with pyte (apt-get install python3-pyte)") }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-emulated-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let events = resizes.map { "\($0.offset),\($0.columns),\($0.rows)" }.joined(separator: ";")
        process.arguments = ["-c", script, input.path, String(columns), String(rows), events]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let shown = object["rows"] as? [String], let title = object["title"] as? String,
              let coloured = object["coloured"] as? [String], let history = object["history"] as? [String],
              let hidden = object["hidden"] as? Bool, let paste = object["paste"] as? Bool else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "pyte failed: \(String(decoding: data, as: UTF8.self))"])
        }
        return EmulatedScreen(rows: shown, title: title, colouredRows: coloured, scrollback: history, cursorHidden: hidden,
                              bracketedPaste: paste)
    }

    private static let script = """
    import json, sys, pyte
    from wcwidth import wcwidth
    class Screen(pyte.HistoryScreen):
        # xterm, tmux and VTE move a wide character that does not fit in the
        # last column to the next row; pyte would cut it in half.
        def draw(self, data):
            for character in data:
                if wcwidth(character) == 2 and self.cursor.x == self.columns - 1 and pyte.modes.DECAWM in self.mode:
                    self.carriage_return()
                    self.linefeed()
                super().draw(character)
    columns, rows = int(sys.argv[2]), int(sys.argv[3])
    screen = Screen(columns, rows, history=100000)
    stream = pyte.ByteStream(screen)
    data = open(sys.argv[1], "rb").read()
    done = 0
    for event in filter(None, sys.argv[4].split(";")):
        offset, columns, rows = map(int, event.split(","))
        stream.feed(data[done:offset])
        done = offset
        screen.resize(rows, columns)
    stream.feed(data[done:])
    def coloured(y):
        line = screen.buffer[y]
        return "".join(line[x].data if line[x].fg != "default" or line[x].bg != "default" else " " for x in range(columns))
    history = ["".join(line[x].data for x in range(columns)) for line in screen.history.top]
    print(json.dumps({"rows": screen.display, "title": screen.title, "coloured": [coloured(y) for y in range(rows)],
                      "history": history, "hidden": screen.cursor.hidden,
                      "paste": (2004 << 5) in screen.mode}))
    """

    private static let pythonWithPyte: String? = {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: candidate) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: candidate)
            probe.arguments = ["-c", "import pyte"]
            probe.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            probe.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            probe.standardError = FileHandle(forWritingAtPath: "/dev/null")
            guard (try? probe.run()) != nil else { continue }
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return candidate }
        }
        return nil
    }()
}
