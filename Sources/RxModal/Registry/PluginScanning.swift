/// How a registry reads the descriptors of the plugin files it finds.
/// Immutable value; safe to share between threads.
public enum PluginScanning: Hashable, Sendable {
    /// Each file is loaded into this process and its descriptor read at once.
    /// A plugin whose entry function crashes or exits takes the process down.
    case inProcess
    /// Each file is read by a separate scanner process (the program at `path`,
    /// `rxmodal-plugin-scanner`), so a plugin that crashes, exits or hangs while
    /// its descriptor is read is only skipped, with the reason; a kind read this
    /// way is loaded into this process when it is first used. What was read is
    /// kept in the registry cache at `cache` (nil: no cache), keyed by each
    /// file's device, inode, size and modification time, so an unchanged
    /// plugin is not read again.
    case scanner(path: String, cache: String?)

    /// A scanner beside the runtime when there is one (``PluginScannerLocation``),
    /// with the user's registry cache; in this process otherwise.
    public static func standard(environment: [String: String]) -> PluginScanning {
        guard let scanner = PluginScannerLocation.find(environment: environment) else { return .inProcess }
        return .scanner(path: scanner, cache: RegistryCache.standardPath(environment: environment))
    }
}
