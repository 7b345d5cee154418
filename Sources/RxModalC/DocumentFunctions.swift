import RxModal
import RxModalPluginABI

// rxm_document_*: see Include/rxmodal.h.

@_cdecl("rxm_document_parse")
public func rxm_document_parse(_ json: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                               _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let text = try CStrings.read(json, "json")
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(OwnedValueTree(try ModalValue(json: text)), to: out)
    }
}

@_cdecl("rxm_document_root")
public func rxm_document_root(_ document: OpaquePointer?) -> UnsafePointer<rxm_value>? {
    Handles.peek(document, as: OwnedValueTree.self).map { UnsafePointer($0.root) }
}

@_cdecl("rxm_document_free")
public func rxm_document_free(_ document: OpaquePointer?) {
    Handles.release(document)
}
