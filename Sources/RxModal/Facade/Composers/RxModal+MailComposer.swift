import RxCore

extension RxModal {
    /// The mail composer (the seed's `RxModal.mailComposer`, `MFMailComposeViewController`),
    /// shown by the `mailComposer` plugin as a compose form (To, Cc, Bcc, Subject,
    /// Body, attachments; Send, Save Draft, Cancel).
    ///
    /// On subscribe, before anything is shown: `configuration` fills a
    /// ``MailComposeConfiguration``, which the plugin checks (an invalid setting fails
    /// with ``ModalError/invalidArgument(method:reason:)``), and the precondition
    /// ``canSendMail(coordinator:)`` is checked (unmet: ``ModalError/unsupported(kind:reason:)``).
    /// Then the form is shown on `presenter`'s surface.
    ///
    /// Emits one ``MailComposeResult``: Send hands the message to sendmail/msmtp
    /// (`.sent`; when that fails the message is saved as a draft and the result
    /// is `.failed(message:draftPath:)`, the transport's error and the draft's
    /// file); Save Draft writes it to the drafts Maildir (`.saved(draftPath:)`,
    /// the draft's file); Cancel gives `.cancelled`. What the user typed
    /// that cannot be sent or saved (a malformed address, a line break in the
    /// subject, an unreadable file) shows the form again with the edits kept and
    /// the problem named; nothing is sent or saved until it is fixed. Disposing
    /// dismisses the form (a send already started is not stopped).
    public static func mailComposer(presenter: Presenter = .default, coordinator: ModalCoordinator = .shared,
                                    configuration: @escaping (MailComposeConfiguration) -> Void = { _ in }) -> Single<MailComposeResult> {
        coordinator.present(kind: "mailComposer", presenter: presenter) { composer in
            let settings = MailComposeConfiguration()
            configuration(settings)
            try settings.apply(to: composer)
        }
        .map { try MailComposeResult(value: $0) }
        .asSingle()
    }

    /// Whether the mail composer can send here (the seed's `canSendMail()`): the
    /// mailComposer plugin is loaded and a sendmail-compatible command exists —
    /// `RXMODAL_SENDMAIL` if set, else `sendmail` or `msmtp` on PATH, else
    /// `/usr/sbin/sendmail`. Asks the plugin's own precondition. Any thread.
    public static func canSendMail(coordinator: ModalCoordinator = .shared) -> Bool {
        preconditionHolds(kind: "mailComposer", coordinator: coordinator)
    }

    /// Whether `kind` is registered and its precondition holds now.
    static func preconditionHolds(kind name: String, coordinator: ModalCoordinator) -> Bool {
        guard let kind = try? coordinator.registry.kind(named: name), let configuration = try? kind.makeConfiguration() else {
            return false
        }
        return (try? kind.checkPrecondition(configuration)) != nil
    }
}
