import RxModalPluginABI
import AlertPlugin
import ActionSheetPlugin
import WebAuthenticationSessionPlugin
import MailComposerPlugin
import MessageComposerPlugin
import PhotoPickerPlugin
import MediaPickerPlugin

// Every kind this package ships, linked into the program statically. The RxModal
// product includes this target, so a package that depends on RxModal presents
// every kind after a plain `swift build`, with no plugin file beside it; the
// runtime finds this table through a weak reference (Sources/CBuiltInKinds) and
// registers each kind after the plugin search path, so a plugin file of the same
// kind (an installed or a developer's build) still wins.

/// The entry functions, in one block that lives as long as the program. Written
/// once by the global's thread-safe initializer and only read afterwards.
nonisolated(unsafe) private let builtInKindEntries: UnsafeMutableBufferPointer<rxm_plugin_entry_function?> = {
    let entries: [rxm_plugin_entry_function] = [
        { rxm_kind_entry_alert($0, $1) },
        { rxm_kind_entry_actionSheet($0, $1) },
        { rxm_kind_entry_webAuthenticationSession($0, $1) },
        { mailComposerKindEntry($0, $1) },
        { messageComposerKindEntry($0, $1) },
        { photoPickerKindEntry($0, $1) },
        { mediaPickerKindEntry($0, $1) },
    ]
    let block = UnsafeMutableBufferPointer<rxm_plugin_entry_function?>.allocate(capacity: entries.count)
    _ = block.initialize(from: entries.map(Optional.some))
    return block
}()

@_cdecl("rxm_builtin_kinds_table")
public func rxm_builtin_kinds_table(_ entries: UnsafeMutablePointer<UnsafePointer<rxm_plugin_entry_function?>?>?) -> Int {
    entries?.pointee = UnsafePointer(builtInKindEntries.baseAddress)
    return builtInKindEntries.count
}
