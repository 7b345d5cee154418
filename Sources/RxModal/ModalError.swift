import RxModalPluginABI

/// Errors of the modal runtime. Every case carries enough to act on: what was
/// wrong and, where it applies, what was expected. Code written against the
/// seed catches three of them by situation instead — `catch
/// RxModalError.unsupported` matches ``unsupported(kind:reason:)``; see
/// ``RxModalError``. A value; safe to share between threads.
public enum ModalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A precondition of the kind is not met on this system (no sendmail, no browser, …).
    case unsupported(kind: String, reason: String)
    /// The user or the system denied the authorization the kind needs.
    case authorizationDenied(kind: String)
    /// There is no surface to present on.
    case missingSurface
    /// The kind's plugin could not be loaded or used.
    case pluginUnavailable(reason: String)
    /// No kind of that name is registered.
    case unknownKind(String, known: [String])
    /// No configuration method of that name; `known` lists the kind's methods.
    case unknownMethod(kind: String, method: String, known: [String])
    /// An argument does not fit the method's signature.
    case invalidArgument(method: String, reason: String)
    /// Text that should have been JSON is not.
    case invalidJSON(String)
    /// A value from C was malformed (NULL where data was due, invalid UTF-8, …).
    case malformedValue(String)
    /// A scripted surface's script does not match what was presented, or ran
    /// out. `step` counts from 1; it is 0 when a surface outside this runtime
    /// reported the mismatch without naming its step.
    case scriptMismatch(step: Int, reason: String)
    /// A plugin or surface reported an error with an `rxm_error` code that no
    /// other case stands for: `RXM_ERR_CANCELLED`, `_TIMEOUT`, `_IO`,
    /// `_NO_SURFACE`, `_INTERNAL` or a code of its own. (Codes that do mean
    /// another case arrive as that case: `RXM_ERR_INVALID_ARGUMENT` as
    /// ``invalidArgument(method:reason:)``, `RXM_ERR_SCRIPT_MISMATCH` as
    /// ``scriptMismatch(step:reason:)``, and so on.)
    case plugin(code: Int32, message: String)

    public var description: String {
        switch self {
        case .unsupported(let kind, let reason): return "\(kind) is not supported here: \(reason)"
        case .authorizationDenied(let kind): return "authorization denied for \(kind)"
        case .missingSurface: return "no surface to present on: no controlling terminal, no display (WAYLAND_DISPLAY or DISPLAY), and no RXMODAL_SCRIPT given"
        case .pluginUnavailable(let reason): return "plugin unavailable: \(reason)"
        case .unknownKind(let kind, let known): return "unknown modal kind “\(kind)”; known kinds: \(known.joined(separator: ", "))"
        case .unknownMethod(let kind, let method, let known): return "\(kind) has no method “\(method)”; its methods: \(known.joined(separator: ", "))"
        case .invalidArgument(let method, let reason): return "\(method): \(reason)"
        case .invalidJSON(let reason): return "invalid JSON: \(reason)"
        case .malformedValue(let reason): return "malformed value: \(reason)"
        case .scriptMismatch(let step, let reason):
            return step > 0 ? "script step \(step): \(reason)" : "script mismatch: \(reason)"
        case .plugin(let code, let message): return "\(Self.situation(ofPluginCode: code)): \(message)"
        }
    }

    /// What an `rxm_error` code means, in words a user can read (a bare number
    /// tells them nothing).
    private static func situation(ofPluginCode code: Int32) -> String {
        switch Int(code) {
        case RXM_ERR_INVALID_ARGUMENT: return "invalid argument"
        case RXM_ERR_UNSUPPORTED: return "not supported here"
        case RXM_ERR_AUTHORIZATION_DENIED: return "authorization denied"
        case RXM_ERR_CANCELLED: return "cancelled"
        case RXM_ERR_TIMEOUT: return "timed out"
        case RXM_ERR_IO: return "input/output failed"
        case RXM_ERR_NO_SURFACE: return "nothing can show it"
        case RXM_ERR_INTERNAL: return "internal error (a bug; please report it)"
        case RXM_ERR_SCRIPT_MISMATCH: return "the script does not match"
        default: return "failed (error code \(code))"
        }
    }
}
