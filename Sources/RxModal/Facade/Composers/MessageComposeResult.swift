/// How the message composer ended: the seed's `MessageComposeResult`. Cancel is a value.
///
/// A plain value: usable from any thread.
public enum MessageComposeResult: Equatable, Sendable {
    case cancelled
    /// The transport command reported success.
    case sent
    /// The transport failed; `message` is its error.
    case failed(message: String)

    init(value: ModalValue) throws {
        switch value["result"]?.stringValue {
        case "cancelled": self = .cancelled
        case "sent": self = .sent
        case "failed": self = .failed(message: value["message"]?.stringValue ?? "")
        default: throw ModalError.malformedValue("the messageComposer emitted \(value.json), which is no MessageComposeResult")
        }
    }
}
