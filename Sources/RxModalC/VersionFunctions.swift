import RxModal
import RxModalPluginABI

// The library reports the runtime's version (RuntimeVersion), which is the header's.

@_cdecl("rxm_version")
public func rxm_version() -> UnsafePointer<CChar> {
    UnsafeRawPointer(RuntimeVersion.string.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("rxm_version_number")
public func rxm_version_number() -> Int32 {
    Int32(RuntimeVersion.major * 10000 + RuntimeVersion.minor * 100 + RuntimeVersion.patch)
}

@_cdecl("rxm_plugin_abi_major")
public func rxm_plugin_abi_major() -> UInt32 { UInt32(RXM_PLUGIN_ABI_MAJOR) }

@_cdecl("rxm_plugin_abi_minor")
public func rxm_plugin_abi_minor() -> UInt32 { UInt32(RXM_PLUGIN_ABI_MINOR) }
