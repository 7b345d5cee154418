import RxModalPluginABI

/// What a kind reports about the authorization it needs (`rxm_authorization_status`).
/// Immutable; safe to share between threads.
public enum ModalAuthorizationStatus: Hashable, Sendable {
    /// The user has not been asked yet: the kind's request must ask on the surface.
    case notDetermined
    case denied
    /// The system forbids it (policy), whatever the user would say.
    case restricted
    case authorized

    /// Maps the C value. A value outside the ABI's four is read as `denied`:
    /// a plugin that reports nonsense must not be taken as having permission.
    init(cValue: rxm_authorization_status) {
        switch cValue {
        case RXM_AUTHORIZATION_NOT_DETERMINED: self = .notDetermined
        case RXM_AUTHORIZATION_RESTRICTED: self = .restricted
        case RXM_AUTHORIZATION_AUTHORIZED: self = .authorized
        default: self = .denied
        }
    }
}
