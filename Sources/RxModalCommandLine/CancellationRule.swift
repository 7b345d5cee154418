import RxModal

/// Which results mean the user cancelled, so `rxmodal` exits 1 for them (the
/// result is still printed). The design's cancel semantics (contract 5) differ
/// by kind, so the rule reads the result's shape:
///
/// - `{"style": "cancel", …}` — a dialog's cancel action (alert, actionSheet);
/// - `{"cancelled": true, …}` — a cancelled choice or a surface's cancellation;
/// - `{"result": "cancelled", …}` — a composer's `.cancelled` result;
/// - `{"confirmed": false}` — the confirmation kind's Cancel;
/// - `{"results": [], …}` — a photo picker closed with nothing picked;
/// - `{"items": [], …}` — a media picker closed with nothing picked.
///
/// A result that says the modal failed — `{"result": "failed", …}`, a composer
/// whose send failed (its draft saved) — is a failure: exit 6, the JSON still
/// printed so the draft's path is not lost (``isFailure(_:)``).
///
/// Errors a kind reports as cancellation (`RXM_ERR_CANCELLED`, such as web
/// authentication's canceledLogin) are mapped in ``ErrorStatus``.
enum CancellationRule {
    static func isCancellation(_ value: ModalValue) -> Bool {
        if value["style"]?.stringValue == "cancel" { return true }
        if value["cancelled"]?.boolValue == true { return true }
        if value["result"]?.stringValue == "cancelled" { return true }
        if value["confirmed"]?.boolValue == false { return true }
        if case .array(let picked)? = value["results"], picked.isEmpty { return true }
        if case .array(let picked)? = value["items"], picked.isEmpty { return true }
        return false
    }

    static func isFailure(_ value: ModalValue) -> Bool {
        value["result"]?.stringValue == "failed"
    }
}
