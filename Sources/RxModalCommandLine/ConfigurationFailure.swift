/// A configuration method refused what the command line gave it (the plugin's
/// own validation: two cancel actions, an unknown field kind, …). Raised while
/// the modal is configured, before anything is shown; the user's input is at
/// fault, so it exits with ``ExitStatus/usage``.
///
/// Immutable; safe from any thread.
struct ConfigurationFailure: Error, CustomStringConvertible {
    /// The option as the user spelled it (`--action cancel:Cancel`).
    let option: String
    let underlying: Error

    var description: String { "\(option): \(underlying)" }
}
