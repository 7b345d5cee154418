import RxModal
import RxModalPluginABI

// rxm_modal_* (except subscribe): see Include/rxmodal.h.

@_cdecl("rxm_modal_new")
public func rxm_modal_new(_ registry: OpaquePointer?, _ kind: UnsafePointer<CChar>?,
                          _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(registry, as: RegistryHandle.self, "registry")
        let name = try CStrings.read(kind, "kind")
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        let found = try handle.registry.kind(named: name)
        try Handles.give(try ModalHandle(registry: handle, kind: found), to: out)
    }
}

@_cdecl("rxm_modal_free")
public func rxm_modal_free(_ modal: OpaquePointer?) {
    Handles.release(modal)
}

@_cdecl("rxm_modal_kind")
public func rxm_modal_kind(_ modal: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handles.peek(modal, as: ModalHandle.self).map { UnsafePointer($0.kindName) }
}

@_cdecl("rxm_modal_call")
public func rxm_modal_call(_ modal: OpaquePointer?, _ method: UnsafePointer<CChar>?, _ arguments: UnsafePointer<rxm_value>?,
                           _ count: Int, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(modal, as: ModalHandle.self, "modal")
        try handle.call(try CStrings.read(method, "method"), try ArgumentList.read(arguments, count: count))
    }
}

@_cdecl("rxm_modal_call_json")
public func rxm_modal_call_json(_ modal: OpaquePointer?, _ method: UnsafePointer<CChar>?, _ json: UnsafePointer<CChar>?,
                                _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(modal, as: ModalHandle.self, "modal")
        try handle.call(try CStrings.read(method, "method"), try ArgumentList.read(json: json))
    }
}

@_cdecl("rxm_modal_check_precondition")
public func rxm_modal_check_precondition(_ modal: OpaquePointer?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        try Handles.object(modal, as: ModalHandle.self, "modal").checkPrecondition()
    }
}

@_cdecl("rxm_modal_authorization_status")
public func rxm_modal_authorization_status(_ modal: OpaquePointer?, _ out: UnsafeMutablePointer<rxm_authorization_status>?,
                                           _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(modal, as: ModalHandle.self, "modal")
        guard let out else { throw BridgeError.invalidArgument("out is NULL") }
        switch handle.authorizationStatus {
        case .notDetermined: out.pointee = RXM_AUTHORIZATION_NOT_DETERMINED
        case .denied: out.pointee = RXM_AUTHORIZATION_DENIED
        case .restricted: out.pointee = RXM_AUTHORIZATION_RESTRICTED
        case .authorized: out.pointee = RXM_AUTHORIZATION_AUTHORIZED
        }
    }
}
