/// The exit statuses of `rxmodal`, one per outcome, documented in
/// docs/guides/CommandLine.md. Shaped like the dialog tools': 0 for a value,
/// 1 for a cancellation (zenity and gum use 1 for Cancel), 5 for a timeout
/// (zenity's). Ctrl-C is not a case here: the process dies of SIGINT, which a
/// shell reports as 130 (the terminal surface restores the TTY first).
///
/// A plain value; safe from any thread.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// The modal emitted a value (printed as JSON), or a command succeeded.
    case value = 0
    /// The user cancelled: a cancel action, a cancelled choice, a kind's
    /// cancellation error, or a modal that completed without a value.
    case cancelled = 1
    /// The command line is wrong: unknown command, kind, option or method, a
    /// missing or malformed argument, a script file that cannot be read.
    case usage = 2
    /// The kind cannot be shown here: its precondition is not met, or there is
    /// no surface to show it on.
    case unsupported = 3
    /// The kind needs an authorization that was denied.
    case authorizationDenied = 4
    /// `--timeout` elapsed before the modal ended; the modal was dismissed.
    case timeout = 5
    /// Anything else: a plugin failed, a script did not match, a file could not
    /// be written.
    case failure = 6

    /// The status a shell reports for Ctrl-C (128 + SIGINT).
    public static let interruptedStatus: Int32 = 130

    /// One line for help texts: `0  value`.
    public var meaning: String {
        switch self {
        case .value: return "a value (printed as JSON on standard output)"
        case .cancelled: return "cancelled by the user"
        case .usage: return "usage error (unknown kind, option or method; bad argument)"
        case .unsupported: return "unsupported here (precondition not met, no surface)"
        case .authorizationDenied: return "authorization denied"
        case .timeout: return "--timeout elapsed (the modal was dismissed)"
        case .failure: return "other error (plugin failure, script mismatch, I/O)"
        }
    }
}
