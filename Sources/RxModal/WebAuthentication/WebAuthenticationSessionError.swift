import RxModalPluginABI

/// How a web authentication session fails, as `ASWebAuthenticationSessionError`
/// does on Apple platforms, plus the timeout a configuration may set.
///
/// Other failures (a malformed authorization URL, a listener that cannot bind,
/// a custom scheme no desktop entry routes) stay ``ModalError``s.
public enum WebAuthenticationSessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user cancelled on the surface (the "waiting — Cancel" prompt).
    case canceledLogin
    /// No surface to show the session on, or no browser could be started.
    case presentationContextNotProvided(reason: String)
    /// No callback arrived within ``WebAuthenticationConfiguration/timeout``.
    case timeout

    public var description: String {
        switch self {
        case .canceledLogin: return "the user cancelled the sign-in (canceledLogin)"
        case .presentationContextNotProvided(let reason): return "no surface or browser for the sign-in (presentationContextNotProvided): \(reason)"
        case .timeout: return "the sign-in did not finish in time"
        }
    }

    /// The session's error for a runtime error, or the runtime error itself.
    static func translating(_ error: Error) -> Error {
        switch error {
        case ModalError.missingSurface:
            return WebAuthenticationSessionError.presentationContextNotProvided(reason: "\(error)")
        case ModalError.plugin(let code, let message) where code == Int32(RXM_ERR_CANCELLED):
            _ = message
            return WebAuthenticationSessionError.canceledLogin
        case ModalError.plugin(let code, let message) where code == Int32(RXM_ERR_NO_SURFACE):
            return WebAuthenticationSessionError.presentationContextNotProvided(reason: message)
        case ModalError.plugin(let code, _) where code == Int32(RXM_ERR_TIMEOUT):
            return WebAuthenticationSessionError.timeout
        default:
            return error
        }
    }
}
