import Foundation
import PrivateFiles
import RxModalPluginABI

/// What the plugin scanner read from each plugin file, kept between runs so a
/// registry that opens again reads no unchanged plugin: one entry per file,
/// keyed by its path and identity (device, inode, size, modification time),
/// holding the kind it described or why it was skipped (a plugin that crashed
/// the scanner stays skipped until the file changes).
///
/// Stored as JSON, mode 0600 in a 0700 folder, never through a symbolic link
/// (``PrivateFolder``); a cache that cannot be read, or was written by another
/// version of the runtime, is ignored. It holds descriptions only: a kind is
/// loaded from its file when used, and only if the file is still the one
/// described. A value; its users keep it on one thread.
struct RegistryCache: Codable {
    struct Entry: Codable, Hashable {
        var identity: PluginFileIdentity
        var kind: ScannedKind? = nil
        var skipped: String? = nil
    }

    /// Bumped when what a scan records, or how, changes.
    static let format = 1
    static let environmentVariable = "RXMODAL_REGISTRY_CACHE"

    var format = RegistryCache.format
    /// The plugin ABI major version the descriptors were read for.
    var abiMajor = UInt32(RXM_PLUGIN_ABI_MAJOR)
    var entries: [String: Entry] = [:]

    /// `RXMODAL_REGISTRY_CACHE` (empty: no cache), else
    /// `$XDG_CACHE_HOME/rxmodal/plugin-registry-1.json` (`~/.cache` by default).
    static func standardPath(environment: [String: String]) -> String? {
        if !PluginSearchPath.isSecureExecution, let named = environment[environmentVariable] {
            return named.hasPrefix("/") ? named : nil
        }
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return base + "/rxmodal/plugin-registry-\(RXM_PLUGIN_ABI_MAJOR).json"
    }

    /// The cache at `path`, or an empty one.
    static func load(_ path: String) -> RegistryCache {
        let name = (path as NSString).lastPathComponent
        guard let folder = try? PrivateFolder.existing(folderOf: path),
              let data = try? folder.read(name),
              let cache = try? JSONDecoder().decode(RegistryCache.self, from: data),
              cache.format == format, cache.abiMajor == UInt32(RXM_PLUGIN_ABI_MAJOR) else {
            return RegistryCache()
        }
        return cache
    }

    /// Writes the cache to `path`, leaving out files that no longer exist so it
    /// does not grow with every folder ever searched. A failure to write only
    /// costs the next open a scan.
    func save(_ path: String) {
        var kept = self
        kept.entries = entries.filter { FileManager.default.fileExists(atPath: $0.key) }
        guard let data = try? JSONEncoder().encode(kept),
              let folder = try? PrivateFolder.creating(folderOf: path) else { return }
        try? folder.write(data, to: (path as NSString).lastPathComponent)
    }

    func entry(for path: String, identity: PluginFileIdentity) -> Entry? {
        guard let entry = entries[path], entry.identity == identity else { return nil }
        return entry
    }
}
