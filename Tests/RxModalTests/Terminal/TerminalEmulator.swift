import XCTest
import Foundation

/// What a terminal emulator shows after being sent some bytes: the screen's
/// rows, the window title, and which characters are coloured. The emulator is
/// pyte (Debian's python3-pyte), so tests check what a person would see rather
/// than which bytes were written.
struct EmulatedScreen {
    /// The screen's rows, padded with spaces to its width.
    let rows: [String]
    /// The window title set through OSC 0/2; empty when nothing set one.
    let title: String
    /// The rows again, with every character drawn in a colour other than the
    /// default (foreground or background) kept and every other one a space.
    let colouredRows: [String]

    var text: String { rows.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n") }

    /// The row that contains `needle`, if one does.
    func row(containing needle: String) -> Int? { rows.firstIndex { $0.contains(needle) } }

    /// Feeds `bytes` to a fresh emulated terminal of the given size; skips the
    /// test when no Python with pyte is installed (scripts/test installs it).
    static func render(_ bytes: [UInt8], columns: Int = 100, rows: Int = 40) throws -> EmulatedScreen {
        guard let python = pythonWithPyte else { throw XCTSkip("no python3 with pyte (apt-get install python3-pyte)") }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-emulated-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, input.path, String(columns), String(rows)]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let shown = object["rows"] as? [String], let title = object["title"] as? String,
              let coloured = object["coloured"] as? [String] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "pyte failed: \(String(decoding: data, as: UTF8.self))"])
        }
        return EmulatedScreen(rows: shown, title: title, colouredRows: coloured)
    }

    private static let script = """
    import json, sys, pyte
    columns, rows = int(sys.argv[2]), int(sys.argv[3])
    screen = pyte.Screen(columns, rows)
    pyte.ByteStream(screen).feed(open(sys.argv[1], "rb").read())
    def coloured(y):
        line = screen.buffer[y]
        return "".join(line[x].data if line[x].fg != "default" or line[x].bg != "default" else " " for x in range(columns))
    print(json.dumps({"rows": screen.display, "title": screen.title, "coloured": [coloured(y) for y in range(rows)]}))
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
