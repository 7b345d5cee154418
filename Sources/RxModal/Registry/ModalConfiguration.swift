import RxCore
import RxModalPluginABI

/// One configuration of a modal kind: the `void *` its plugin's `config_new`
/// returned, freed with its `config_free` exactly once, when this object goes away.
/// Create it with ``ModalKind/makeConfiguration()``.
///
/// Each live configuration counts in RxCore's `Resources.total`, so a test that
/// leaks one fails its live-resource check.
///
/// Thread safety: the object may be passed between threads and released on any
/// of them. The plugin ABI lets the host call one configuration's methods from any
/// thread but never two at once, so whoever calls through `pointer` (the invoker,
/// the presenter) must serialize those calls; this class does not lock.
public final class ModalConfiguration: @unchecked Sendable {
    /// The kind that made it; kept alive as long as the configuration.
    public let kind: ModalKind
    /// The plugin's configuration object, to pass as the first argument of its
    /// methods and to `precondition` and `present`. Owned by this object.
    public let pointer: UnsafeMutableRawPointer
    private let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    init(kind: ModalKind, pointer: UnsafeMutableRawPointer, free: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void) {
        self.kind = kind
        self.pointer = pointer
        self.free = free
        Resources.incrementTotal()
    }

    deinit {
        free(pointer)
        Resources.decrementTotal()
    }
}
