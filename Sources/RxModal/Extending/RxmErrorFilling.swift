import Foundation
import RxModalPluginABI

/// How errors thrown by Swift kinds cross into an `rxm_error`. The host reads
/// `RXM_ERR_UNSUPPORTED` back as ``ModalError/unsupported(kind:reason:)`` with the
/// message as reason, so that case's message is the bare reason; other
/// ``ModalError``s keep their code and their description; anything else is a
/// bug of the kind (`RXM_ERR_INTERNAL`).
enum RxmErrorFilling {
    static func code(for error: Error) -> Int32 {
        guard let error = error as? ModalError else { return Int32(RXM_ERR_INTERNAL) }
        switch error {
        case .unsupported, .pluginUnavailable: return Int32(RXM_ERR_UNSUPPORTED)
        case .authorizationDenied: return Int32(RXM_ERR_AUTHORIZATION_DENIED)
        case .missingSurface: return Int32(RXM_ERR_NO_SURFACE)
        case .plugin(let code, _): return code == 0 ? Int32(RXM_ERR_INTERNAL) : code
        case .scriptMismatch: return Int32(RXM_ERR_SCRIPT_MISMATCH)
        case .unknownKind, .unknownMethod, .invalidArgument, .invalidJSON, .malformedValue:
            return Int32(RXM_ERR_INVALID_ARGUMENT)
        }
    }

    static func message(for error: Error) -> String {
        switch error as? ModalError {
        case .unsupported(_, let reason)?: return reason
        case .plugin(_, let message)?: return message
        case let known?: return known.description
        case nil: return "\(error)"
        }
    }

    /// Fills `target` (if not NULL) for `error`, the message cut at a character
    /// boundary to fit; returns the code.
    @discardableResult
    static func fill(_ target: UnsafeMutablePointer<rxm_error>?, with error: Error) -> Int32 {
        let code = code(for: error)
        guard let target else { return code }
        let text = message(for: error)
        target.pointee.set(code: code, message: text)
        return code
    }

    /// The Swift error for an `rxm_error` a C surface filled.
    static func modalError(from error: rxm_error, call: String) -> ModalError {
        var copy = error
        let message = withUnsafeBytes(of: &copy.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return .fromPlugin(code: copy.code, message: message, kind: nil, call: call)
    }
}

extension rxm_error {
    /// Sets the code and the message, cut at a character boundary to fit the
    /// fixed message buffer. Shared by every place that fills an `rxm_error`
    /// for C (the runtime's surfaces and Swift kinds, and the C bridge).
    package mutating func set(code: Int32, message: String) {
        self.code = code
        withUnsafeMutableBytes(of: &self.message) { buffer in
            var length = 0
            for scalar in message.unicodeScalars {
                let width = String(scalar).utf8.count
                if length + width > buffer.count - 1 { break }
                length += width
            }
            buffer.copyBytes(from: message.utf8.prefix(length))
            buffer[length] = 0
        }
    }
}
