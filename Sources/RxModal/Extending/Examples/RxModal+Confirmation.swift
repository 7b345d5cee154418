import RxCore

extension RxModal {
    /// Asks the user to confirm `message`: emits `true` (Confirm) or `false`
    /// (Cancel, or dismissed by the user), then completes. The `confirmation`
    /// kind (``ConfirmationKind``), written in Swift, presented through
    /// `coordinator` like any plugin: on subscribe, on `presenter`'s surface;
    /// the value is emitted while the prompt is still shown, then it is
    /// dismissed; disposing dismisses it.
    ///
    /// On first use the kind is registered in `coordinator.registry` (from
    /// ``ConfirmationKind/standard``). Fails at subscribe time with
    /// ``ModalError/pluginUnavailable(reason:)`` if another provider already
    /// holds the name "confirmation" there, and with the kind's error for an
    /// empty action title.
    public static func confirmation(presenter: Presenter = .default, title: String? = nil, message: String,
                                    confirmTitle: String = "Confirm", cancelTitle: String = "Cancel",
                                    destructive: Bool = false,
                                    coordinator: ModalCoordinator = .shared) -> Observable<Bool> {
        Observable.deferred {
            let kind: ModalKind
            do {
                kind = try ConfirmationKind.standard.kind(in: coordinator.registry)
            } catch {
                throw ModalError.pluginUnavailable(reason: "\(error)")
            }
            return coordinator.present(kind: kind, presenter: presenter) { prompt in
                if let title { try prompt.call("setTitle", .string(title)) }
                try prompt.call("setMessage", .string(message))
                try prompt.call("setConfirmTitle", .string(confirmTitle))
                try prompt.call("setCancelTitle", .string(cancelTitle))
                try prompt.call("setDestructive", .bool(destructive))
            }
            .map { result in
                guard let confirmed = result["confirmed"]?.boolValue else {
                    throw ModalError.malformedValue("confirmation emitted \(result), not {\"confirmed\": b}")
                }
                return confirmed
            }
        }
    }
}
