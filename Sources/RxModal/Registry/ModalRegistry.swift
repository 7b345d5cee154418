import Foundation
import Synchronization
import RxModalPluginABI
import CBuiltInKinds

/// The modal kinds this process knows: loaded from plugin files on a search path
/// (see ``PluginSearchPath``) and registered in-process from Swift. Lists and
/// describes them, as `gst-inspect` does for GStreamer, and reports every file it
/// skipped with the reason.
///
/// The first provider of a kind wins: a later file, directory or registration
/// offering the same kind is skipped and reported (``SkippedPlugin/Reason/duplicateKind(_:providedBy:)``),
/// never silently preferred.
///
/// Thread safety: every member may be called from any thread. Loads are
/// serialized among themselves (so the order of the search path decides which
/// provider wins), and readers see each kind either not yet or fully registered.
public final class ModalRegistry: Sendable {
    /// The symbol every plugin exports: `rxm_plugin_entry`.
    public static let entrySymbol: String = RXM_PLUGIN_ENTRY_SYMBOL

    /// The process's registry, loaded on first use from the standard search path
    /// (``PluginSearchPath/standard(environment:runtimeImage:)``), its plugins
    /// read by the scanner process when there is one
    /// (``PluginScanning/standard(environment:)``), then given the kinds linked
    /// into the program that no plugin file provided (``registerBuiltInKinds()``).
    public static let shared: ModalRegistry = {
        let environment = ProcessInfo.processInfo.environment
        let registry = ModalRegistry(searchPath: .standard(environment: environment), scanning: .standard(environment: environment))
        registry.registerBuiltInKinds()
        return registry
    }()

    private struct State: Sendable {
        var byName: [String: ModalKind] = [:]
        var skipped: [SkippedPlugin] = []
        var searchedFolders: [SearchedFolder] = []
    }

    private let state = Mutex(State())
    /// Held for a whole load or registration, so concurrent loads cannot reorder
    /// who provides a kind first.
    private let loading = Mutex(())

    /// An empty registry.
    public init() {}

    /// A registry loaded from `searchPath`, its descriptors read as `scanning` says.
    public convenience init(searchPath: PluginSearchPath, scanning: PluginScanning = .inProcess) {
        self.init()
        load(searchPath, scanning: scanning)
    }

    /// Loads every plugin on `searchPath`, in order, adding to what is already
    /// registered. Files that cannot be used are added to ``skipped``; every
    /// folder, with what became of it, to ``searchedFolders``. A folder that
    /// appears twice (also through a link) is read once. With
    /// ``PluginScanning/scanner(path:cache:)``, descriptors are read by the
    /// scanner process (or taken from the cache) and each kind is loaded when
    /// first used; if the scanner cannot be run at all, they are read in this
    /// process and the scanner is listed among the skipped with why.
    public func load(_ searchPath: PluginSearchPath, scanning: PluginScanning = .inProcess) {
        loading.withLock { _ in
            var cachePath: String?
            var cache = RegistryCache()
            var cacheChanged = false
            if case .scanner(_, let path) = scanning, let path {
                cachePath = path
                cache = RegistryCache.load(path)
            }
            var seenFolders: Set<String> = []
            for directory in searchPath.directories {
                guard let opened = openFolder(directory, seen: &seenFolders) else { continue }
                let base = directory.path.hasSuffix("/") ? String(directory.path.dropLast()) : directory.path
                let files = opened.candidates.map { (name: $0, path: base + "/" + $0) }
                switch scanning {
                case .inProcess:
                    for file in files {
                        switch PluginLoader.load(file.name, in: opened.folder, path: file.path) {
                        case .failure(let reason):
                            report([SkippedPlugin(path: file.path, reason: reason)])
                        case .success(let loaded):
                            registerFound(ModalKind(validated: loaded.fields, descriptor: loaded.descriptor, origin: .file(file.path)), from: file.path)
                        }
                    }
                case .scanner(let scanner, _):
                    scan(files, in: opened.folder, scanner: scanner, cache: &cache, changed: &cacheChanged)
                }
            }
            if cacheChanged, let cachePath { cache.save(cachePath) }
        }
    }

    /// Opens one folder of a search path, recording what became of it; nil when
    /// it is not to be read.
    private func openFolder(_ directory: PluginSearchPath.Directory, seen: inout Set<String>) -> PluginLoader.OpenedFolder? {
        switch PluginLoader.open(directory) {
        case .failure(let refusal):
            let reason = refusal.reason(for: directory.path)
            switch refusal {
            case .unreadable, .notAFolder:
                let message = if case .unreadable(let text) = refusal { text } else { "not a directory" }
                record(SearchedFolder(path: directory.path, source: directory.source, outcome: .absent(message)))
                if directory.reportsIfMissing { report([SkippedPlugin(path: directory.path, reason: reason)]) }
            case .relativePath, .unsafe:
                record(SearchedFolder(path: directory.path, source: directory.source, outcome: .refused(reason)))
                // A default folder nobody named (a build folder such as
                // /tmp) is refused in the search report only.
                if directory.reportsIfMissing { report([SkippedPlugin(path: directory.path, reason: reason)]) }
            }
            return nil
        case .success(let opened):
            guard seen.insert(opened.folder.path).inserted else {
                record(SearchedFolder(path: directory.path, source: directory.source, outcome: .alreadySearched))
                return nil
            }
            record(SearchedFolder(path: directory.path, source: directory.source, outcome: .searched(candidates: opened.candidates.count)))
            report(opened.skipped)
            return opened
        }
    }

    /// The files of one folder through the cache and the scanner process, in order.
    private func scan(_ files: [(name: String, path: String)], in folder: TrustedFolder, scanner: String,
                      cache: inout RegistryCache, changed: inout Bool) {
        enum Slot {
            case skipped(SkippedPlugin.Reason)
            case known(RegistryCache.Entry)
            case pending(Int, PluginFileIdentity)
        }
        var slots: [Slot] = []
        var pending: [CheckedPluginFile] = []
        for file in files {
            switch CheckedPluginFile.open(file.name, in: folder, path: file.path, checkImage: false) {
            case .failure(let reason):
                slots.append(.skipped(reason))
            case .success(let opened):
                if let entry = cache.entry(for: file.path, identity: opened.identity) {
                    slots.append(.known(entry))
                } else if let problem = ELFImageCheck.problem(descriptor: opened.descriptor, size: Int(opened.identity.size)) {
                    slots.append(.skipped(.invalidImage(problem)))
                } else {
                    slots.append(.pending(pending.count, opened.identity))
                    pending.append(opened)
                }
            }
        }
        var outcomes: [PluginScanner.Outcome] = []
        if !pending.isEmpty {
            switch PluginScanner.scan(pending, scanner: scanner) {
            case .success(let scanned):
                outcomes = scanned
            case .failure(let message):
                report([SkippedPlugin(path: scanner, reason: .refusedByScanner(
                    "cannot run the plugin scanner (\(message)); plugins were read in this process"))])
                outcomes = pending.map { file in PluginLoader.link(file).map { ScannedKind($0.fields) } }
            }
        }
        for (file, slot) in zip(files, slots) {
            switch slot {
            case .skipped(let reason):
                report([SkippedPlugin(path: file.path, reason: reason)])
            case .known(let entry):
                if let kind = entry.kind {
                    registerScanned(kind, file: file, folder: folder, identity: entry.identity)
                } else {
                    report([SkippedPlugin(path: file.path, reason: .refusedByScanner(entry.skipped ?? "skipped"))])
                }
            case .pending(let index, let identity):
                switch outcomes[index] {
                case .success(let kind):
                    cache.entries[file.path] = RegistryCache.Entry(identity: identity, kind: kind)
                    registerScanned(kind, file: file, folder: folder, identity: identity)
                case .failure(let reason):
                    cache.entries[file.path] = RegistryCache.Entry(identity: identity, skipped: reason.description)
                    report([SkippedPlugin(path: file.path, reason: reason)])
                }
                changed = true
            }
        }
    }

    private func registerScanned(_ kind: ScannedKind, file: (name: String, path: String), folder: TrustedFolder, identity: PluginFileIdentity) {
        let binding = LazyPluginBinding(folder: folder.path, name: file.name, path: file.path, identity: identity, scanned: kind)
        registerFound(ModalKind(scanned: kind, origin: .file(file.path), lazy: binding), from: file.path)
    }

    private func registerFound(_ kind: ModalKind, from path: String) {
        if let refusal = add(kind) { report([SkippedPlugin(path: path, reason: refusal)]) }
    }

    /// Registers a kind from a descriptor in this process, validated as a loaded
    /// file's would be. The descriptor (and everything it points to) must stay
    /// valid and unchanged for the rest of the process. Throws a ``SkippedPlugin``
    /// whose path is `"in-process"` and whose reason says what is wrong (a
    /// malformed descriptor, an ABI mismatch, a kind already provided).
    @discardableResult
    public func register(descriptor: UnsafePointer<rxm_plugin_descriptor>) throws -> ModalKind {
        let fields: ValidatedDescriptor
        do {
            fields = try DescriptorValidation.validate(descriptor)
        } catch {
            throw SkippedPlugin(path: PluginOrigin.inProcess.description, reason: error)
        }
        return try loading.withLock { _ in
            let kind = ModalKind(validated: fields, descriptor: descriptor, origin: .inProcess)
            if let refusal = add(kind) { throw SkippedPlugin(path: PluginOrigin.inProcess.description, reason: refusal) }
            return kind
        }
    }

    /// Registers the kinds linked into this program statically (a package that
    /// depends on the RxModal product links every kind this package ships) that
    /// no kind already registered provides: a plugin file found on the search
    /// path first, an installed one or a developer's build, wins quietly. Each
    /// descriptor is validated as a file's would be; one that fails is skipped
    /// with its reason. A program without built-in kinds (librxmodal, the
    /// `rxmodal` command) registers none.
    public func registerBuiltInKinds() {
        var entries: UnsafePointer<rxm_plugin_entry_function?>?
        let count = rxm_builtin_kind_entries(&entries)
        guard let entries, count > 0 else { return }
        loading.withLock { _ in
            for index in 0..<count {
                guard let entry = entries[index],
                      let descriptor = entry(UInt32(RXM_PLUGIN_ABI_MAJOR), UInt32(RXM_PLUGIN_ABI_MINOR)) else { continue }
                let fields: ValidatedDescriptor
                do throws(SkippedPlugin.Reason) {
                    fields = try DescriptorValidation.validate(descriptor)
                } catch {
                    report([SkippedPlugin(path: PluginOrigin.builtIn.description, reason: error)])
                    continue
                }
                guard state.withLock({ $0.byName[fields.name] == nil }) else { continue }
                _ = add(ModalKind(validated: fields, descriptor: descriptor, origin: .builtIn))
            }
        }
    }

    /// Every registered kind, by name.
    public var kinds: [ModalKind] {
        state.withLock { $0.byName.values.sorted { $0.name < $1.name } }
    }

    /// The names of the registered kinds, sorted.
    public var kindNames: [String] {
        state.withLock { $0.byName.keys.sorted() }
    }

    /// Every file, directory and registration that was skipped, in the order met.
    public var skipped: [SkippedPlugin] {
        state.withLock { $0.skipped }
    }

    /// Every folder of every search path loaded so far, in order, with why it was
    /// on the path and what became of it.
    public var searchedFolders: [SearchedFolder] {
        state.withLock { $0.searchedFolders }
    }

    /// The kind called `name`, or ``ModalError/unknownKind(_:known:)`` with the
    /// names that are known.
    public func kind(named name: String) throws -> ModalKind {
        try state.withLock { state in
            guard let kind = state.byName[name] else {
                throw ModalError.unknownKind(name, known: state.byName.keys.sorted())
            }
            return kind
        }
    }

    /// A readable description of `kind` (see ``ModalKind/describedText``).
    public func describe(_ kind: ModalKind) -> String { kind.describedText }

    /// The description of `kind` as a value (see ``ModalKind/describedValue``).
    public func describeAsValue(_ kind: ModalKind) -> ModalValue { kind.describedValue }

    /// Every kind described, one after the other, then the skipped files, then
    /// the folders searched.
    public func describeAll() -> String {
        var text = kinds.map(\.describedText).joined(separator: "\n")
        let skipped = self.skipped
        if !skipped.isEmpty {
            text += "\nskipped:\n" + skipped.map { "  \($0)\n" }.joined()
        }
        let folders = searchedFolders
        if !folders.isEmpty {
            text += "\nsearched folders:\n" + folders.map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// The whole registry as a value: `{"kinds": [description…], "skipped":
    /// [{"path", "reason"}], "searched": [{"path", "source", "outcome"}]}`.
    public var describedValue: ModalValue {
        .object([
            "kinds": .array(kinds.map(\.describedValue)),
            "skipped": .array(skipped.map { .object(["path": .string($0.path), "reason": .string($0.reason.description)]) }),
            "searched": .array(searchedFolders.map {
                .object(["path": .string($0.path), "source": .string($0.source.description), "outcome": .string($0.outcome.description)])
            }),
        ])
    }

    /// Adds `kind` unless its name is taken; returns the refusal otherwise.
    private func add(_ kind: ModalKind) -> SkippedPlugin.Reason? {
        state.withLock { state in
            if let existing = state.byName[kind.name] {
                return .duplicateKind(kind.name, providedBy: existing.origin)
            }
            state.byName[kind.name] = kind
            return nil
        }
    }

    private func record(_ folder: SearchedFolder) {
        state.withLock { $0.searchedFolders.append(folder) }
    }

    private func report(_ skipped: [SkippedPlugin]) {
        guard !skipped.isEmpty else { return }
        state.withLock { $0.skipped.append(contentsOf: skipped) }
    }
}
