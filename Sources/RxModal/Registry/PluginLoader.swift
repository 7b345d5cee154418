#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RxModalPluginABI

/// Finds plugin files in a search-path folder and loads one file into a
/// validated descriptor. Folders and files are opened and checked by descriptor
/// (``TrustedFolder``, ``CheckedPluginFile``) and the checked descriptor is what
/// the dynamic linker maps (``DescriptorLinker``). It never crashes on a bad
/// file it can see is bad: every failure becomes a ``SkippedPlugin/Reason``.
/// Stateless; safe from any thread (`dlerror` is per-thread).
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

    /// A folder that was opened, and the names of its candidate files.
    struct OpenedFolder {
        var folder: TrustedFolder
        var candidates: [String]
        /// Files that cannot be candidates but are reported (undecodable names).
        var skipped: [SkippedPlugin]
    }

    /// Opens `directory` as a trusted folder and lists its candidates, sorted by
    /// name: regular files, or links to them, whose name fits the folder's rule.
    static func open(_ directory: PluginSearchPath.Directory) -> Result<OpenedFolder, TrustedFolder.Refusal> {
        let folder: TrustedFolder
        switch TrustedFolder.open(directory.path) {
        case .success(let opened): folder = opened
        case .failure(let refusal): return .failure(refusal)
        }
        let entries: (names: [String], undecodable: [String])
        switch folder.entries() {
        case .success(let found): entries = found
        case .failure(let refusal): return .failure(refusal)
        }
        var candidates: [String] = []
        for name in entries.names where directory.acceptsAnyFile || PluginSearchPath.isPluginFileName(name) {
            var info = stat()
            // fstatat follows a link here: a link to a regular file is a candidate,
            // and is checked (with its target's folder) when it is opened.
            if fstatat(folder.descriptor, name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG {
                candidates.append(name)
            }
        }
        let base = folder.path == "/" ? "" : folder.path
        let skipped = directory.acceptsAnyFile
            ? entries.undecodable.map { SkippedPlugin(path: base + "/" + $0, reason: .notASharedObject("the file name is not valid UTF-8")) }
            : []
        return .success(OpenedFolder(folder: folder, candidates: candidates, skipped: skipped))
    }

    /// Checks, opens and validates the file `name` of `folder`, known as `path`.
    static func load(_ name: String, in folder: TrustedFolder, path: String) -> Result<Loaded, SkippedPlugin.Reason> {
        switch CheckedPluginFile.open(name, in: folder, path: path, checkImage: true) {
        case .success(let file): return link(file)
        case .failure(let reason): return .failure(reason)
        }
    }

    /// Maps a checked file, calls its entry function and validates the descriptor.
    static func link(_ file: CheckedPluginFile) -> Result<Loaded, SkippedPlugin.Reason> {
        link(takingOver: file.releaseDescriptor(), path: file.path)
    }

    /// The same for a descriptor already checked elsewhere (the scanner process
    /// is handed the host's), which this call takes over.
    static func link(takingOver descriptor: Int32, path: String) -> Result<Loaded, SkippedPlugin.Reason> {
        let handle: UnsafeMutableRawPointer
        switch DescriptorLinker.open(takingOver: descriptor, path: path) {
        case .success(let opened): handle = opened
        case .failure(let reason): return .failure(reason)
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
}
