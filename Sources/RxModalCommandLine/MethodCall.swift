import RxModal

/// One configuration call the command line asked for, with its arguments
/// already read according to the method's signature.
///
/// Immutable; safe from any thread.
public struct MethodCall: Equatable, Sendable {
    public let method: String
    public let arguments: [ModalValue]
    /// The option as typed (`--title`, `--call setTitle`, `--action`), for messages.
    public let option: String
}
