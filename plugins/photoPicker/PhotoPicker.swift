import Foundation
import RxModalPluginABI
import SwiftPluginSupport
import RxModalMedia
import MediaPluginSupport

/// The configuration of one photo picker (PHPickerConfiguration). Used by one
/// thread at a time, as the plugin ABI guarantees.
final class PhotoPickerConfig {
    var selectionLimit = 1
    var filter: PhotoFilter?
    var preferredAssetRepresentationMode = "automatic"
    var roots = LibraryRoots(library: .pictures)
}

private let setSelectionLimit: PluginMethods.IntMethod = { config, limit, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    guard limit >= 0, limit <= Int64(Int32.max) else {
        return PluginError.invalid(into: error, "the selection limit must be 0 (no limit) or more, got \(limit)")
    }
    config.selectionLimit = Int(limit)
    return 0
}

private let setFilter: PluginMethods.ValueMethod = { config, value, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    guard let value else { return PluginError.invalid(into: error, "the filter is NULL") }
    do {
        config.filter = try PhotoFilterValue.decode(PluginValue(cValue: value))
        return 0
    } catch let PhotoFilterValue.Problem.invalid(reason) {
        return PluginError.invalid(into: error, reason)
    } catch let other {
        return PluginError.invalid(into: error, "\(other)")
    }
}

private let setPreferredAssetRepresentationMode: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let mode = PluginArguments.string(text)
    guard ["automatic", "current", "compatible"].contains(mode) else {
        return PluginError.invalid(into: error, "unknown representation mode “\(mode)”: use automatic, current or compatible")
    }
    config.preferredAssetRepresentationMode = mode
    return 0
}

private let setLibraryRoots: PluginMethods.StringsMethod = { config, items, count, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let roots = PluginArguments.strings(items, count)
    if let problem = roots.lazy.compactMap(LibraryRoots.check).first { return PluginError.invalid(into: error, problem) }
    config.roots.defaults = roots
    return 0
}

private let addLibraryRoot: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let root = PluginArguments.string(text)
    if let problem = LibraryRoots.check(root) { return PluginError.invalid(into: error, problem) }
    config.roots.extra.append(root)
    return 0
}

nonisolated(unsafe) private let descriptor: UnsafePointer<rxm_plugin_descriptor> = PluginDescriptor.make(
    kind: "photoPicker",
    summary: "Picks photos and videos from the user's pictures folder (PHPickerViewController).",
    result: "{\"results\": [{\"assetIdentifier\", \"url\", \"path\" (the file's path as it is, for shells), \"contentType\", \"kind\": \"image\"|\"video\", \"isScreenshot\", " +
        "\"pixelWidth\"?, \"pixelHeight\"?, \"creationDate\" (ISO 8601, UTC), \"creationDateSource\": \"exif\"|\"fileTime\"}] " +
        "in the order picked (empty when cancelled), \"scan\": {counts of what was read and skipped}}; content types by " +
        ContentTypeDetector.shared.backend,
    methods: [
        PluginMethodRow("setSelectionLimit", "i", setSelectionLimit, "limit",
                             "How many items may be picked: 0 for no limit; default 1."),
        PluginMethodRow("setFilter", "v", setFilter, "filter",
                             "\"images\", \"videos\", \"screenshots\", {\"any\": [f]}, {\"all\": [f]} or {\"not\": f}; default: everything."),
        PluginMethodRow("setPreferredAssetRepresentationMode", "s", setPreferredAssetRepresentationMode, "mode",
                             "automatic, current or compatible; every mode gives the original file (nothing is transcoded)."),
        PluginMethodRow("setLibraryRoots", "S", setLibraryRoots, "roots",
                             "Replaces the default root (XDG_PICTURES_DIR, else ~/Pictures) with these absolute folders."),
        PluginMethodRow("addLibraryRoot", "s", addLibraryRoot, "root", "Adds an absolute folder to scan."),
    ]) { d in
    d.config_new = { _ in Unmanaged.passRetained(PhotoPickerConfig()).toOpaque() }
    d.config_free = { config in
        guard let config else { return }
        Unmanaged<PhotoPickerConfig>.fromOpaque(config).release()
    }
    d.present = { config, surface, observer, error in
        guard let config = PluginConfig<PhotoPickerConfig>.object(config), let surface else {
            PluginError.invalid(into: error, "config or surface is NULL")
            return rxm_disposable()
        }
        let settings = PhotoPickerSettings(config)
        return PickerPresentation.start(surface: surface, observer: observer, title: "Photos") { settings.content(progress: $0) }
    }
}

/// The kind's entry function (see Include/rxmodal_plugin.h's rxm_plugin_entry):
/// exported under that name by librxmodal-photoPicker.so (plugins/entries), and
/// registered in-process by programs that link the kind statically.
public func photoPickerKindEntry(_ hostMajor: UInt32, _ hostMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    hostMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) ? descriptor : nil
}
