import RxModalPluginABI

/// The library's version; keep in step with RXMODAL_VERSION_* in Include/rxmodal.h.
enum LibraryVersion {
    static let major = 0, minor = 1, patch = 0
    static let string: StaticString = "0.1.0"
}

@_cdecl("rxm_version")
public func rxm_version() -> UnsafePointer<CChar> {
    UnsafeRawPointer(LibraryVersion.string.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("rxm_version_number")
public func rxm_version_number() -> Int32 {
    Int32(LibraryVersion.major * 10000 + LibraryVersion.minor * 100 + LibraryVersion.patch)
}

@_cdecl("rxm_plugin_abi_major")
public func rxm_plugin_abi_major() -> UInt32 { UInt32(RXM_PLUGIN_ABI_MAJOR) }

@_cdecl("rxm_plugin_abi_minor")
public func rxm_plugin_abi_minor() -> UInt32 { UInt32(RXM_PLUGIN_ABI_MINOR) }
