import Foundation
import RxCore
import RxModalPluginABI

/// One subscription to a modal: the configuration, the surface bridged to C (once
/// the queue calls the plugin), the plugin's presentation, and the subscriber.
/// Made by ``ModalCoordinator`` once the subscribe-time checks have passed; it is
/// the subscription's disposable.
///
/// Phases: `authorizing` (asking the user, when the kind's status is not
/// determined) → `pending` (present is queued) → `presenting` (inside the
/// plugin's `present`) → `presented` → `ended`. Ending is idempotent and happens
/// once, on dispose or on the plugin's terminal event: bindings are disposed,
/// then the plugin's presentation disposable (exactly once; the plugin dismisses
/// what it shows), then the configuration is freed, then the surface bridge.
/// A terminal event from the plugin ends the session *before* it is forwarded,
/// so a subscriber that reacts to completion (the dialog façade subscribing the
/// chosen action's flow) runs after the dismissal; values are forwarded at once,
/// so they reach the subscriber while the modal is still shown. While the
/// plugin's `present` is still running, `dispose` and a terminal event only
/// request the end, which the queue does as soon as `present` returns (holding
/// the terminal event until after it): waiting there could deadlock, since
/// `present` may itself wait for the disposing thread (a GTK surface's `show`
/// waits for the GTK thread, which delivers answers).
///
/// Thread safety: `dispose` may be called from any thread, also from inside an
/// event; the phase is guarded by `lock`, which is never held while calling the
/// plugin or the subscriber. Plugin callbacks arrive on any thread and are
/// serialized and policed by the `Observable.create` sink behind `observer`.
final class PresentationSession: Disposable, @unchecked Sendable {
    private enum Phase {
        case authorizing
        case pending
        case presenting
        case presented(rxm_disposable)
        case ended
    }

    let kind: ModalKind
    let queue: DispatchQueue
    private let observer: AnyObserver<ModalValue>
    private let lock = SpinLock()
    // Guarded by `lock`.
    private var phase = Phase.pending
    private var endRequested = false
    /// The plugin's terminal event, held while `end()` waits for the plugin call
    /// that is running: forwarded once the presentation has been dismissed.
    private var heldTerminal: Event<ModalValue>?
    private var authorization: rxm_disposable?
    private var authorizationAnswered = false
    /// A status that arrived from inside the request call, handled after it returns.
    private var earlyStatus: rxm_authorization_status?
    /// The hold of the plugin call queued last (see ``QueuedHold``).
    private var queuedHold: QueuedHold?
    /// The queue is inside a plugin call that uses the configuration and bridge
    /// (`present`, `request_authorization`): `end()` only sets `endRequested`.
    private var inPluginCall = false
    /// Guards calls into the configuration made after configuration time, and its release.
    private let configurationLock = SpinLock()
    // Guarded by `configurationLock` (set once before the session is shared).
    private var configuration: ModalConfiguration?
    /// Made when the queue first calls the plugin with the surface, so that a
    /// session disposed while its presentation is still queued never makes one.
    private var bridge: CSurfaceBridge?
    private let surface: any ModalSurface
    var configurator: ModalConfigurator?

    init(kind: ModalKind, configuration: ModalConfiguration, surface: any ModalSurface, queue: DispatchQueue,
         observer: AnyObserver<ModalValue>) {
        self.kind = kind
        self.configuration = configuration
        self.surface = surface
        self.queue = queue
        self.observer = observer
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    func runOnQueue(_ work: @escaping @Sendable () -> Void) {
        QueueIdentity.run(on: queue, work)
    }

    /// What a queued plugin call holds: the session, until the call takes it or
    /// the session ends first and takes it back. So a session disposed while its
    /// presentation is still queued is freed, with its subscriber's chain, by the
    /// disposing thread, not later by the queue's (glibc frees what another thread
    /// allocated more slowly, and the two threads then contend for the arena).
    /// The reference is moved out under the lock, not copied: whoever takes it
    /// owns it, with nothing to retain.
    private final class QueuedHold: @unchecked Sendable {
        private let lock = SpinLock()
        private var session: PresentationSession?

        init(_ session: PresentationSession) { self.session = session }

        /// The session, now the caller's, unless it was taken before.
        func take() -> PresentationSession? {
            lock.lock()
            defer { lock.unlock() }
            return session.take()
        }
    }

    /// Runs `work` on the queue with the session, unless it ended before.
    private func runOnQueueHeld(_ work: @escaping @Sendable (PresentationSession) -> Void) {
        let hold = QueuedHold(self)
        lock.withLock { queuedHold = hold }
        runOnQueue {
            if let session = hold.take() { work(session) }
        }
    }

    /// Runs `body` with the configuration object (configuration time only).
    func withConfiguration(_ body: (ModalConfiguration) throws -> Void) throws {
        guard let configuration = configurationLock.withLock({ self.configuration }) else { return }
        try body(configuration)
    }

    /// Runs `body` with the configuration while the session has not ended.
    func withLiveConfiguration(_ body: (UnsafeMutableRawPointer) -> Void) {
        configurationLock.lock()
        defer { configurationLock.unlock() }
        if let configuration { body(configuration.pointer) }
    }

    // MARK: starting

    /// Raw pointers for a plugin call, read while the session holds both objects.
    /// Only used while `inPluginCall` keeps `end()` from releasing them.
    /// Makes the surface bridge on first use (outside the lock: it allocates).
    private func pointers() -> (config: UnsafeMutableRawPointer, surface: UnsafePointer<rxm_surface>)? {
        let needsBridge = configurationLock.withLock { configuration != nil && bridge == nil }
        let made = needsBridge ? CSurfaceBridge(surface) : nil
        return configurationLock.withLock {
            if bridge == nil, configuration != nil { bridge = made }
            guard let configuration, let bridge else { return nil }
            return (configuration.pointer, bridge.surface)
        }
    }

    /// Enters a plugin call if the session is in `expected`; `end()` then only
    /// records the request until `leavePluginCall` runs.
    private func enterPluginCall(_ expected: (Phase) -> Bool) -> Bool {
        lock.withLock {
            guard expected(phase), !inPluginCall else { return false }
            inPluginCall = true
            return true
        }
    }

    /// Asks the user through the kind's `request_authorization`, then presents
    /// (authorized) or fails with `authorizationDenied`.
    func requestAuthorizationThenPresent() {
        lock.withLock { phase = .authorizing }
        runOnQueueHeld { session in session.requestAuthorizationOnQueue() }
    }

    private func requestAuthorizationOnQueue() {
        guard let request = kind.descriptorOfConfiguredKind.pointee.request_authorization else {
            return fail(ModalError.authorizationDenied(kind: kind.name))
        }
        guard enterPluginCall({ if case .authorizing = $0 { return true } else { return false } }),
              let (config, surface) = pointers() else { return }
        let callback = rxm_authorization_callback(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_status: { context, status in
                guard let context else { return }
                let session = Unmanaged<PresentationSession>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.authorizationAnswered(status) }
            })
        let disposable = request(UnsafeRawPointer(config), surface, callback)
        let (disposeNow, releaseNow) = lock.withLock { () -> (Bool, Bool) in
            inPluginCall = false
            if endRequested, case .authorizing = phase {
                phase = .ended
                return (true, true)
            }
            if authorizationAnswered { return (true, false) }
            if case .authorizing = phase { authorization = disposable; return (false, false) }
            return (true, false)
        }
        if disposeNow { disposable.dispose?(disposable.context) }
        if releaseNow {
            release()
            if let held = takeHeldTerminal() { observer.on(held) }
        }
        if let status = lock.withLock({ () -> rxm_authorization_status? in
            defer { earlyStatus = nil }
            return endRequested ? nil : earlyStatus
        }) {
            finishAuthorization(status)
        }
    }

    private func authorizationAnswered(_ status: rxm_authorization_status) {
        let taken = lock.withLock { () -> rxm_disposable?? in
            guard case .authorizing = phase, !authorizationAnswered else { return nil }
            authorizationAnswered = true
            if inPluginCall {
                // Answered from inside the request: finish once it has returned.
                earlyStatus = status
                return nil
            }
            defer { authorization = nil }
            return .some(authorization)
        }
        guard let disposable = taken else { return }
        if let disposable { disposable.dispose?(disposable.context) }
        finishAuthorization(status)
    }

    private func finishAuthorization(_ status: rxm_authorization_status) {
        let proceed = lock.withLock { () -> Bool in
            guard case .authorizing = phase else { return false }
            phase = .pending
            return true
        }
        guard proceed else { return }
        if ModalAuthorizationStatus(cValue: status) == .authorized {
            present()
        } else {
            fail(ModalError.authorizationDenied(kind: kind.name))
        }
    }

    /// Calls the plugin's `present` on the queue, unless the session ended first.
    func present() {
        runOnQueueHeld { session in session.presentOnQueue() }
    }

    private func presentOnQueue() {
        guard enterPluginCall({ if case .pending = $0 { return true } else { return false } }) else { return }
        guard let (config, surface) = pointers() else {
            lock.withLock { inPluginCall = false }
            return
        }
        lock.withLock { phase = .presenting }
        let cObserver = rxm_observer(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_next: { context, value in
                guard let context else { return }
                let session = Unmanaged<PresentationSession>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.pluginNext(value) }
            },
            on_error: { context, error in
                guard let context else { return }
                let session = Unmanaged<PresentationSession>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.pluginError(error) }
            },
            on_completed: { context in
                guard let context else { return }
                let session = Unmanaged<PresentationSession>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.terminate(.completed) }
            })
        var error = rxm_error()
        let disposable = kind.descriptorOfConfiguredKind.pointee.present(config, surface, cObserver, &error)
        if error.code != 0 {
            lock.withLock { phase = .ended; inPluginCall = false }
            release()
            // A terminal event the plugin sent before failing still comes first.
            observer.on(takeHeldTerminal() ?? .error(ModalKind.modalError(from: &error, kind: kind.name, call: "present")))
            return
        }
        let disposeNow = lock.withLock { () -> Bool in
            inPluginCall = false
            if endRequested { phase = .ended; return true }
            phase = .presented(disposable)
            return false
        }
        if disposeNow {
            disposable.dispose?(disposable.context)
            release()
            if let held = takeHeldTerminal() { observer.on(held) }
        }
    }

    // MARK: events from the plugin

    private func pluginNext(_ value: UnsafePointer<rxm_value>?) {
        // After a terminal event, even one held until `present` returns, nothing.
        if lock.withLock({ heldTerminal != nil }) { return }
        do {
            observer.onNext(try ModalValue(cValue: value))
        } catch {
            terminate(.error(error))
        }
    }

    private func pluginError(_ error: UnsafePointer<rxm_error>?) {
        guard var copy = error?.pointee else {
            return terminate(.error(ModalError.plugin(code: Int32(RXM_ERR_INTERNAL), message: "\(kind.name) failed with a NULL error")))
        }
        terminate(.error(ModalKind.modalError(from: &copy, kind: kind.name, call: "present")))
    }

    /// Ends the presentation (dismissing it), then forwards the terminal event.
    /// While the plugin's `present` is still running (it answered from another
    /// thread, or from inside the call), the end is left to the queue until the
    /// call returns, and the event with it: it follows the dismissal either way.
    private func terminate(_ event: Event<ModalValue>) {
        if end(holding: event) { observer.on(event) }
    }

    /// Fails before or instead of presenting.
    func fail(_ error: Error) {
        terminate(.error(error))
    }

    // MARK: ending

    func dispose() { end(holding: nil) }

    /// Ends the session, unless a plugin call is running: then the end is only
    /// requested, done by the queue when the call returns, and `terminal` (the
    /// first one) is held for the queue to forward after it; returns false when
    /// the caller must not forward `terminal` itself.
    @discardableResult
    private func end(holding terminal: Event<ModalValue>?) -> Bool {
        enum Action { case none, held, release, disposeAuthorization(rxm_disposable?), disposePresentation(rxm_disposable) }
        var queued: QueuedHold?
        let action = lock.withLock { () -> Action in
            switch phase {
            case .ended:
                return .none
            case _ where inPluginCall, .presenting:
                endRequested = true
                guard let terminal else { return .none }
                // Only the first terminal event counts; a later one is dropped.
                if heldTerminal == nil { heldTerminal = terminal }
                return .held
            case .pending:
                phase = .ended
                queued = queuedHold.take()
                return .release
            case .authorizing:
                phase = .ended
                queued = queuedHold.take()
                defer { authorization = nil }
                return .disposeAuthorization(authorization)
            case .presented(let disposable):
                phase = .ended
                return .disposePresentation(disposable)
            }
        }
        switch action {
        case .none:
            return true
        case .held:
            return false
        case .release:
            release()
        case .disposeAuthorization(let disposable):
            configurator?.end()
            if let disposable { disposable.dispose?(disposable.context) }
            release()
        case .disposePresentation(let disposable):
            configurator?.end()
            disposable.dispose?(disposable.context)
            release()
        }
        // The queued call that will find the session ended no longer holds it (the
        // caller of end() still does).
        _ = queued?.take()
        return true
    }

    /// The terminal event held while a plugin call ran, now that the call returned.
    private func takeHeldTerminal() -> Event<ModalValue>? {
        lock.withLock { heldTerminal.take() }
    }

    /// Frees the configuration (after the presentation's disposable), then the bridge.
    private func release() {
        configurator?.end()
        var (configuration, bridge) = configurationLock.withLock { () -> (ModalConfiguration?, CSurfaceBridge?) in
            defer { self.configuration = nil; self.bridge = nil }
            return (self.configuration, self.bridge)
        }
        configuration = nil   // config_free
        bridge = nil          // then the C surface
        _ = (configuration, bridge)
    }
}
