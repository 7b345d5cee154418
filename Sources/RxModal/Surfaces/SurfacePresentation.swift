import Synchronization

private let presentationCounter = Atomic<UInt64>(0)

/// A handle to one primitive shown on a `ModalSurface`, returned by `show` and
/// passed back to `update` and `dismiss`. It carries no state of its own: the
/// surface that made it keeps the state, keyed by `id`.
///
/// Immutable; safe to share between threads.
public final class SurfacePresentation: Sendable, CustomStringConvertible {
    /// Unique in the process (never reused), so a surface can tell its own
    /// presentations from stale or foreign ones.
    public let id: UInt64
    /// The primitive shown: "dialog", "choice", …
    public let primitive: SurfacePrimitive

    /// Surfaces make presentations; callers only hand them back.
    public init(primitive: SurfacePrimitive) {
        self.id = presentationCounter.wrappingAdd(1, ordering: .relaxed).newValue
        self.primitive = primitive
    }

    public var description: String { "\(primitive.rawValue) presentation #\(id)" }
}
