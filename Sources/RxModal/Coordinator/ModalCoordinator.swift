import Foundation
import RxCore
import RxModalPluginABI

/// Presents modal kinds: the present/dismiss contract of the design (contracts
/// 3 and 4) for any kind a ``ModalRegistry`` provides.
///
/// ``present(kind:presenter:configure:)`` returns an `Observable<ModalValue>` that
/// does nothing until it is subscribed. On subscribe, in this order and before
/// anything is shown:
/// 1. the kind is looked up (``ModalError/pluginUnavailable(reason:)``, with the
///    reasons the registry skipped plugins for it, if any);
/// 2. the presenter is resolved to a surface (``ModalError/missingSurface``);
/// 3. a configuration is made and `configure` calls its methods through the
///    invoker (an unknown method or a bad argument fails with the invoker's error);
/// 4. the kind's precondition is checked (``ModalError/unsupported(kind:reason:)``);
/// 5. its authorization: denied or restricted fail with
///    ``ModalError/authorizationDenied(kind:)``; not determined asks the user on
///    the surface (through the kind's `request_authorization`), then continues or fails.
///
/// Then the plugin's `present` is called with the surface bridged to C and an
/// observer bridged to the subscription, on the surface's serial queue
/// (``SerialModalSurface/queue``) or, for other surfaces, on this coordinator's
/// own serial queue — at once when the subscription is made on that queue (so a
/// modal subscribed from inside another's callback is shown on top of it, while
/// the other is still shown), else asynchronously. Events go through the core's
/// grammar policing (`Observable.create`). Disposing ends the presentation once:
/// the plugin's disposable exactly once (which dismisses), then the configuration
/// is freed, then the bridge. Disposing before `present` ran shows nothing;
/// disposing while the plugin's `present` runs on another thread returns at
/// once, and the queue dismisses as soon as `present` returns. A terminal event
/// from the plugin ends the presentation the same way *before* it is forwarded
/// (one sent while `present` runs is held until then); values are forwarded at
/// once, while the modal is shown.
///
/// Thread safety: immutable; subscribe from any thread.
public final class ModalCoordinator: Sendable {
    /// The coordinator of ``ModalRegistry/shared``, where the built-in kinds live.
    public static let shared = ModalCoordinator(registry: .shared)

    public let registry: ModalRegistry
    /// The serial queue used for surfaces that have none of their own.
    public let queue: DispatchQueue

    public init(registry: ModalRegistry, queue: DispatchQueue? = nil) {
        self.registry = registry
        self.queue = queue ?? DispatchQueue(label: "rxmodal.coordinator")
    }

    /// The modal of kind `name` (looked up in ``registry`` at subscribe time),
    /// configured by `configure`, shown by `presenter` (see the type's documentation).
    public func present(kind name: String, presenter: Presenter = .default,
                        configure: @escaping (ModalConfigurator) throws -> Void = { _ in }) -> Observable<ModalValue> {
        let registry = self.registry
        return present(lookUp: { try Self.lookUp(name, in: registry) }, presenter: presenter, configure: configure)
    }

    /// The modal of `kind` (see the type's documentation).
    public func present(kind: ModalKind, presenter: Presenter = .default,
                        configure: @escaping (ModalConfigurator) throws -> Void = { _ in }) -> Observable<ModalValue> {
        present(lookUp: { kind }, presenter: presenter, configure: configure)
    }

    private func present(lookUp: @escaping () throws -> ModalKind, presenter: Presenter,
                         configure: @escaping (ModalConfigurator) throws -> Void) -> Observable<ModalValue> {
        let fallbackQueue = queue
        return Observable.create { observer in
            do {
                let kind = try lookUp()
                let surface = try presenter.resolve()
                let queue = surface.presentationQueue ?? fallbackQueue
                let session = PresentationSession(kind: kind, configuration: try kind.makeConfiguration(),
                                                  surface: surface, queue: queue, observer: observer)
                do {
                    try session.withConfiguration { configuration in
                        let configurator = try ModalConfigurator(kind: kind, configuration: configuration, session: session)
                        session.configurator = configurator
                        try configure(configurator)
                        configurator.goLive()
                        try kind.checkPrecondition(configuration)
                        switch kind.authorizationStatus(configuration) {
                        case .authorized:
                            return
                        case .denied, .restricted:
                            throw ModalError.authorizationDenied(kind: kind.name)
                        case .notDetermined:
                            throw NeedsAuthorization()
                        }
                    }
                    session.present()
                } catch is NeedsAuthorization {
                    session.requestAuthorizationThenPresent()
                } catch {
                    session.fail(error)
                }
                return session
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }

    private struct NeedsAuthorization: Error {}

    /// The kind called `name`, or `pluginUnavailable` saying why.
    static func lookUp(_ name: String, in registry: ModalRegistry) throws -> ModalKind {
        do {
            return try registry.kind(named: name)
        } catch {
            let skipped = registry.skipped.filter { entry in
                if case .duplicateKind(let kind, _) = entry.reason { return kind == name }
                let file = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
                return file == "librxmodal-\(name).so" || file.contains(name)
            }
            var reason = "no plugin provides the kind “\(name)”"
            let known = registry.kindNames
            reason += known.isEmpty ? " (no kinds are registered)" : " (registered kinds: \(known.joined(separator: ", ")))"
            if !skipped.isEmpty {
                reason += "; skipped: " + skipped.map(\.description).joined(separator: "; ")
            }
            throw ModalError.pluginUnavailable(reason: reason)
        }
    }
}
