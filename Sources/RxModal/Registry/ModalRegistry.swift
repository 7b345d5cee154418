import Synchronization
import RxModalPluginABI

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
    /// (``PluginSearchPath/standard(environment:executablePath:)``).
    public static let shared = ModalRegistry(searchPath: .standard())

    private struct State: Sendable {
        var byName: [String: ModalKind] = [:]
        var skipped: [SkippedPlugin] = []
    }

    private let state = Mutex(State())
    /// Held for a whole load or registration, so concurrent loads cannot reorder
    /// who provides a kind first.
    private let loading = Mutex(())

    /// An empty registry.
    public init() {}

    /// A registry loaded from `searchPath`.
    public convenience init(searchPath: PluginSearchPath) {
        self.init()
        load(searchPath)
    }

    /// Loads every plugin on `searchPath`, in order, adding to what is already
    /// registered. Files that cannot be used are added to ``skipped``. A
    /// directory that appears twice (also through a link) is read once.
    public func load(_ searchPath: PluginSearchPath) {
        loading.withLock { _ in
            var seenDirectories: Set<String> = []
            for directory in searchPath.directories {
                let identity = PluginFileSafety.resolvedPath(directory.path) ?? directory.path
                guard seenDirectories.insert(identity).inserted else { continue }
                let (files, skippedDirectory) = PluginLoader.candidates(in: directory)
                report(skippedDirectory)
                for file in files {
                    switch PluginLoader.load(file: file) {
                    case .failure(let reason):
                        report([SkippedPlugin(path: file, reason: reason)])
                    case .success(let loaded):
                        let kind = ModalKind(validated: loaded.fields, descriptor: loaded.descriptor, origin: .file(file))
                        if let refusal = add(kind) { report([SkippedPlugin(path: file, reason: refusal)]) }
                    }
                }
            }
        }
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

    /// Every kind described, one after the other, then the skipped files.
    public func describeAll() -> String {
        var text = kinds.map(\.describedText).joined(separator: "\n")
        let skipped = self.skipped
        if !skipped.isEmpty {
            text += "\nskipped:\n" + skipped.map { "  \($0)\n" }.joined()
        }
        return text
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

    private func report(_ skipped: [SkippedPlugin]) {
        guard !skipped.isEmpty else { return }
        state.withLock { $0.skipped.append(contentsOf: skipped) }
    }
}
