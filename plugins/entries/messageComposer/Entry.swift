import RxModalPluginABI
import MessageComposerPlugin

// The entry point of librxmodal-messageComposer.so (see Include/rxmodal_plugin.h): the
// kind's own entry function, exported under the name every plugin has. The
// shared object is linked with plugins/swift-plugin-support/exports.map, which
// exports this symbol alone.
@_cdecl("rxm_plugin_entry")
public func rxm_plugin_entry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    messageComposerKindEntry(hostABIMajor, hostABIMinor)
}
