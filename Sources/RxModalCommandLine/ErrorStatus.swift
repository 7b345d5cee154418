import RxModal
import RxModalPluginABI

/// The exit status for an error, and the message printed for it.
enum ErrorStatus {
    static func status(for error: Error) -> ExitStatus {
        switch error {
        case is UsageError, is ConfigurationFailure:
            return .usage
        case let error as ModalError:
            switch error {
            case .unsupported, .missingSurface:
                return .unsupported
            case .authorizationDenied:
                return .authorizationDenied
            case .unknownKind, .unknownMethod:
                return .usage
            case .plugin(let code, _):
                switch Int(code) {
                case RXM_ERR_CANCELLED: return .cancelled
                case RXM_ERR_TIMEOUT: return .timeout
                case RXM_ERR_UNSUPPORTED, RXM_ERR_NO_SURFACE: return .unsupported
                case RXM_ERR_AUTHORIZATION_DENIED: return .authorizationDenied
                default: return .failure
                }
            default:
                return .failure
            }
        default:
            return .failure
        }
    }
}
