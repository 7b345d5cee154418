/// Why the sendmail command did not take the message.
///
/// A plain value: usable from any thread.
public enum MailTransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No sendmail-compatible command was found (see `SendmailCommand.locate`).
    case noCommand
    /// The command could not be started.
    case launchFailed(command: String, detail: String)
    /// The command ended with a non-zero status; `stderr` is what it printed.
    case commandFailed(command: String, status: Int32, stderr: String)
    /// The command was killed by a signal.
    case commandKilled(command: String, signal: Int32, stderr: String)
    /// The command ran longer than the transport's timeout and was stopped.
    case timedOut(command: String, seconds: Double)

    public var description: String {
        switch self {
        case .noCommand:
            return "no sendmail-compatible command found (set RXMODAL_SENDMAIL, or install sendmail or msmtp)"
        case let .launchFailed(command, detail):
            return "\(command) could not be started: \(detail)"
        case let .commandFailed(command, status, stderr):
            return stderr.isEmpty ? "\(command) exited with status \(status)" : "\(command) exited with status \(status): \(stderr)"
        case let .commandKilled(command, signal, stderr):
            return stderr.isEmpty ? "\(command) was killed by signal \(signal)" : "\(command) was killed by signal \(signal): \(stderr)"
        case let .timedOut(command, seconds):
            return "\(command) did not finish within \(seconds) seconds and was stopped"
        }
    }
}
