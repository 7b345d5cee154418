import RxModalPluginABI

extension ModalError {
    /// The Swift error for an `rxm_error` that a plugin, a Swift kind or a C
    /// surface reported from `call` (a method name, `present`, `show`, …).
    ///
    /// Where the plugin ABI's code means what a documented case means, the error
    /// *is* that case, so that `catch ModalError.scriptMismatch` and `catch
    /// ModalError.invalidArgument` work whichever side of the ABI failed:
    ///
    /// | code | case |
    /// | --- | --- |
    /// | `RXM_ERR_INVALID_ARGUMENT` | ``invalidArgument(method:reason:)``, `method` being `call` |
    /// | `RXM_ERR_UNSUPPORTED` | ``unsupported(kind:reason:)`` |
    /// | `RXM_ERR_AUTHORIZATION_DENIED` | ``authorizationDenied(kind:)`` |
    /// | `RXM_ERR_SCRIPT_MISMATCH` | ``scriptMismatch(step:reason:)`` |
    ///
    /// Any other code stays ``plugin(code:message:)``: the ABI's cancelled,
    /// timeout, I/O and internal errors have no case of their own, and
    /// `RXM_ERR_NO_SURFACE` from a plugin means a surface that cannot show
    /// something, not the absent presenter ``missingSurface`` describes.
    /// `RXM_OK` (a failure that set no code) is reported as internal. Without
    /// a `kind` (a configuration method called through a bare invoker), the two
    /// cases that name one stay `plugin(code:message:)`.
    static func fromPlugin(code: Int32, message: String, kind: String?, call: String) -> ModalError {
        switch Int(code) {
        case RXM_ERR_INVALID_ARGUMENT:
            return .invalidArgument(method: call, reason: Self.dropping(prefix: "\(call): ", from: message))
        case RXM_ERR_UNSUPPORTED where kind != nil:
            return .unsupported(kind: kind!, reason: message)
        case RXM_ERR_AUTHORIZATION_DENIED where kind != nil:
            return .authorizationDenied(kind: kind!)
        case RXM_ERR_SCRIPT_MISMATCH:
            return Self.scriptMismatch(described: message)
        case RXM_OK:
            return .plugin(code: Int32(RXM_ERR_INTERNAL), message: "\(kind.map { "\($0): " } ?? "")\(call) failed without saying why")
        default:
            return .plugin(code: code, message: message)
        }
    }

    /// A script mismatch that crossed the ABI as its description, "script step
    /// N: reason" (how the runtime's scripted surface fills an `rxm_error`), read
    /// back into its step and reason; step 0 when the message names none (a
    /// surface other than the runtime's reported it).
    static func scriptMismatch(described message: String) -> ModalError {
        let prefix = "script step "
        if message.hasPrefix(prefix), let colon = message.firstIndex(of: ":"),
           let step = Int(message[message.index(message.startIndex, offsetBy: prefix.count)..<colon]), step > 0 {
            let reason = message[message.index(after: colon)...].drop(while: { $0 == " " })
            return .scriptMismatch(step: step, reason: String(reason))
        }
        return .scriptMismatch(step: 0, reason: message)
    }

    /// `message` without `prefix`: a Swift kind's `invalidArgument` crosses the
    /// ABI as its description, which already begins with the method's name.
    private static func dropping(prefix: String, from message: String) -> String {
        message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}
