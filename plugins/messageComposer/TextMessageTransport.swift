import Foundation
import ChildProcesses
import RxModalPluginABI
import SwiftPluginSupport

/// How a text message leaves this machine (canSendText), found in this order:
///
/// 1. `RXMODAL_SMS_COMMAND`: one program (a path, or a name on PATH; never a
///    command line, never a shell), run once per message as
///    `<command> [--subject=S] [--attachment=PATH]... --body=BODY -- RECIPIENT...`.
///    Values are joined to their option with "=", and recipients come after "--",
///    so no body, subject or recipient can be read as an option. Exit status 0
///    means sent; otherwise its standard error is the failure.
/// 2. `kdeconnect-cli` on PATH (KDE Connect and a paired phone): once per
///    recipient, `kdeconnect-cli --device=<id> --send-sms=BODY --destination=R
///    [--attachment=PATH]...`; the device is `RXMODAL_KDECONNECT_DEVICE`, else the
///    first of `kdeconnect-cli --list-available --id-only`.
/// 3. `mmcli` on PATH (ModemManager): per recipient, `mmcli -m any
///    --messaging-create-sms=text=…,number=…` then `mmcli -s <path> --send`.
///    mmcli's key=value syntax quotes each value, so a body holding both kinds of
///    quote (' and ") is refused rather than mangled. Attachments need MMS, which
///    mmcli does not send: refused.
///
/// KDE Connect and ModemManager were not available where this was written: those
/// two paths follow the programs' documented options but are untested here.
///
/// Immutable: usable from any thread. `send` blocks until the commands finish.
struct TextMessageTransport: Sendable {
    enum Program: Sendable, Equatable {
        case configured(String), kdeConnect(String), modemManager(String)
    }

    let program: Program
    let environment: [String: String]
    var timeout: TimeInterval = 60

    /// The transport for `environment`, or nil with the reason none is configured.
    static func locate(environment: [String: String]) -> Result<TextMessageTransport, PluginError> {
        let path = environment["PATH"]
        if let configured = environment["RXMODAL_SMS_COMMAND"], !configured.isEmpty {
            guard let found = ProcessEnvironment.findProgram(configured, searchPath: path) else {
                return .failure(PluginError(Int32(RXM_ERR_UNSUPPORTED), "RXMODAL_SMS_COMMAND names \(configured), which is not an executable file (on PATH or as a path)"))
            }
            return .success(TextMessageTransport(program: .configured(found), environment: environment))
        }
        if let found = ProcessEnvironment.findProgram("kdeconnect-cli", searchPath: path) {
            return .success(TextMessageTransport(program: .kdeConnect(found), environment: environment))
        }
        if let found = ProcessEnvironment.findProgram("mmcli", searchPath: path) {
            return .success(TextMessageTransport(program: .modemManager(found), environment: environment))
        }
        return .failure(PluginError(Int32(RXM_ERR_UNSUPPORTED),
            "no text message transport: set RXMODAL_SMS_COMMAND, or install KDE Connect (kdeconnect-cli) or ModemManager (mmcli)"))
    }

    /// The argument list for the configured command (after the program itself).
    static func configuredArguments(_ message: TextMessage) -> [String] {
        var arguments: [String] = []
        if !message.subject.isEmpty { arguments.append("--subject=\(message.subject)") }
        arguments += message.attachments.map { "--attachment=\($0)" }
        arguments.append("--body=\(message.body)")
        return arguments + ["--"] + message.recipients
    }

    /// Sends `message`; throws a ``PluginError`` with the command's complaint.
    func send(_ message: TextMessage) throws {
        switch program {
        case .configured(let executable):
            try run(executable, Self.configuredArguments(message))
        case .kdeConnect(let executable):
            let device = try kdeConnectDevice(executable)
            for recipient in message.recipients {
                try run(executable, ["--device=\(device)", "--send-sms=\(message.body)", "--destination=\(recipient)"]
                        + message.attachments.map { "--attachment=\($0)" })
            }
        case .modemManager(let executable):
            guard message.attachments.isEmpty else { throw PluginError(Int32(RXM_ERR_IO), "mmcli sends SMS only: attachments need MMS") }
            for recipient in message.recipients {
                let created = try run(executable, ["-m", "any", "--messaging-create-sms=text=\(try Self.mmcliQuoted(message.body)),number=\(try Self.mmcliQuoted(recipient))"])
                guard let sms = created.split(whereSeparator: \.isWhitespace).first(where: { $0.contains("/SMS/") }) else {
                    throw PluginError(Int32(RXM_ERR_IO), "mmcli did not say which SMS it created: \(created)")
                }
                try run(executable, ["-s", String(sms), "--send"])
            }
        }
    }

    static func mmcliQuoted(_ value: String) throws -> String {
        if !value.contains("'") { return "'\(value)'" }
        if !value.contains("\"") { return "\"\(value)\"" }
        throw PluginError(Int32(RXM_ERR_INVALID_ARGUMENT), "mmcli cannot carry text that holds both ' and \" quotes")
    }

    private func kdeConnectDevice(_ executable: String) throws -> String {
        if let device = environment["RXMODAL_KDECONNECT_DEVICE"], !device.isEmpty { return device }
        let listed = try run(executable, ["--list-available", "--id-only"])
        guard let first = listed.split(separator: "\n").first.map(String.init), !first.isEmpty else {
            throw PluginError(Int32(RXM_ERR_IO), "kdeconnect-cli lists no reachable device (pair a phone, or set RXMODAL_KDECONNECT_DEVICE)")
        }
        return first
    }

    /// Runs `executable` with `arguments` (no shell); returns its standard output.
    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(executable, arguments, environment: environment, timeout: timeout)
        } catch {
            throw PluginError(Int32(RXM_ERR_IO), "\(name) could not be started: \(error.description)")
        }
        if outcome.timedOut {
            throw PluginError(Int32(RXM_ERR_TIMEOUT), "\(name) did not finish within \(Int(timeout)) seconds and was stopped")
        }
        let stderr = String(decoding: outcome.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.succeeded else {
            let how = outcome.signal.map { "was killed by signal \($0)" } ?? "exited with status \(outcome.status ?? -1)"
            throw PluginError(Int32(RXM_ERR_IO), stderr.isEmpty ? "\(name) \(how)" : "\(name) \(how): \(stderr)")
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }
}
