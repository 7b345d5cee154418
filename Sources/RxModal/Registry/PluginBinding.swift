import RxModalPluginABI
import Synchronization

/// A kind's code in this process: its validated descriptor and the functions the
/// runtime calls. Immutable; safe to share between threads. The descriptor has
/// static storage in a plugin that is never unloaded (or, for an in-process
/// registration, the registrant promised it lives as long as the process).
struct PluginBinding: @unchecked Sendable {
    let descriptor: UnsafePointer<rxm_plugin_descriptor>
    let configNew: @convention(c) (UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer?
    let configFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let precondition: (@convention(c) (UnsafeRawPointer?, UnsafeMutablePointer<rxm_error>?) -> Int32)?
    let authorizationStatus: (@convention(c) (UnsafeRawPointer?) -> rxm_authorization_status)?
    /// What `configNew` runs, when it is a Swift kind's of this process.
    private let inProcessMaker: ConfigurationMaker?

    init(descriptor: UnsafePointer<rxm_plugin_descriptor>, fields: ValidatedDescriptor) {
        self.descriptor = descriptor
        configNew = fields.configNew
        inProcessMaker = ConfigurationMaker.inProcess(at: unsafeBitCast(fields.configNew, to: UnsafeRawPointer.self))
        configFree = fields.configFree
        precondition = fields.precondition
        authorizationStatus = fields.authorizationStatus
    }

    /// `config_new`: called directly for a Swift kind of this process.
    func newConfiguration(_ error: UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer? {
        if let inProcessMaker { return inProcessMaker.newConfiguration(error) }
        return configNew(error)
    }
}

/// A plugin file that was scanned but not loaded: it is opened, checked and
/// loaded into the host only when its kind is first used. The file is opened
/// again by descriptor through a trusted folder and must be the very version
/// the scan described (device, inode, size and modification time), and its
/// descriptor must describe the kind the scan described, called the same way
/// (its texts may differ: ``ScannedKind/isCalledLike(_:)``); otherwise the kind
/// is unavailable, with the reason. So loading late adds no window between check and use.
///
/// Thread safety: any thread; the first use loads, concurrent uses wait for it,
/// and the outcome (a binding or the failure) is kept.
final class LazyPluginBinding: Sendable {
    let folder: String
    let name: String
    let path: String
    let identity: PluginFileIdentity
    let scanned: ScannedKind
    private let outcome = Mutex<Result<PluginBinding, ModalError>?>(nil)

    init(folder: String, name: String, path: String, identity: PluginFileIdentity, scanned: ScannedKind) {
        self.folder = folder
        self.name = name
        self.path = path
        self.identity = identity
        self.scanned = scanned
    }

    /// Whether the plugin has been loaded into this process.
    var isLoaded: Bool {
        outcome.withLock { if case .success? = $0 { return true } else { return false } }
    }

    func bind() throws(ModalError) -> PluginBinding {
        let result = outcome.withLock { kept -> Result<PluginBinding, ModalError> in
            if let kept { return kept }
            let loaded = load().mapError { ModalError.pluginUnavailable(reason: "\(path): \($0)") }
            kept = loaded
            return loaded
        }
        return try result.get()
    }

    private func load() -> Result<PluginBinding, SkippedPlugin.Reason> {
        let trusted: TrustedFolder
        switch TrustedFolder.open(folder) {
        case .success(let opened): trusted = opened
        case .failure(let refusal): return .failure(refusal.reason(for: folder))
        }
        let file: CheckedPluginFile
        switch CheckedPluginFile.open(name, in: trusted, path: path, checkImage: true) {
        case .success(let opened): file = opened
        case .failure(let reason): return .failure(reason)
        }
        guard file.identity == identity else { return .failure(.changedSinceScan) }
        return PluginLoader.link(file).flatMap { loaded in
            guard ScannedKind(loaded.fields).isCalledLike(scanned) else { return .failure(.changedSinceScan) }
            return .success(PluginBinding(descriptor: loaded.descriptor, fields: loaded.fields))
        }
    }
}
