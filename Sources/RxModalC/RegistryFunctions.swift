import RxModal
import RxModalPluginABI

// rxm_registry_*: see Include/rxmodal.h.

@_cdecl("rxm_registry_open")
public func rxm_registry_open(_ searchPath: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                              _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        let list = try searchPath.map { try CStrings.read($0, "search_path") }
        try Handles.give(RegistryHandle(searchPath: RegistryHandle.searchPath(from: list)), to: out)
    }
}

@_cdecl("rxm_registry_close")
public func rxm_registry_close(_ registry: OpaquePointer?) {
    Handles.release(registry)
}

@_cdecl("rxm_registry_kind_count")
public func rxm_registry_kind_count(_ registry: OpaquePointer?) -> Int {
    Handles.peek(registry, as: RegistryHandle.self)?.kindNames.count ?? 0
}

@_cdecl("rxm_registry_kind_name")
public func rxm_registry_kind_name(_ registry: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let names = Handles.peek(registry, as: RegistryHandle.self)?.kindNames, index >= 0, index < names.count else { return nil }
    return UnsafePointer(names[index])
}

@_cdecl("rxm_registry_describe")
public func rxm_registry_describe(_ registry: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ asJSON: Bool,
                                  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                  _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(registry, as: RegistryHandle.self, "registry")
        guard kind != nil else {
            // The whole registry: its kinds, what was skipped, where it looked.
            return try CStrings.give(asJSON ? handle.registry.describedValue.json : handle.registry.describeAll(), to: out)
        }
        let found = try handle.registry.kind(named: try CStrings.read(kind, "kind"))
        try CStrings.give(asJSON ? found.describedValue.json : found.describedText, to: out)
    }
}

@_cdecl("rxm_registry_skipped_count")
public func rxm_registry_skipped_count(_ registry: OpaquePointer?) -> Int {
    Handles.peek(registry, as: RegistryHandle.self)?.skippedPaths.count ?? 0
}

@_cdecl("rxm_registry_skipped_path")
public func rxm_registry_skipped_path(_ registry: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let paths = Handles.peek(registry, as: RegistryHandle.self)?.skippedPaths, index >= 0, index < paths.count else { return nil }
    return UnsafePointer(paths[index])
}

@_cdecl("rxm_registry_skipped_reason")
public func rxm_registry_skipped_reason(_ registry: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let reasons = Handles.peek(registry, as: RegistryHandle.self)?.skippedReasons, index >= 0, index < reasons.count else { return nil }
    return UnsafePointer(reasons[index])
}
