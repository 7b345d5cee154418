import Foundation
import ChildProcesses

/// Hands a message to a sendmail-compatible command, without a shell.
///
/// Invocation: `<command> <leading arguments> -i -f <sender> -- <every To, Cc and Bcc
/// address>`, with the message (which has no Bcc header) on standard input.
///
/// Why not `-t`: with `-t` the program reads recipients from the headers, and what it
/// does with addresses also given as arguments differs: msmtp, Postfix and Sendmail
/// (per the O'Reilly book) add them, while Exim — Debian's default MTA — removes them by
/// default (`extract_addresses_remove_arguments`), as some vendor Sendmails did. Passing
/// Bcc recipients as arguments with `-t` would therefore silently drop them on Exim, and
/// putting a Bcc header on stdin relies on every program stripping it. Naming all
/// recipients as arguments, without `-t`, means the same thing to every
/// sendmail-compatible program and keeps Bcc out of every byte we hand over.
/// `-i` keeps a line holding a single "." from ending the message; `--` keeps an
/// address that starts with "-" from being read as an option.
///
/// `send` blocks until the command exits (or the timeout passes): call it from any
/// thread except one that must stay responsive. Instances are immutable: usable from
/// any thread, also concurrently.
public struct SendmailTransport: Sendable {
    public let command: SendmailCommand
    /// The environment the command runs with.
    public let environment: [String: String]
    /// How long the command may run before it is stopped.
    public let timeout: TimeInterval

    public init(command: SendmailCommand, environment: [String: String] = ProcessInfo.processInfo.environment,
                timeout: TimeInterval = 120) {
        self.command = command
        self.environment = environment
        self.timeout = timeout
    }

    /// The transport for the located command; throws `MailTransportError.noCommand` when there is none.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let command = SendmailCommand.locate(environment: environment) else { throw MailTransportError.noCommand }
        self.init(command: command, environment: environment)
    }

    /// The precondition of the mail composer: a sendmail-compatible command exists.
    public static func canSendMail(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        SendmailCommand.locate(environment: environment) != nil
    }

    /// The arguments for one message (after the command's leading arguments).
    public static func arguments(sender: MailAddress, recipients: [String]) -> [String] {
        ["-i", "-f", sender.asciiAddrSpec, "--"] + recipients
    }

    /// Sends `data` (written by `MIMEMessageWriter` for `.transmission`) from `sender` to `recipients`.
    public func send(_ data: Data, sender: MailAddress, recipients: [String]) throws {
        let name = URL(fileURLWithPath: command.executablePath).lastPathComponent
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(command.executablePath,
                                           command.leadingArguments + Self.arguments(sender: sender, recipients: recipients),
                                           environment: environment, input: data, timeout: timeout)
        } catch {
            throw MailTransportError.launchFailed(command: command.executablePath, detail: error.description)
        }
        if outcome.timedOut { throw MailTransportError.timedOut(command: name, seconds: timeout) }
        let stderr = String(decoding: outcome.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let signal = outcome.signal {
            throw MailTransportError.commandKilled(command: name, signal: signal, stderr: stderr)
        }
        guard outcome.status == 0 else {
            throw MailTransportError.commandFailed(command: name, status: outcome.status ?? -1, stderr: stderr)
        }
    }
}
