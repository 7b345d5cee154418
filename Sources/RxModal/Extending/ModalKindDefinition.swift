import RxCore

/// A modal kind written in Swift: what a C plugin's `rxm_plugin_descriptor`
/// says, as Swift declarations. ``ModalKindDescriptor`` turns a definition into
/// a real descriptor (C function pointers included) and registers it, so the
/// coordinator, the libffi invoker and everything else reach a Swift kind exactly
/// as they reach a plugin loaded from a file.
///
/// A definition declares:
/// - its ``name`` (unique, `[A-Za-z0-9_.-]+`), ``version``, ``summary`` and
///   ``resultDescription``, shown by `describe`;
/// - a ``Configuration`` class, made fresh for every presentation by
///   ``makeConfiguration()`` (the C `config_new`) and dropped when the host frees
///   it (`config_free`);
/// - its configuration ``methods`` (``ModalKindMethod``), each with a signature
///   string in the header's codes; the host checks arguments against the
///   signature before a method's body runs;
/// - optionally a ``precondition`` and an ``authorization``;
/// - ``present(configuration:surface:observer:)``, which shows the modal on a
///   ``ModalSurface`` and reports to a ``ModalResultObserver``.
///
/// Errors thrown by any of these cross the C boundary as an `rxm_error`: a
/// ``ModalError`` keeps its code (``ModalError/unsupported(kind:reason:)`` becomes
/// `RXM_ERR_UNSUPPORTED` with the reason as message, so the host reports the same
/// `unsupported` error), any other error becomes `RXM_ERR_INTERNAL`.
///
/// Thread safety: a definition is `Sendable` and is called from any thread. The
/// host calls the methods, the precondition, the authorization and `present` for
/// one configuration serially (never two at once), so a ``Configuration`` needs
/// no lock of its own as long as only those calls touch it; what `present`
/// starts (surface callbacks) runs on any thread and should copy what it needs
/// from the configuration first.
public protocol ModalKindDefinition: Sendable {
    /// The state one presentation is configured into: a class, made by
    /// ``makeConfiguration()``, owned by the host's configuration handle.
    associatedtype Configuration: AnyObject

    /// The unique kind name, `[A-Za-z0-9_.-]+`: "confirmation".
    var name: String { get }
    /// The kind's own version: "1.0.0".
    var version: String { get }
    /// One line, for listings.
    var summary: String { get }
    /// What the modal emits, in prose or as a sketch: `{"confirmed": b}`.
    var resultDescription: String { get }

    /// A fresh configuration with defaults. Throwing fails the subscription.
    func makeConfiguration() throws -> Configuration

    /// The configuration methods, in the order `describe` lists them. Read once,
    /// when the descriptor is made.
    var methods: [ModalKindMethod<Configuration>] { get }

    /// Whether the modal can be shown on this system; throw
    /// ``ModalError/unsupported(kind:reason:)`` with the reason if not.
    /// `nil` (the default): always possible.
    var precondition: (@Sendable (Configuration) throws -> Void)? { get }

    /// The authorization the kind needs, or `nil` (the default) for none.
    var authorization: ModalKindAuthorization<Configuration>? { get }

    /// Shows the modal for `configuration` on `surface` and reports its result to
    /// `observer` (values, then a completion or an error). Returns what takes the
    /// modal down: the host disposes it exactly once, after a terminal event or to
    /// cancel, and it must dismiss whatever is still shown. Throw to refuse to
    /// start (nothing shown; the host reports the error).
    ///
    /// `surface` is valid until the returned disposable has been disposed; after
    /// that its methods throw (``show``) or do nothing, and presentations left on
    /// it are dismissed. `observer` drops everything after a terminal event or
    /// after the disposal.
    func present(configuration: Configuration, surface: any ModalSurface,
                 observer: ModalResultObserver) throws -> Disposable
}

extension ModalKindDefinition {
    public var precondition: (@Sendable (Configuration) throws -> Void)? { nil }
    public var authorization: ModalKindAuthorization<Configuration>? { nil }
}

/// The authorization a Swift modal kind needs (the descriptor's
/// `authorization_status` and `request_authorization`).
///
/// Immutable; safe to share between threads.
public struct ModalKindAuthorization<Configuration: AnyObject>: Sendable {
    /// The current status for a configuration. `.notDetermined` makes the host
    /// call ``request`` before presenting.
    public let status: @Sendable (Configuration) -> ModalAuthorizationStatus
    /// Asks the user on the surface, then answers once through the callback.
    /// Returns what takes the question down; disposed exactly once by the host,
    /// also after the answer. Answers after the disposal are dropped.
    public let request: @Sendable (Configuration, any ModalSurface,
                                   @escaping @Sendable (ModalAuthorizationStatus) -> Void) -> Disposable

    public init(status: @escaping @Sendable (Configuration) -> ModalAuthorizationStatus,
                request: @escaping @Sendable (Configuration, any ModalSurface,
                                              @escaping @Sendable (ModalAuthorizationStatus) -> Void) -> Disposable) {
        self.status = status
        self.request = request
    }
}
