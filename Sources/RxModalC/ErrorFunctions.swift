import Foundation
import RxModalPluginABI

/// `rxm_error_code_name` and `rxm_free`. Stateless; any thread.
private let codeNames: [Int32: StaticString] = [
    Int32(RXM_OK): "RXM_OK",
    Int32(RXM_ERR_INVALID_ARGUMENT): "RXM_ERR_INVALID_ARGUMENT",
    Int32(RXM_ERR_UNSUPPORTED): "RXM_ERR_UNSUPPORTED",
    Int32(RXM_ERR_AUTHORIZATION_DENIED): "RXM_ERR_AUTHORIZATION_DENIED",
    Int32(RXM_ERR_CANCELLED): "RXM_ERR_CANCELLED",
    Int32(RXM_ERR_TIMEOUT): "RXM_ERR_TIMEOUT",
    Int32(RXM_ERR_IO): "RXM_ERR_IO",
    Int32(RXM_ERR_NO_SURFACE): "RXM_ERR_NO_SURFACE",
    Int32(RXM_ERR_INTERNAL): "RXM_ERR_INTERNAL",
    Int32(RXM_ERR_SCRIPT_MISMATCH): "RXM_ERR_SCRIPT_MISMATCH",
    RXM_ERR_UNKNOWN_KIND: "RXM_ERR_UNKNOWN_KIND",
    RXM_ERR_UNKNOWN_METHOD: "RXM_ERR_UNKNOWN_METHOD",
    RXM_ERR_DISPOSED: "RXM_ERR_DISPOSED",
    RXM_ERR_PLUGIN_UNAVAILABLE: "RXM_ERR_PLUGIN_UNAVAILABLE",
    RXM_ERR_INVALID_JSON: "RXM_ERR_INVALID_JSON",
    RXM_ERR_WRONG_TYPE: "RXM_ERR_WRONG_TYPE",
]

@_cdecl("rxm_error_code_name")
public func rxm_error_code_name(_ code: Int32) -> UnsafePointer<CChar> {
    let name: StaticString = codeNames[code] ?? "RXM_ERR_?"
    // A StaticString's storage is static and NUL-terminated.
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("rxm_free")
public func rxm_free(_ string: UnsafeMutableRawPointer?) {
    free(string)
}
