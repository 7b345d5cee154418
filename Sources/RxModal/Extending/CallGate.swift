import Foundation

/// Lets calls into a host callback (an observer, an authorization callback)
/// through one at a time until it is closed, and makes `close()` wait for a call
/// in progress on another thread, so that once `close()` returns no call starts
/// or is running — the promise the header asks of a plugin's disposal. A call
/// made from inside a call on the same thread goes through (waiting would
/// deadlock), and `close()` from inside a call returns at once.
///
/// Public for the C bridge (Sources/RxModalC), whose subscriptions give C
/// observers the same promise.
///
/// Thread safety: every member may be called from any thread.
public final class CallGate: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var closed = false
    private var caller: pthread_t?
    private var depth = 0

    public init() {}

    /// Runs `body` unless closed; `closeAfter` closes the gate as the call starts
    /// (terminal events). Returns whether `body` ran.
    @discardableResult
    public func pass(closeAfter: Bool = false, _ body: () -> Void) -> Bool {
        let me = pthread_self()
        condition.lock()
        while let caller, pthread_equal(caller, me) == 0, !closed { condition.wait() }
        guard !closed else { condition.unlock(); return false }
        if closeAfter { closed = true }
        caller = me
        depth += 1
        condition.unlock()

        body()

        condition.lock()
        depth -= 1
        if depth == 0 { caller = nil }
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Stops further calls and waits for one running on another thread.
    public func close() {
        let me = pthread_self()
        condition.lock()
        closed = true
        while let caller, pthread_equal(caller, me) == 0 { condition.wait() }
        condition.unlock()
    }

    public var isClosed: Bool { condition.withLock { closed } }
}
