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
    var source = PhotoPickerSource.automatic
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

private let setSource: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<PhotoPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let name = PluginArguments.string(text)
    guard let source = PhotoPickerSource(rawValue: name) else {
        let names = PhotoPickerSource.allCases.map(\.rawValue).joined(separator: ", ")
        return PluginError.invalid(into: error, "unknown source “\(name)”: use \(names)")
    }
    config.source = source
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

private let resultDescription: String = "{\"results\": [{\"assetIdentifier\", \"url\", \"path\" (the file's path as it is, for shells), \"contentType\", \"kind\": \"image\"|\"video\", \"isScreenshot\", " +
        "\"pixelWidth\"?, \"pixelHeight\"?, \"creationDate\" (ISO 8601, UTC), \"creationDateSource\": \"exif\"|\"fileTime\"}] " +
        "in the order picked (empty when cancelled), \"scan\": {counts of what was read and skipped}, " +
        "\"source\": \"library\"|\"fileChooser\" (the way taken), \"skipped\"?: [paths chosen in the file chooser but " +
        "left out: no image or video, refused by the filter, unreadable, or over the limit]}; content types by " +
        ContentTypeDetector.shared.backend

private let sourceDescription: String = "Where the items come from: library (the pictures folder, as a grid), fileChooser (the desktop's " +
                             "file chooser, through the FileChooser portal: --surface desktop) or automatic (default: the " +
                             "file chooser inside a Flatpak or Snap sandbox, else the library; `rxmodal describe photoPicker` " +
                             "says which it takes here)."

nonisolated(unsafe) private let descriptor: UnsafePointer<rxm_plugin_descriptor> = PluginDescriptor.make(
    kind: "photoPicker",
    summary: "Picks photos and videos from the user's pictures folder (PHPickerViewController).",
    result: resultDescription,
    methods: [
        PluginMethodRow("setSelectionLimit", "i", setSelectionLimit, "limit",
                             "How many items may be picked: 0 for no limit; default 1."),
        PluginMethodRow("setFilter", "v", setFilter, "filter",
                             "\"images\", \"videos\", \"screenshots\", {\"any\": [f]}, {\"all\": [f]} or {\"not\": f}; default: everything."),
        PluginMethodRow("setPreferredAssetRepresentationMode", "s", setPreferredAssetRepresentationMode, "mode",
                             "automatic, current or compatible; every mode gives the original file (nothing is transcoded)."),
        PluginMethodRow("setSource", "s", setSource, "source", sourceDescription),
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
        return present(PhotoPickerSettings(config), surface: surface, observer: observer)
    }
}

/// Shows the library grid, or the desktop's file chooser (see PhotoPickerSource).
private func present(_ settings: PhotoPickerSettings, surface: UnsafePointer<rxm_surface>, observer: rxm_observer) -> rxm_disposable {
    guard settings.source == .fileChooser else {
        return PickerPresentation.start(surface: surface, observer: observer, title: "Photos") { settings.content(progress: $0) }
    }
    let chooser = PhotoFileChooser(settings: settings)
    // Automatic falls back to the library on a surface without a file chooser.
    let library: @Sendable (ScanProgress) -> PickerPresentation.Content = { progress in settings.content(progress: progress) }
    let fallback = settings.fallsBackToLibrary ? library : nil
    return PickerPresentation.start(surface: surface, observer: observer, title: "Photos", scans: false) { _ in
        PickerPresentation.Content(spec: chooser.spec, answer: { chooser.result(for: $0) }, fallback: fallback)
    }
}

/// The kind's entry function (see Include/rxmodal_plugin.h's rxm_plugin_entry):
/// exported under that name by librxmodal-photoPicker.so (plugins/entries), and
/// registered in-process by programs that link the kind statically.
public func photoPickerKindEntry(_ hostMajor: UInt32, _ hostMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    hostMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) ? descriptor : nil
}
