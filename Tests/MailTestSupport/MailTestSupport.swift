import XCTest
import Foundation
import RxModalMail

/// What the mail tests (RxModalMailTests, RxModalComposerTests) run against: Debian's python3 with aiosmtpd, and msmtp.
/// Skips (XCTSkip) with the packages to install when they are missing.
public enum MailTestTools {
    public static let supportDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")

    /// A python3 that can import aiosmtpd (Debian's /usr/bin/python3 first: a pyenv or
    /// venv python on PATH does not see Debian's python3-aiosmtpd).
    public static func python() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = ["/usr/bin/python3"] + path.split(separator: ":").map { "\($0)/python3" }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? run(candidate, ["-c", "import aiosmtpd"]), result.status == 0 { return candidate }
        }
        throw XCTSkip("No python3 with aiosmtpd: install the Debian packages python3-aiosmtpd and msmtp (scripts/test does so when run as root)")
    }

    public static func msmtp() throws -> String {
        for candidate in ["/usr/bin/msmtp", "/usr/local/bin/msmtp"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw XCTSkip("msmtp is not installed: install the Debian packages python3-aiosmtpd and msmtp (scripts/test does so when run as root)")
    }

    public struct Result {
        public let status: Int32
        public let stdout: Data
        public let stderr: String
    }

    /// Runs a program to completion (no shell), with a bounded wait.
    public static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 30) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        let box = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { box.set(0, out.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { box.set(1, err.fileHandleForReading.readDataToEndOfFile()) }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw NSError(domain: "MailTestTools", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(executable) timed out"])
        }
        _ = group.wait(timeout: .now() + 5)
        return Result(status: process.terminationStatus, stdout: box.get(0), stderr: String(decoding: box.get(1), as: UTF8.self))
    }

    /// Runs one of the Support/ scripts with the aiosmtpd-capable python and decodes its JSON output.
    public static func pythonJSON(_ script: String, _ arguments: [String]) throws -> Any {
        let result = try run(try python(), [supportDirectory.appendingPathComponent(script).path] + arguments)
        guard result.status == 0 else {
            throw NSError(domain: "MailTestTools", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: "\(script) failed: \(result.stderr)"])
        }
        return try JSONSerialization.jsonObject(with: result.stdout)
    }

    public static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-mail-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

public final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Data] = [:]
    public func set(_ key: Int, _ value: Data) { lock.lock(); values[key] = value; lock.unlock() }
    public func get(_ key: Int) -> Data { lock.lock(); defer { lock.unlock() }; return values[key] ?? Data() }
}

/// A real SMTP server (Support/smtp_sink.py, aiosmtpd) on 127.0.0.1, started and
/// stopped by the test, recording each message and its envelope in a directory.
public final class SMTPSink {
    public let port: Int
    public let directory: URL
    private let process: Process
    private let input: Pipe

    public init() throws {
        let python = try MailTestTools.python()
        directory = try MailTestTools.temporaryDirectory("smtp")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [MailTestTools.supportDirectory.appendingPathComponent("smtp_sink.py").path, directory.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Wait (bounded) for "READY <port>".
        let box = DataBox()
        let ready = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        DispatchQueue.global().async {
            var line = Data()
            while true {
                let byte = handle.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            box.set(0, line)
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 15) == .success,
              let text = String(data: box.get(0), encoding: .utf8), text.hasPrefix("READY "),
              let port = Int(text.dropFirst(6)) else {
            process.terminate()
            throw NSError(domain: "SMTPSink", code: 1, userInfo: [NSLocalizedDescriptionKey: "the SMTP server did not start"])
        }
        self.port = port
    }

    /// Closes the server's stdin (it stops itself), then SIGTERM if it lingers.
    public func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Envelopes received so far (complete messages only).
    public var receivedCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.count
    }

    /// Waits (bounded) for message number `number` (1-based); returns its file and envelope.
    public func waitForMessage(_ number: Int = 1, timeout: TimeInterval = 15) throws -> (file: URL, mailFrom: String, rcptTos: [String]) {
        let envelopeURL = directory.appendingPathComponent("\(number).json")
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: envelopeURL.path) {
            guard Date() < deadline else {
                throw NSError(domain: "SMTPSink", code: 2, userInfo: [NSLocalizedDescriptionKey: "no message \(number) within \(timeout) s"])
            }
            usleep(20_000)
        }
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: envelopeURL)) as? [String: Any] ?? [:]
        return (directory.appendingPathComponent("\(number).eml"), envelope["mail_from"] as? String ?? "", envelope["rcpt_tos"] as? [String] ?? [])
    }

    /// msmtp as the sendmail command, with a generated config: this server, no auth, no TLS.
    public func msmtpCommand(configDirectory: URL) throws -> SendmailCommand {
        let config = configDirectory.appendingPathComponent("msmtprc")
        let text = """
        defaults
        auth off
        tls off
        account loopback
        host 127.0.0.1
        port \(port)
        timeout 10
        account default : loopback

        """
        try Data(text.utf8).write(to: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
        return SendmailCommand(executablePath: try MailTestTools.msmtp(), leadingArguments: ["-C", config.path])
    }
}

extension SMTPSink {
    /// An executable script that runs msmtp with `msmtpCommand`'s config and its own
    /// arguments: a sendmail for `RXMODAL_SENDMAIL`, which names one program and
    /// takes no arguments of its own.
    public func sendmailScript(configDirectory: URL) throws -> String {
        let command = try msmtpCommand(configDirectory: configDirectory)
        let script = configDirectory.appendingPathComponent("sendmail")
        let quoted = ([command.executablePath] + command.leadingArguments).map { "'\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\nexec \(quoted) \"$@\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return script.path
    }
}

/// A message parsed by Python's `email` package (Support/parse_message.py).
public struct ParsedMessage {
    public let headers: [(String, String)]
    public let raw: [String: Any]
    public let parts: [[String: Any]]
    public let defects: [String]
    /// Address headers as Python parsed them: "to" → [[display name, addr-spec], ...].
    public let addresses: [String: [[String]]]

    public init(file: URL) throws {
        let json = try MailTestTools.pythonJSON("parse_message.py", [file.path]) as? [String: Any] ?? [:]
        headers = (json["headers"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
        raw = json["raw"] as? [String: Any] ?? [:]
        parts = json["parts"] as? [[String: Any]] ?? []
        defects = json["defects"] as? [String] ?? []
        addresses = json["addresses"] as? [String: [[String]]] ?? [:]
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public func headerNames() -> [String] { headers.map { $0.0.lowercased() } }

    public func parts(ofType type: String) -> [[String: Any]] {
        parts.filter { $0["content_type"] as? String == type }
    }

    public static func payload(_ part: [String: Any]) -> Data {
        Data(base64Encoded: part["payload_base64"] as? String ?? "") ?? Data()
    }
}
