/// A mistake on the command line: what is wrong, and which command's help to
/// point at. Exits with ``ExitStatus/usage``.
///
/// Immutable; safe from any thread.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The help topic that explains the right usage (`"list"`, `"alert"`, …), or
    /// nil for the overview.
    public let helpTopic: String?

    public init(_ message: String, helpTopic: String? = nil) {
        self.message = message
        self.helpTopic = helpTopic
    }

    public var description: String { message }

    /// The hint printed after the message.
    public var hint: String {
        "Try 'rxmodal help\(helpTopic.map { " \($0)" } ?? "")'."
    }
}
