import RxCore

extension RxModal {
    /// The message composer (the seed's `RxModal.messageComposer`,
    /// `MFMessageComposeViewController`), shown by the `messageComposer` plugin as a
    /// compose form (recipients, subject, body, attachments; Send, Cancel).
    ///
    /// On subscribe, before anything is shown, the configuration is checked and
    /// the precondition ``canSendText(coordinator:)`` (unmet:
    /// ``ModalError/unsupported(kind:reason:)``). Send runs the transport command
    /// with the message as arguments, never through a shell; emits `.sent`, or
    /// `.failed(message:)` with the command's error; Cancel emits `.cancelled`.
    /// A message that cannot be sent as typed (no recipient, an unreadable file)
    /// shows the form again with the edits kept and the problem named.
    /// Disposing dismisses the form.
    public static func messageComposer(presenter: Presenter = .default, coordinator: ModalCoordinator = .shared,
                                       configuration: @escaping (MessageComposeConfiguration) -> Void = { _ in }) -> Single<MessageComposeResult> {
        coordinator.present(kind: "messageComposer", presenter: presenter) { composer in
            let settings = MessageComposeConfiguration()
            configuration(settings)
            try settings.apply(to: composer)
        }
        .map { try MessageComposeResult(value: $0) }
        .asSingle()
    }

    /// Whether a text message can be sent here (the seed's `canSendText()`): the
    /// messageComposer plugin is loaded and `RXMODAL_SMS_COMMAND` names a program,
    /// or `kdeconnect-cli` or `mmcli` is on PATH. Any thread.
    public static func canSendText(coordinator: ModalCoordinator = .shared) -> Bool {
        preconditionHolds(kind: "messageComposer", coordinator: coordinator)
    }
}
