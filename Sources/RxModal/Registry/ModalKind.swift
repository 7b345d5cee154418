import RxModalPluginABI
import Synchronization

/// One modal kind the registry knows: what its descriptor says (name, version,
/// summary, methods), where it came from, and its code once loaded.
///
/// A kind read from a plugin file by a scan (``ModalRegistry`` with
/// ``PluginScanning/scanner(path:cache:)``, or from the registry cache) is listed and
/// described without its plugin in the process: the plugin is loaded, by
/// descriptor and only if it is still the file the scan read, when the kind is
/// first used (``makeConfiguration()``, ``methodTable()``, ``descriptor``). Until
/// then ``isLoaded`` is false. Any other kind is loaded from the start.
///
/// Thread safety: immutable apart from that one load, which is synchronized;
/// safe to share between threads. A loaded descriptor has static storage in a
/// plugin that is never unloaded (or, for an in-process registration, the
/// registrant promised it lives as long as the process), so every function
/// pointer stays valid. Calls into the plugin for one configuration must still
/// be serialized by the caller (see ``ModalConfiguration``).
public final class ModalKind: @unchecked Sendable, CustomStringConvertible {
    /// The unique name: a letter, then `[A-Za-z0-9_.-]`: "alert", "mailComposer".
    public let name: String
    /// The plugin's own version.
    public let version: String
    public let summary: String
    /// What the modal emits, in prose or as a sketch of the result values.
    public let resultDescription: String
    public let origin: PluginOrigin
    /// The configuration methods, in the descriptor's order.
    public let methods: [ModalMethod]
    /// The ABI minor version the plugin was built against.
    public let abiMinor: UInt32
    public let hasPrecondition: Bool
    public let hasAuthorization: Bool

    private enum Binder {
        case loaded(PluginBinding)
        case onFirstUse(LazyPluginBinding)
    }
    private let binder: Binder
    private let methodsByName: [String: Int]
    /// Made on first use by ``methodTable()``; its invokers are then reused.
    private let methodTableCache = Mutex<MethodTable?>(nil)

    /// A kind whose descriptor is loaded and validated.
    convenience init(validated fields: ValidatedDescriptor, descriptor: UnsafePointer<rxm_plugin_descriptor>, origin: PluginOrigin) {
        self.init(scanned: ScannedKind(fields), origin: origin, binder: .loaded(PluginBinding(descriptor: descriptor, fields: fields)))
    }

    /// A kind a scan read from a plugin file, loaded on first use.
    convenience init(scanned: ScannedKind, origin: PluginOrigin, lazy binding: LazyPluginBinding) {
        self.init(scanned: scanned, origin: origin, binder: .onFirstUse(binding))
    }

    private init(scanned: ScannedKind, origin: PluginOrigin, binder: Binder) {
        name = scanned.name
        version = scanned.version
        summary = scanned.summary
        resultDescription = scanned.resultDescription
        methods = scanned.modalMethods
        abiMinor = scanned.abiMinor
        hasPrecondition = scanned.hasPrecondition
        hasAuthorization = scanned.hasAuthorization
        methodsByName = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0.index) })
        self.origin = origin
        self.binder = binder
    }

    /// Whether the kind's code is in this process (see the type's documentation).
    public var isLoaded: Bool {
        switch binder {
        case .loaded: return true
        case .onFirstUse(let lazy): return lazy.isLoaded
        }
    }

    /// The validated C descriptor, for the parts of the runtime that present;
    /// loads the plugin if it is not yet (``ModalError/pluginUnavailable(reason:)``
    /// when it cannot be, or is no longer the file that was scanned).
    public var descriptor: UnsafePointer<rxm_plugin_descriptor> {
        get throws { try binding().descriptor }
    }

    /// The descriptor of a kind that has made a configuration: it is loaded, and
    /// its loading is kept, so this cannot fail.
    var descriptorOfConfiguredKind: UnsafePointer<rxm_plugin_descriptor> {
        try! binding().descriptor
    }

    func binding() throws(ModalError) -> PluginBinding {
        switch binder {
        case .loaded(let binding): return binding
        case .onFirstUse(let lazy): return try lazy.bind()
        }
    }

    /// `alert 1.0.0 (path)`
    public var description: String { "\(name) \(version) (\(origin))" }

    /// The method called `name`, or ``ModalError/unknownMethod(kind:method:known:)``
    /// listing the kind's methods.
    public func method(named name: String) throws -> ModalMethod {
        guard let index = methodsByName[name] else {
            throw ModalError.unknownMethod(kind: self.name, method: name, known: methods.map(\.name))
        }
        return methods[index]
    }

    /// The kind's configuration methods as a ``MethodTable``, made once and then
    /// shared, so each method's libffi call interface is prepared once per process
    /// however many configurations call it.
    public func methodTable() throws -> MethodTable {
        try methodTableCache.withLock { cached in
            if let cached { return cached }
            let descriptor = try binding().descriptor
            let table = try MethodTable(kind: name, methods: UnsafeBufferPointer(
                start: descriptor.pointee.methods, count: descriptor.pointee.method_count))
            cached = table
            return table
        }
    }

    /// A fresh configuration with the plugin's defaults. Throws the plugin's error
    /// (``ModalError/plugin(code:message:)``) if `config_new` fails.
    public func makeConfiguration() throws -> ModalConfiguration {
        let binding = try binding()
        var error = rxm_error()
        guard let pointer = binding.newConfiguration(&error) else {
            throw Self.modalError(from: &error, kind: name, call: "config_new")
        }
        return ModalConfiguration(kind: self, pointer: pointer, free: binding.configFree)
    }

    /// Runs the kind's precondition for `configuration`: returns if the modal can be
    /// shown on this system; throws ``ModalError/unsupported(kind:reason:)`` with the
    /// plugin's reason if not, or the plugin's other error. A kind without a
    /// precondition always passes.
    public func checkPrecondition(_ configuration: ModalConfiguration) throws {
        try requireOwn(configuration, for: "checkPrecondition")
        guard let precondition = try binding().precondition else { return }
        var error = rxm_error()
        let code = precondition(configuration.pointer, &error)
        guard code != RXM_OK else { return }
        if error.code == 0 { error.code = code }
        throw Self.modalError(from: &error, kind: name, call: "precondition")
    }

    /// The authorization status the kind reports for `configuration`; `authorized`
    /// when the kind needs no authorization. A configuration of another kind is
    /// answered `denied` (it cannot be passed to this plugin).
    public func authorizationStatus(_ configuration: ModalConfiguration) -> ModalAuthorizationStatus {
        guard configuration.kind === self else { return .denied }
        // A configuration exists, so the plugin is loaded.
        guard let authorizationStatus = try? binding().authorizationStatus else { return .authorized }
        return ModalAuthorizationStatus(cValue: authorizationStatus(configuration.pointer))
    }

    private func requireOwn(_ configuration: ModalConfiguration, for call: String) throws {
        guard configuration.kind === self else {
            throw ModalError.invalidArgument(
                method: call, reason: "a configuration of \(configuration.kind.name) given to \(name)")
        }
    }

    /// The Swift error for a failed plugin call: the documented case its code
    /// stands for, else the code (``ModalError/fromPlugin(code:message:kind:call:)``).
    static func modalError(from error: inout rxm_error, kind: String, call: String) -> ModalError {
        let message = withUnsafeBytes(of: &error.message) { raw -> String in
            let bytes = raw.prefix(while: { $0 != 0 })
            return String(decoding: bytes, as: UTF8.self)
        }
        return .fromPlugin(code: error.code, message: message, kind: kind, call: call)
    }
}
