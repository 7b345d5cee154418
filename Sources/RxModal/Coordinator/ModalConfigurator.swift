import Foundation
import RxCore
import Synchronization

/// The configuration step of one presentation: calls the kind's configuration
/// methods by name with ``ModalValue`` arguments, through the kind's shared
/// ``MethodTable`` (one prepared libffi call interface per method, reused).
///
/// During the configuration closure that ``ModalCoordinator/present(kind:presenter:configure:)``
/// is given, `call` runs at once and throws the invoker's error (unknown method,
/// bad argument, the plugin's refusal), which fails the subscription before
/// anything is shown. Afterwards — from bindings kept with ``keepWhilePresented(_:)``,
/// such as an `Action`'s enabled state — `call` is queued on the presentation's
/// serial queue (run at once when already on it), after anything queued before,
/// and is dropped once the presentation has ended. A queued call's name and
/// arguments are checked before it is queued (unknown method, wrong count or
/// type throw at once, as at configuration time); what the plugin itself says
/// when the call runs later is reported to nobody.
///
/// Thread safety: `call` may be used from any thread once the configuration
/// closure has returned; the calls for one configuration are serialized as the
/// plugin ABI requires (on the presentation's queue, under the session's lock).
public final class ModalConfigurator: @unchecked Sendable {
    /// The kind being configured.
    public let kind: ModalKind
    private let table: MethodTable
    /// The presentation, until it ends (`end()` lets it go, which ends the cycle
    /// with the session's `configurator`). Not `weak`: the first weak reference to
    /// an object gives it a side table, and every later retain and release of it
    /// takes the slow path — a session is retained and released throughout its life.
    private var session: PresentationSession?
    private let sessionLock = SpinLock()
    // Guarded by `session.configurationLock` once live; touched by one thread before.
    private var configuration: ModalConfiguration?
    private let isLive = Atomic<Bool>(false)
    private let kept = CompositeDisposable()
    // Touched by the configuring thread only, before going live.
    private var liveWork: [() -> Void] = []

    init(kind: ModalKind, configuration: ModalConfiguration, session: PresentationSession) throws {
        self.kind = kind
        self.table = try kind.methodTable()
        self.configuration = configuration
        self.session = session
    }

    /// Calls the method `name` with `arguments` (see the type's documentation).
    public func call(_ name: String, _ arguments: ModalValue...) throws {
        try call(name, arguments: arguments)
    }

    /// Calls the method `name` with `arguments` (see the type's documentation).
    public func call(_ name: String, arguments: [ModalValue]) throws {
        let invoker = try table.invoker(named: name)
        guard isLive.load(ordering: .acquiring) else {
            guard let configuration else { return }
            try invoker.invoke(config: configuration.pointer, arguments: arguments)
            return
        }
        try invoker.check(arguments: arguments)
        guard let session = currentSession else { return }
        // Held until the call has run (then dropped, if the session has ended), not
        // weakly: see `session`.
        session.runOnQueue {
            session.withLiveConfiguration { pointer in
                _ = try? invoker.invoke(config: pointer, arguments: arguments)
            }
        }
    }

    /// Keeps `disposable` (a binding that calls methods while the modal is shown)
    /// until the presentation ends, then disposes it, before the plugin's
    /// presentation is disposed and the configuration freed.
    public func keepWhilePresented(_ disposable: Disposable) {
        _ = kept.insert(disposable)
    }

    /// Runs `work` once calls are queued, right after the configuration closure
    /// returned (on the thread that ran it): for bindings that must not call
    /// methods from other threads while configuration-time calls run at once.
    /// Call it from the configuration closure.
    func whenLive(_ work: @escaping () -> Void) { liveWork.append(work) }

    /// From now on, calls are queued (see the type's documentation).
    func goLive() {
        isLive.store(true, ordering: .releasing)
        let work = liveWork
        liveWork = []
        work.forEach { $0() }
    }

    private var currentSession: PresentationSession? {
        sessionLock.lock()
        defer { sessionLock.unlock() }
        return session
    }

    /// Ends the bindings and forgets the configuration and the session.
    func end() {
        kept.dispose()
        configuration = nil
        sessionLock.lock()
        let ended = session
        session = nil
        sessionLock.unlock()
        _ = ended   // released here, outside the lock
    }
}
