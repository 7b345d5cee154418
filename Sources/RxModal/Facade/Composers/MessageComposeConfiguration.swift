/// What the message composer starts with: the seed's
/// `MFMessageComposeViewController` properties, filled in by the closure given to
/// ``RxModal/messageComposer(presenter:coordinator:configuration:)``
/// (`$0.recipients = ["0639981337"]; $0.body = "Hello World!"`).
///
/// Checked by the messageComposer plugin on subscribe (a recipient with a line
/// break, an unreadable attachment fail with
/// ``ModalError/invalidArgument(method:reason:)``).
///
/// Thread safety: filled in by one closure on one thread; do not share it.
public final class MessageComposeConfiguration {
    public var recipients: [String]? = nil
    public var body: String? = nil
    public var subject: String? = nil
    /// Paths of files to attach.
    public var attachments: [String] = []

    public init() {}

    /// The seed's `addAttachmentURL`, for a file path.
    public func addAttachment(path: String) { attachments.append(path) }

    func apply(to composer: ModalConfigurator) throws {
        if let recipients { try composer.call("setRecipients", .array(recipients.map(ModalValue.string))) }
        if let body { try composer.call("setBody", .string(body)) }
        if let subject { try composer.call("setSubject", .string(subject)) }
        for path in attachments { try composer.call("addAttachment", .string(path)) }
    }
}
