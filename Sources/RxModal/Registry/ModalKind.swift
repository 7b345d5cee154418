import RxModalPluginABI
import Synchronization

/// One modal kind the registry knows: a validated `rxm_plugin_descriptor` and where
/// it came from, with its fields read into Swift once, at load time.
///
/// Thread safety: immutable after it is made, and safe to share between threads.
/// The descriptor it wraps has static storage in a plugin that is never unloaded
/// (or, for an in-process registration, the registrant promised it lives as long
/// as the process), so `descriptor` and every function pointer stay valid.
/// Calls into the plugin for one configuration must still be serialized by the
/// caller (see ``ModalConfiguration``).
public final class ModalKind: @unchecked Sendable, CustomStringConvertible {
    /// The unique name, `[A-Za-z0-9_.-]+`: "alert", "mailComposer".
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
    /// The validated C descriptor, for the parts of the runtime that present.
    public let descriptor: UnsafePointer<rxm_plugin_descriptor>

    public var hasPrecondition: Bool { precondition != nil }
    public var hasAuthorization: Bool { authorizationStatus != nil }

    let configNew: @convention(c) (UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer?
    let configFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let precondition: (@convention(c) (UnsafeRawPointer?, UnsafeMutablePointer<rxm_error>?) -> Int32)?
    let authorizationStatus: (@convention(c) (UnsafeRawPointer?) -> rxm_authorization_status)?
    private let methodsByName: [String: Int]
    /// Made on first use by ``methodTable()``; its invokers are then reused.
    private let methodTableCache = Mutex<MethodTable?>(nil)

    init(validated fields: ValidatedDescriptor, descriptor: UnsafePointer<rxm_plugin_descriptor>, origin: PluginOrigin) {
        name = fields.name
        version = fields.version
        summary = fields.summary
        resultDescription = fields.resultDescription
        methods = fields.methods
        abiMinor = fields.abiMinor
        configNew = fields.configNew
        configFree = fields.configFree
        precondition = fields.precondition
        authorizationStatus = fields.authorizationStatus
        methodsByName = Dictionary(uniqueKeysWithValues: fields.methods.map { ($0.name, $0.index) })
        self.descriptor = descriptor
        self.origin = origin
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
            let table = try MethodTable(kind: name, methods: UnsafeBufferPointer(
                start: descriptor.pointee.methods, count: descriptor.pointee.method_count))
            cached = table
            return table
        }
    }

    /// A fresh configuration with the plugin's defaults. Throws the plugin's error
    /// (``ModalError/plugin(code:message:)``) if `config_new` fails.
    public func makeConfiguration() throws -> ModalConfiguration {
        var error = rxm_error()
        guard let pointer = configNew(&error) else {
            throw Self.modalError(from: &error, kind: name, call: "config_new")
        }
        return ModalConfiguration(kind: self, pointer: pointer, free: configFree)
    }

    /// Runs the kind's precondition for `configuration`: returns if the modal can be
    /// shown on this system; throws ``ModalError/unsupported(kind:reason:)`` with the
    /// plugin's reason if not, or the plugin's other error. A kind without a
    /// precondition always passes.
    public func checkPrecondition(_ configuration: ModalConfiguration) throws {
        try requireOwn(configuration, for: "checkPrecondition")
        guard let precondition else { return }
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
        guard let authorizationStatus else { return .authorized }
        return ModalAuthorizationStatus(cValue: authorizationStatus(configuration.pointer))
    }

    private func requireOwn(_ configuration: ModalConfiguration, for call: String) throws {
        guard configuration.kind === self else {
            throw ModalError.invalidArgument(
                method: call, reason: "a configuration of \(configuration.kind.name) given to \(name)")
        }
    }

    /// The Swift error for a failed plugin call: `unsupported` and
    /// `authorizationDenied` get their own cases, anything else keeps the code.
    static func modalError(from error: inout rxm_error, kind: String, call: String) -> ModalError {
        let message = withUnsafeBytes(of: &error.message) { raw -> String in
            let bytes = raw.prefix(while: { $0 != 0 })
            return String(decoding: bytes, as: UTF8.self)
        }
        switch Int(error.code) {
        case RXM_ERR_UNSUPPORTED:
            return .unsupported(kind: kind, reason: message)
        case RXM_ERR_AUTHORIZATION_DENIED:
            return .authorizationDenied(kind: kind)
        case RXM_OK:
            return .plugin(code: Int32(RXM_ERR_INTERNAL), message: "\(kind): \(call) failed without saying why")
        default:
            return .plugin(code: error.code, message: message)
        }
    }
}
