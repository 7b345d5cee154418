import RxModal
import RxModalPluginABI

/// A C value tree that owns its memory: one block, laid out as `withCValue`
/// lays out a borrowed tree, freed with this object. What an `rxm_document *`
/// points to. Immutable after init; any thread.
final class OwnedValueTree: @unchecked Sendable {
    let root: UnsafeMutablePointer<rxm_value>

    init(_ value: ModalValue) {
        root = value.makeCValueBlock()
    }

    deinit {
        UnsafeMutableRawPointer(root).deallocate()
    }
}
