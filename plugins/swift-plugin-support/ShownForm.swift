import Foundation

/// The form a ``FormSession`` shows now: a new one after a problem. Read and
/// replaced on the surface's callback thread, one answer at a time, and under
/// `lock` all the same.
public final class ShownForm<Form>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Form

    public init(_ form: Form) { current = form }

    public var form: Form {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
