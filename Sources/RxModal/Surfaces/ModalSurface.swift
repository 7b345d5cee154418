import Dispatch

/// Something that can show the five surface primitives of the plugin ABI
/// (`dialog`, `choice`, `form`, `openURL`, `prompt`; see "Surfaces" in
/// `Include/rxmodal_plugin.h` for their specs and results): the Swift form of
/// `rxm_surface`. `CSurfaceBridge` hands one to C plugins.
///
/// The contract is the header's:
/// - `show` validates the spec (conforming types use `SurfaceSpec.validate`)
///   and throws `ModalError` if it cannot show it; nothing is shown then and no
///   callback is ever called.
/// - Otherwise exactly one of `onResult` and `onError` is called later, at most
///   once, never from inside `show` — unless the presentation is dismissed first.
///   A result follows the primitive's result schema. A callback may run as soon
///   as `show` returns, on another thread, before the caller has stored the
///   presentation: a callback that needs it must be ready for that.
/// - `update` changes a presentation while it is shown (a patch with keys of
///   its spec; unknown keys are ignored).
/// - `dismiss` takes the presentation down. Call it exactly once per
///   presentation, answered or not. After it returns no callback starts; a
///   callback already running on another thread is waited for, so after
///   `dismiss` returns the caller may free whatever its callbacks use. Calling
///   `dismiss` from inside the presentation's own callback is allowed (it does
///   not wait for itself). Do not call it while holding a lock that your
///   callbacks take.
///
/// Thread safety: conforming types must be safe to call from any thread, and
/// may call the callbacks from any thread (never two at once for one
/// presentation, since there is only one).
public protocol ModalSurface: AnyObject, Sendable {
    /// A short name: "terminal", "scripted", …
    var name: String { get }

    /// Shows a primitive described by `spec`. Throws `ModalError` (with the path
    /// of the first problem) if the spec is malformed or cannot be shown.
    func show(spec: ModalValue,
              onResult: @escaping @Sendable (ModalValue) -> Void,
              onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation

    /// Changes a shown presentation. Throws if the patch is malformed or the
    /// presentation is no longer shown.
    func update(_ presentation: SurfacePresentation, patch: ModalValue) throws

    /// Takes a presentation down (see the contract above). A second call for the
    /// same presentation is a caller bug; surfaces ignore it rather than crash.
    func dismiss(_ presentation: SurfacePresentation)

    /// The serial queue this surface's presentations are made on, or nil for
    /// the coordinator's own queue (see ``ModalCoordinator``). The default is
    /// nil; a ``SerialModalSurface`` gives its `queue`. A requirement, not a
    /// cast, because it is read on every subscription.
    var presentationQueue: DispatchQueue? { get }
}

extension ModalSurface {
    public var presentationQueue: DispatchQueue? { nil }
}
