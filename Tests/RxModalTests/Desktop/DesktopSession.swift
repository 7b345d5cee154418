import Foundation
import XCTest

/// One run of `rxmodal … --surface desktop` on a headless display server of its
/// own (Xvfb, a private D-Bus session and accessibility bus), driven through the
/// accessibility tree by Tests/desktop/drive.py, as a person would: what the window
/// showed, what the steps did, and what the command printed.
struct DesktopSession {
    struct Report: Decodable {
        struct Screenshot: Decodable {
            let path: String
            let size: [Int]
            let colours: Int
            /// The twelve commonest colours, as [red, green, blue].
            let commonest: [[Int]]
        }
        let window: String
        let screenshots: [Screenshot]
        /// The window's accessible tree: [role, name, states] for each named node.
        let tree: [[Value]]
        /// The tree again at each `tree` step.
        let trees: [[[Value]]]
        let error: String?
        let status: Int?
        let stdout: String
        let stderr: String
        /// Whether a window of that title was still on screen after the command ended.
        let windowLeft: Bool
        /// With a host window: its XID, and the XID the modal's window is transient for.
        let parent: UInt?
        let transientFor: UInt?

        /// (role, name) of every node in the tree.
        var nodes: [(role: String, name: String)] {
            tree.compactMap { entry in
                guard entry.count >= 2, case .string(let role) = entry[0], case .string(let name) = entry[1] else { return nil }
                return (role, name)
            }
        }

        /// The names of the nodes of `role` in the tree taken at `tree` step `index`, in order.
        func names(of role: String, inTree index: Int) -> [String] {
            trees[index].compactMap { entry in
                guard entry.count >= 2, case .string(role) = entry[0], case .string(let name) = entry[1] else { return nil }
                return name
            }
        }

        func states(of role: String, named name: String) -> [String]? {
            for entry in tree where entry.count == 3 {
                guard case .string(role) = entry[0], case .string(name) = entry[1], case .list(let states) = entry[2] else { continue }
                return states
            }
            return nil
        }
    }

    /// A string or a list of strings, as the tree's triples hold them.
    enum Value: Decodable, Equatable {
        case string(String)
        case list([String])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) { self = .string(string) } else {
                self = .list(try container.decode([String].self))
            }
        }
    }

    static var testsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("desktop")
    }

    /// The module the runtime loads, built by scripts/build-desktop-surface into the
    /// build folder (a missing one is a broken build, not a reason to skip).
    static func requireModule() throws {
        let folder = URL(fileURLWithPath: try RxmodalCommand.executablePath()).deletingLastPathComponent()
        let module = folder.appendingPathComponent("rxmodal-surface-gtk.so").path
        guard FileManager.default.fileExists(atPath: module) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey:
                "\(module) is not built: run scripts/build-desktop-surface (scripts/test does)"])
        }
    }

    /// Runs `rxmodal arguments` (with `--surface desktop` added), waits for the window
    /// titled `window`, and takes `steps` (see drive.py).
    /// `command`: the rxmodal to run (default: the one built beside the tests).
    /// `surface`: the `--surface` value (`desktop:{parent}` with `withParentWindow`).
    static func run(_ arguments: [String], window: String, steps: [[String: Any]],
                    environment extra: [String: String] = [:], command: String? = nil,
                    surface: String = "desktop", withParentWindow: Bool = false) throws -> Report {
        try runProgram([try command ?? RxmodalCommand.executablePath()] + arguments + ["--surface", surface],
                       window: window, steps: steps, environment: extra, withParentWindow: withParentWindow)
    }

    /// Runs the program `argv` (which presents on the desktop itself) the same way.
    /// `deadline`: how long the program may still run after the steps (then it is killed).
    static func runProgram(_ argv: [String], window: String, steps: [[String: Any]],
                           environment extra: [String: String] = [:], deadline: Double = 20,
                           withParentWindow: Bool = false) throws -> Report {
        try requireModule()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let steps = steps.map { step -> [String: Any] in
            guard let name = step["screenshot"] as? String else { return step }
            return ["screenshot": scratch.appendingPathComponent(name).path]
        }
        let scenario: [String: Any] = [
            "command": argv,
            "window": window, "steps": steps, "deadline": deadline, "parentWindow": withParentWindow,
        ]
        let scenarioFile = scratch.appendingPathComponent("scenario.json"), reportFile = scratch.appendingPathComponent("report.json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: scenarioFile)
        let process = Process()
        process.executableURL = testsFolder.appendingPathComponent("desktop-session")
        process.arguments = ["/usr/bin/python3", testsFolder.appendingPathComponent("drive.py").path, scenarioFile.path, reportFile.path]
        process.environment = RxmodalCommand.environment(extra)
        process.standardInput = FileHandle.nullDevice
        let log = scratch.appendingPathComponent("session.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try logHandle.close()
        // scripts/desktop-screenshots keeps the pictures for the README.
        if let keep = ProcessInfo.processInfo.environment["RXMODAL_KEEP_SCREENSHOTS"], !keep.isEmpty {
            for case let name as String in steps.compactMap({ $0["screenshot"] }) {
                let kept = URL(fileURLWithPath: keep).appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent)
                try? FileManager.default.removeItem(at: kept)
                try? FileManager.default.copyItem(at: URL(fileURLWithPath: name), to: kept)
            }
        }
        guard let data = try? Data(contentsOf: reportFile) else {
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the desktop session wrote no report; its output:\n\(output.suffix(3000))"])
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }
}
