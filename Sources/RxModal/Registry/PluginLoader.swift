#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import RxModalPluginABI

/// Finds plugin files in a search-path directory and loads one file into a
/// validated descriptor. It never crashes on a bad file: every failure becomes a
/// ``SkippedPlugin/Reason``. Stateless; safe from any thread (`dlerror` is
/// per-thread).
///
/// Loaded objects are never closed. A plugin's callbacks (an observer call from
/// its own thread, a surface answer, a disposable) may still be in flight when
/// the registry that loaded it is gone, and unmapping the code under them would
/// crash the process. Refused files stay open too: their constructors have run
/// and may have registered things (atexit handlers, Swift metadata) that point
/// into them, and a Swift-built object cannot be unloaded safely at all.
enum PluginLoader {
    /// One file that passed every check, ready to become a `ModalKind`.
    struct Loaded {
        var descriptor: UnsafePointer<rxm_plugin_descriptor>
        var fields: ValidatedDescriptor
    }

    /// The candidate files of `directory`, sorted by name, and what had to be
    /// skipped on the way (an unsafe or unreadable directory, unsafe files).
    /// A candidate is a regular file (after following links) whose name fits
    /// the directory's rule.
    static func candidates(in directory: PluginSearchPath.Directory) -> (files: [String], skipped: [SkippedPlugin]) {
        let path = directory.path
        let status: PluginFileSafety.Status
        switch PluginFileSafety.status(of: path) {
        case .failure(let failure):
            return ([], directory.reportsIfMissing ? [SkippedPlugin(path: path, reason: .unreadableDirectory(failure.message))] : [])
        case .success(let found):
            status = found
        }
        guard status.type == .directory else {
            return ([], directory.reportsIfMissing ? [SkippedPlugin(path: path, reason: .unreadableDirectory("not a directory"))] : [])
        }
        if let problem = PluginFileSafety.problem(path: path, status: status) {
            return ([], [SkippedPlugin(path: path, reason: problem)])
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            return ([], [SkippedPlugin(path: path, reason: .unreadableDirectory("\(error.localizedDescription)"))])
        }
        var files: [String] = []
        for name in names where directory.acceptsAnyFile || PluginSearchPath.isPluginFileName(name) {
            let file = path.hasSuffix("/") ? path + name : path + "/" + name
            if case .success(let fileStatus) = PluginFileSafety.status(of: file), fileStatus.type == .regular {
                files.append(file)
            }
        }
        return (files, [])
    }

    /// Checks, opens and validates one file.
    static func load(file path: String) -> Result<Loaded, SkippedPlugin.Reason> {
        // A symbolic link is judged by what it points to, and by the directory
        // that holds the target, since whoever can write there can replace it.
        guard let resolved = PluginFileSafety.resolvedPath(path) else {
            return .failure(.notASharedObject(String(cString: strerror(errno))))
        }
        switch PluginFileSafety.status(of: resolved) {
        case .failure(let failure):
            return .failure(.notASharedObject(failure.message))
        case .success(let status):
            if let problem = PluginFileSafety.problem(path: resolved, status: status) { return .failure(problem) }
        }
        if resolved != path, let slash = resolved.lastIndex(of: "/") {
            let parent = slash == resolved.startIndex ? "/" : String(resolved[..<slash])
            if case .success(let status) = PluginFileSafety.status(of: parent),
               let problem = PluginFileSafety.problem(path: parent, status: status) {
                return .failure(problem)
            }
        }

        // RTLD_LOCAL: a plugin's symbols (every plugin has rxm_plugin_entry) must
        // not become visible to, or be bound by, the objects loaded after it.
        _ = dlerror()
        guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.notASharedObject(lastDynamicLinkerError() ?? "dlopen failed"))
        }
        _ = dlerror()
        guard let symbol = dlsym(handle, ModalRegistry.entrySymbol) else {
            return .failure(.noEntrySymbol)
        }
        let entry = unsafeBitCast(symbol, to: rxm_plugin_entry_function.self)
        guard let descriptor = entry(UInt32(RXM_PLUGIN_ABI_MAJOR), UInt32(RXM_PLUGIN_ABI_MINOR)) else {
            return .failure(.entryReturnedNull)
        }
        do {
            return .success(Loaded(descriptor: descriptor, fields: try DescriptorValidation.validate(descriptor)))
        } catch {
            return .failure(error)
        }
    }

    private static func lastDynamicLinkerError() -> String? {
        guard let message = dlerror() else { return nil }
        return String(cString: message)
    }
}
