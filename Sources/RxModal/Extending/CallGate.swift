import Foundation
import RxCore

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
///
/// A spin lock and a backoff (spin, yield, then sleep in growing steps) rather
/// than a condition variable: every subscription from C makes a gate, waiting is
/// rare (a disposal racing a callback on another thread), and an `NSCondition`
/// costs three allocations and two system objects on Linux.
public final class CallGate: @unchecked Sendable {
    private let lock = SpinLock()
    // Guarded by `lock`.
    private var closed = false
    private var caller: pthread_t?
    private var depth = 0

    public init() {}

    /// Whether another thread is inside a call (under `lock`).
    private func busyElsewhere(_ me: pthread_t) -> Bool {
        guard let caller else { return false }
        return pthread_equal(caller, me) == 0
    }

    /// Runs `body` unless closed; `closeAfter` closes the gate as the call starts
    /// (terminal events). Returns whether `body` ran.
    @discardableResult
    public func pass(closeAfter: Bool = false, _ body: () -> Void) -> Bool {
        let me = pthread_self()
        var backoff = Backoff()
        lock.lock()
        while busyElsewhere(me), !closed {
            lock.unlock()
            backoff.pause()
            lock.lock()
        }
        guard !closed else { lock.unlock(); return false }
        if closeAfter { closed = true }
        caller = me
        depth += 1
        lock.unlock()

        body()

        lock.lock()
        depth -= 1
        if depth == 0 { caller = nil }
        lock.unlock()
        return true
    }

    /// Stops further calls and waits for one running on another thread (unless
    /// `waitingForCaller` is false: at process exit, where that thread may never
    /// come back).
    public func close(waitingForCaller: Bool = true) {
        let me = pthread_self()
        var backoff = Backoff()
        lock.lock()
        closed = true
        while waitingForCaller, busyElsewhere(me) {
            lock.unlock()
            backoff.pause()
            lock.lock()
        }
        lock.unlock()
    }

    public var isClosed: Bool { lock.withLock { closed } }
}
