import RxModal
import RxModalPluginABI

/// An error of the C interface, with its `RXM_ERR_*` code: what every `@_cdecl`
/// function turns a failure into. Immutable; safe to share between threads.
struct BridgeError: Error, Sendable {
    let code: Int32
    let message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    static func invalidArgument(_ message: String) -> BridgeError {
        BridgeError(Int32(RXM_ERR_INVALID_ARGUMENT), message)
    }

    /// The code and message for any error the runtime throws.
    init(_ error: Error) {
        if let bridge = error as? BridgeError {
            self = bridge
            return
        }
        guard let modal = error as? ModalError else {
            self.init(Int32(RXM_ERR_INTERNAL), "\(error)")
            return
        }
        switch modal {
        case .unsupported(_, let reason): self.init(Int32(RXM_ERR_UNSUPPORTED), reason)
        case .authorizationDenied: self.init(Int32(RXM_ERR_AUTHORIZATION_DENIED), modal.description)
        case .missingSurface: self.init(Int32(RXM_ERR_NO_SURFACE), modal.description)
        case .pluginUnavailable: self.init(Int32(RXM_ERR_PLUGIN_UNAVAILABLE), modal.description)
        case .unknownKind: self.init(Int32(RXM_ERR_UNKNOWN_KIND), modal.description)
        case .unknownMethod: self.init(Int32(RXM_ERR_UNKNOWN_METHOD), modal.description)
        case .invalidArgument, .malformedValue: self.init(Int32(RXM_ERR_INVALID_ARGUMENT), modal.description)
        case .invalidJSON: self.init(Int32(RXM_ERR_INVALID_JSON), modal.description)
        case .scriptMismatch: self.init(Int32(RXM_ERR_SCRIPT_MISMATCH), modal.description)
        case .plugin(let code, let message): self.init(code, message)
        }
    }

    /// Fills `target` (if not NULL), the message cut at a character boundary to
    /// fit; returns the code.
    @discardableResult
    func fill(_ target: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        guard let target else { return code }
        target.pointee.set(code: code, message: message)
        return code
    }
}

/// Runs the body of a C entry point: RXM_OK, or the thrown error's code after
/// filling `error`.
func reporting(_ target: UnsafeMutablePointer<rxm_error>?, _ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return Int32(RXM_OK)
    } catch {
        return BridgeError(error).fill(target)
    }
}

// The host API's codes, as in Include/rxmodal.h (that header is not imported
// into Swift: see Include/module.modulemap).
let RXM_ERR_UNKNOWN_KIND: Int32 = 32
let RXM_ERR_UNKNOWN_METHOD: Int32 = 33
let RXM_ERR_DISPOSED: Int32 = 34
let RXM_ERR_PLUGIN_UNAVAILABLE: Int32 = 35
let RXM_ERR_INVALID_JSON: Int32 = 36
let RXM_ERR_WRONG_TYPE: Int32 = 37
