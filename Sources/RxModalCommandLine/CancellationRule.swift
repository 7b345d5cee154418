import RxModal

/// Which results mean the user cancelled, so `rxmodal` exits 1 for them (the
/// result is still printed). The design's cancel semantics (contract 5) differ
/// by kind, so the rule reads the result's shape:
///
/// - `{"style": "cancel", …}` — a dialog's cancel action (alert, actionSheet);
/// - `{"cancelled": true, …}` — a cancelled choice or a surface's cancellation;
/// - `{"result": "cancelled", …}` — a composer's `.cancelled` result;
/// - `{"confirmed": false}` — the confirmation kind's Cancel.
///
/// Errors a kind reports as cancellation (`RXM_ERR_CANCELLED`, such as web
/// authentication's canceledLogin) are mapped in ``ErrorStatus``.
enum CancellationRule {
    static func isCancellation(_ value: ModalValue) -> Bool {
        if value["style"]?.stringValue == "cancel" { return true }
        if value["cancelled"]?.boolValue == true { return true }
        if value["result"]?.stringValue == "cancelled" { return true }
        if value["confirmed"]?.boolValue == false { return true }
        return false
    }
}
