import Foundation
import RxCore
import RxModalPluginABI

/// What a Swift kind's `void *config` points to: a retained box holding the
/// definition's ``ModalKindDefinition/Configuration`` and the presentations and
/// authorization requests started from it. The descriptor's plain C functions
/// (`config_free`, `precondition`, `authorization_status`,
/// `request_authorization`, `present`) find everything they need through it,
/// which is why only `config_new` and the methods need libffi closures.
///
/// Thread safety: the host calls one configuration's functions serially (the
/// ABI's rule); the list of started presentations is also locked, because their
/// disposals arrive from any thread.
class ConfigurationBox: @unchecked Sendable {
    /// The definition's configuration, and its class: what a method's closure,
    /// which knows the configuration class but not the definition, checks and
    /// casts to (a comparison and an unchecked cast, where a generic class's
    /// metadata would be looked up on every call).
    let configuration: AnyObject
    let configurationClass: ObjectIdentifier
    private let lock = SpinLock()
    // Guarded by `lock`. Kept until config_free, so that an `rxm_disposable`
    // disposed a second time still finds its context (the header allows that).
    private var started: [StartedPresentation] = []

    init<Configuration: AnyObject>(_ configuration: Configuration) {
        self.configuration = configuration
        configurationClass = ObjectIdentifier(Configuration.self)
    }

    /// The configuration, if it is a `Configuration`.
    @inline(__always)
    func configuration<Configuration: AnyObject>(as _: Configuration.Type,
                                                 expecting expected: ObjectIdentifier) -> Configuration? {
        configurationClass == expected ? unsafeDowncast(configuration, to: Configuration.self) : nil
    }

    func keep(_ presentation: StartedPresentation) { lock.withLock { started.append(presentation) } }

    /// `config_free`: takes down what the host forgot to dispose.
    func free() {
        let leftovers = lock.withLock { () -> [StartedPresentation] in
            defer { started = [] }
            return started
        }
        leftovers.forEach { $0.dispose() }
    }

    func checkPrecondition(_ error: UnsafeMutablePointer<rxm_error>?) -> Int32 { fatalError("abstract") }
    func authorizationStatus() -> rxm_authorization_status { fatalError("abstract") }
    func requestAuthorization(surface: UnsafePointer<rxm_surface>, callback: rxm_authorization_callback) -> rxm_disposable {
        fatalError("abstract")
    }
    func present(surface: UnsafePointer<rxm_surface>, observer: rxm_observer,
                 error: UnsafeMutablePointer<rxm_error>?) -> rxm_disposable { fatalError("abstract") }
}

/// The box for one definition's configurations.
final class DefinedConfiguration<Definition: ModalKindDefinition>: ConfigurationBox, @unchecked Sendable {
    let definition: Definition
    var typedConfiguration: Definition.Configuration {
        unsafeDowncast(configuration, to: Definition.Configuration.self)
    }

    init(definition: Definition, configuration: Definition.Configuration) {
        self.definition = definition
        super.init(configuration)
    }

    override func checkPrecondition(_ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        guard let precondition = definition.precondition else { return Int32(RXM_OK) }
        do {
            try precondition(typedConfiguration)
            return Int32(RXM_OK)
        } catch let thrown {
            return RxmErrorFilling.fill(error, with: thrown)
        }
    }

    override func authorizationStatus() -> rxm_authorization_status {
        guard let authorization = definition.authorization else { return RXM_AUTHORIZATION_AUTHORIZED }
        return authorization.status(typedConfiguration).cValue
    }

    override func requestAuthorization(surface: UnsafePointer<rxm_surface>, callback: rxm_authorization_callback) -> rxm_disposable {
        let borrowed = BorrowedCSurface(surface)
        let gate = CallGate()
        let started = StartedPresentation(surface: borrowed, gate: gate)
        keep(started)
        guard let authorization = definition.authorization else {
            // The host only asks kinds that report `notDetermined`; answer anyway.
            gate.pass(closeAfter: true) { callback.on_status?(callback.context, RXM_AUTHORIZATION_DENIED) }
            return started.cDisposable
        }
        let answer = AuthorizationAnswer(callback: callback, gate: gate)
        started.setDisposable(authorization.request(typedConfiguration, borrowed, { answer.answer($0) }))
        return started.cDisposable
    }

    override func present(surface: UnsafePointer<rxm_surface>, observer: rxm_observer,
                          error: UnsafeMutablePointer<rxm_error>?) -> rxm_disposable {
        let borrowed = BorrowedCSurface(surface)
        let resultObserver = ModalResultObserver(observer)
        do {
            let disposable = try definition.present(configuration: typedConfiguration, surface: borrowed, observer: resultObserver)
            let started = StartedPresentation(surface: borrowed, observer: resultObserver)
            started.setDisposable(disposable)
            keep(started)
            return started.cDisposable
        } catch let thrown {
            resultObserver.close()
            borrowed.invalidate()
            RxmErrorFilling.fill(error, with: thrown)
            return rxm_disposable()
        }
    }
}

/// One presentation (or authorization request) a Swift kind started: the
/// context of the `rxm_disposable` handed to the host. Disposing it, once,
/// closes the observer (waiting for a call in progress elsewhere), disposes the
/// kind's disposable (which dismisses), then invalidates the borrowed surface.
///
/// Thread safety: `dispose` may be called from any thread, more than once.
final class StartedPresentation: @unchecked Sendable {
    private let surface: BorrowedCSurface
    private let observer: ModalResultObserver?
    private let gate: CallGate?
    private let lock = SpinLock()
    // Guarded by `lock`.
    private var disposable: Disposable?
    private var disposed = false

    init(surface: BorrowedCSurface, observer: ModalResultObserver? = nil, gate: CallGate? = nil) {
        self.surface = surface
        self.observer = observer
        self.gate = gate
    }

    func setDisposable(_ disposable: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            self.disposable = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Valid while the owning configuration lives (see ``ConfigurationBox``).
    var cDisposable: rxm_disposable {
        rxm_disposable(context: Unmanaged.passUnretained(self).toOpaque(), dispose: { context in
            guard let context else { return }
            let started = Unmanaged<StartedPresentation>.fromOpaque(context).takeUnretainedValue()
            withExtendedLifetime(started) { started.dispose() }
        })
    }

    func dispose() {
        let taken = lock.withLock { () -> Disposable?? in
            guard !disposed else { return nil }
            disposed = true
            defer { disposable = nil }
            return .some(disposable)
        }
        guard let disposable = taken else { return }
        observer?.close()
        gate?.close()
        disposable?.dispose()
        surface.invalidate()
    }
}

/// The host's authorization callback, answered at most once and never after
/// the request was disposed (the gate is closed by the disposal).
/// Thread safety: `answer` may be called from any thread; the gate serializes.
private final class AuthorizationAnswer: @unchecked Sendable {
    private let callback: rxm_authorization_callback
    private let gate: CallGate

    init(callback: rxm_authorization_callback, gate: CallGate) {
        self.callback = callback
        self.gate = gate
    }

    func answer(_ status: ModalAuthorizationStatus) {
        gate.pass(closeAfter: true) { callback.on_status?(callback.context, status.cValue) }
    }
}

extension ModalAuthorizationStatus {
    var cValue: rxm_authorization_status {
        switch self {
        case .notDetermined: return RXM_AUTHORIZATION_NOT_DETERMINED
        case .denied: return RXM_AUTHORIZATION_DENIED
        case .restricted: return RXM_AUTHORIZATION_RESTRICTED
        case .authorized: return RXM_AUTHORIZATION_AUTHORIZED
        }
    }
}
