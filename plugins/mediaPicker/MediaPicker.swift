import Foundation
import Glibc
import RxModalPluginABI
import SwiftPluginSupport
import RxModalMedia
import MediaPluginSupport

/// The configuration of one media picker (MPMediaPickerController's settings).
/// Used by one thread at a time, as the plugin ABI guarantees.
final class MediaPickerConfig {
    var mediaTypes: Set<MediaTypeClassifier.MediaType> = Set(MediaTypeClassifier.MediaType.allCases)
    var allowsPickingMultipleItems = false
    var prompt: String?
    var applicationIdentifier = ProcessInfo.processInfo.processName
    var roots = LibraryRoots(library: .music)
}

private let setMediaTypes: PluginMethods.StringsMethod = { config, items, count, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    var types = Set<MediaTypeClassifier.MediaType>()
    for name in PluginArguments.strings(items, count) {
        if name == "any" { types.formUnion(MediaTypeClassifier.MediaType.allCases); continue }
        guard let type = MediaTypeClassifier.MediaType(rawValue: name) else {
            return PluginError.invalid(into: error, "unknown media type “\(name)”: use music, podcast, audioBook or any")
        }
        types.insert(type)
    }
    guard !types.isEmpty else { return PluginError.invalid(into: error, "give at least one media type (music, podcast, audioBook or any)") }
    config.mediaTypes = types
    return 0
}

private let setAllowsPickingMultipleItems: PluginMethods.BoolMethod = { config, allows, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    config.allowsPickingMultipleItems = allows
    return 0
}

private let setPrompt: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let prompt = PluginArguments.string(text)
    config.prompt = prompt.isEmpty ? nil : prompt
    return 0
}

private let setApplicationIdentifier: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let identifier = PluginArguments.string(text)
    guard !identifier.isEmpty, !identifier.contains(where: { $0 == "\t" || $0.isNewline }) else {
        return PluginError.invalid(into: error, "the application identifier must be one line, not empty")
    }
    config.applicationIdentifier = identifier
    return 0
}

private let setLibraryRoots: PluginMethods.StringsMethod = { config, items, count, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let roots = PluginArguments.strings(items, count)
    if let problem = roots.lazy.compactMap(LibraryRoots.check).first { return PluginError.invalid(into: error, problem) }
    config.roots.defaults = roots
    return 0
}

private let addLibraryRoot: PluginMethods.StringMethod = { config, text, error in
    guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return PluginError.invalid(into: error, "config is NULL") }
    let root = PluginArguments.string(text)
    if let problem = LibraryRoots.check(root) { return PluginError.invalid(into: error, problem) }
    config.roots.extra.append(root)
    return 0
}

/// The descriptor, made once (Swift globals are initialized once, thread-safely)
/// and never written after: shared read-only by every thread.
nonisolated(unsafe) private let descriptor: UnsafePointer<rxm_plugin_descriptor> = {
    let methods = [
        PluginMethodRow("setMediaTypes", "S", setMediaTypes, "types",
               "The media types offered: music, podcast, audioBook, or any (the default)."),
        PluginMethodRow("setAllowsPickingMultipleItems", "b", setAllowsPickingMultipleItems, "allows",
               "Whether several items may be picked (default false)."),
        PluginMethodRow("setPrompt", "s", setPrompt, "prompt", "The text shown above the list; empty for none."),
        PluginMethodRow("setApplicationIdentifier", "s", setApplicationIdentifier, "identifier",
               "The application the authorization is asked and kept for (default: the process name)."),
        PluginMethodRow("setLibraryRoots", "S", setLibraryRoots, "roots",
               "Replaces the default root (XDG_MUSIC_DIR, else ~/Music) with these absolute folders."),
        PluginMethodRow("addLibraryRoot", "s", addLibraryRoot, "root", "Adds an absolute folder to scan."),
    ]

    // The same text wherever it is read: a scan's cached description must match
    // the plugin loaded later, whatever has been installed in between.
    let tagNote = "titles, artists and albums come from the files' tags when TagLib's C library (libtag_c) is installed " +
        "(rxmodal doctor says whether it is), else titles are the file names"

    return PluginDescriptor.make(
        kind: "mediaPicker",
        summary: "Picks music, podcasts and audiobooks from the user's music folder (MPMediaPickerController).",
        result: "{\"items\": [{\"title\", \"artist\"?, \"album\"?, \"albumArtist\"?, \"trackNumber\"?, \"genre\"?, \"duration\"? (s), " +
            "\"url\", \"path\" (the file's path as it is, for shells), \"mediaType\", \"contentType\", \"titleSource\": \"tags\"|\"fileName\"}] in the order picked " +
            "(empty when cancelled), \"scan\": {counts of what was read and skipped}}; " + tagNote,
        methods: methods) { d in
    d.config_new = { _ in Unmanaged.passRetained(MediaPickerConfig()).toOpaque() }
    d.config_free = { config in
        guard let config else { return }
        Unmanaged<MediaPickerConfig>.fromOpaque(config).release()
    }
    d.authorization_status = { config in
        guard let config = PluginConfig<MediaPickerConfig>.object(config) else { return RXM_AUTHORIZATION_DENIED }
        switch MediaLibraryAuthorizationStore.standard().status(for: config.applicationIdentifier) {
        case .notDetermined: return RXM_AUTHORIZATION_NOT_DETERMINED
        case .denied: return RXM_AUTHORIZATION_DENIED
        case .restricted: return RXM_AUTHORIZATION_RESTRICTED
        case .authorized: return RXM_AUTHORIZATION_AUTHORIZED
        }
    }
    d.request_authorization = { config, surface, callback in
        guard let config = PluginConfig<MediaPickerConfig>.object(config), let surface else {
            callback.on_status?(callback.context, RXM_AUTHORIZATION_DENIED)
            return rxm_disposable()
        }
        return AuthorizationRequest.start(
            surface: surface, callback: callback, store: .standard(), applicationIdentifier: config.applicationIdentifier,
            what: "It will read the music, podcasts and audiobooks in " + config.roots.resolved.joined(separator: ", ") + ".")
    }
    d.present = { config, surface, observer, error in
        guard let config = PluginConfig<MediaPickerConfig>.object(config), let surface else {
            PluginError.invalid(into: error, "config or surface is NULL")
            return rxm_disposable()
        }
        let settings = MediaPickerSettings(config)
        return PickerPresentation.start(surface: surface, observer: observer, title: "Media") { settings.content(progress: $0) }
    }
    }
}()

/// The kind's entry function (see Include/rxmodal_plugin.h's rxm_plugin_entry):
/// exported under that name by librxmodal-mediaPicker.so (plugins/entries), and
/// registered in-process by programs that link the kind statically.
public func mediaPickerKindEntry(_ hostMajor: UInt32, _ hostMinor: UInt32) -> UnsafePointer<rxm_plugin_descriptor>? {
    hostMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) ? descriptor : nil
}
