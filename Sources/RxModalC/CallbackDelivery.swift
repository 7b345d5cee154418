import Foundation
import RxCore
import RxModal
import RxModalPluginABI
import Synchronization

/// The host's function that releases an observer's context (`destroy` of
/// `rxm_modal_subscribe_with_destroy`).
public typealias ContextDestructor = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// Takes a subscription's events to its C observer: directly, on the runtime's
/// thread, or through an `EventLoop` to the thread that dispatches it. Every
/// callback passes through `gate` (one at a time; closed by the terminal event
/// or by `stop`, which waits for a callback running on another thread), which
/// gives the header's promise that no callback starts after dispose returns.
/// Once the gate is closed and no callback is running, the observer's
/// `destroy` is called, once.
///
/// Knows nothing of the subscription handle, so the runtime's subscription can
/// hold it strongly without a reference cycle; events queued on a loop hold it
/// weakly, so a loop that is never dispatched again keeps no delivery (and the
/// delivery no loop) alive.
///
/// Thread safety: any thread. `state` guards `ended`, the thread inside a
/// callback, the semaphores of threads waiting for the end (made only when
/// someone waits, so a subscription nobody waits for allocates no condition)
/// and who called `destroy`; it is never held while a callback runs.
final class CallbackDelivery: @unchecked Sendable {
    private let observer: rxm_observer
    private let destroy: ContextDestructor?
    private let loop: EventLoop?
    private let gate = CallGate()
    private struct State {
        var ended = false
        var callbackThread: pthread_t?
        var waiters: [DispatchSemaphore] = []
        /// Who called `destroy`, and whether it has returned.
        var destroyCaller: pthread_t?
        var destroyFinished = false
    }
    // Spin-locked rather than Mutex-locked so that ThreadSanitizer sees the ordering
    // between a callback's thread and the disposing one (SpinGuarded says why).
    private let state = SpinGuarded(State())
    /// Where ``LiveDeliveries`` lists this delivery; guarded by its lock.
    var liveIndex = -1

    init(observer: rxm_observer, destroy: ContextDestructor?, loop: EventLoop?) {
        self.observer = observer
        self.destroy = destroy
        self.loop = loop
        LiveDeliveries.shared.insert(self)
    }

    deinit {
        // Listed until stopped, so only a stopped delivery gets here, and `stop` or
        // the end of the callback inside which it stopped has called destroy: a
        // safety net that returns at once.
        destroyOnce()
    }

    func receive(_ event: Event<ModalValue>) {
        if let loop {
            loop.enqueue { [weak self] in self?.deliver(event) }
        } else {
            deliver(event)
        }
    }

    private func deliver(_ event: Event<ModalValue>) {
        let observer = self.observer
        switch event {
        case .next(let value):
            callback {
                value.withCValue { pointer in observer.on_next?(observer.context, pointer) }
            }
        case .error(let error):
            var cError = rxm_error()
            BridgeError(error).fill(&cError)
            callback(terminal: true) { observer.on_error?(observer.context, &cError) }
        case .completed:
            callback(terminal: true) { observer.on_completed?(observer.context) }
        }
    }

    /// Runs one callback through the gate; ends the delivery after a terminal
    /// one, or after one inside which the subscription was disposed.
    private func callback(terminal: Bool = false, _ body: () -> Void) {
        let ran = gate.pass(closeAfter: terminal) {
            state.withLock { $0.callbackThread = pthread_self() }
            body()
            state.withLock { $0.callbackThread = nil }
        }
        if ran, terminal || gate.isClosed { finish() }
    }

    /// No callback starts after this returns (see `CallGate.close`), and
    /// `destroy` has been called — unless this runs inside a callback, which
    /// calls it as it returns.
    func stop() {
        gate.close()
        let insideCallback = state.withLock { state in
            state.callbackThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        markEnded()
        if !insideCallback { destroyOnce() }
        LiveDeliveries.shared.remove(self)
    }

    /// At process exit: no callback starts any more, without waiting for one
    /// that is running (its thread may never return: an interpreter that is
    /// shutting down parks threads that call into it) and without `destroy`,
    /// which would call into a host that is being torn down.
    func silence() {
        gate.close(waitingForCaller: false)
    }

    private func finish() {
        destroyOnce()
        markEnded()
    }

    private func markEnded() {
        let waiters = state.withLock { state in
            state.ended = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
    }

    /// Calls `destroy` once. A second caller on another thread waits until
    /// it has returned (so dispose never returns before it); one on the same
    /// thread — `destroy` itself freeing its subscription — returns at once.
    private func destroyOnce() {
        let me = pthread_self()
        let first = state.withLock { state in
            if state.destroyCaller != nil { return false }
            state.destroyCaller = me
            return true
        }
        if first {
            destroy?(observer.context)
            state.withLock { $0.destroyFinished = true }
            return
        }
        while true {
            let waitOver = state.withLock { state in
                state.destroyFinished || state.destroyCaller.map { pthread_equal($0, me) != 0 } == true
            }
            if waitOver { return }
            sched_yield()
        }
    }

    var isEnded: Bool { state.withLock { $0.ended } }

    /// Waits for the end (see `rxm_subscription_wait`); false on time-out.
    func wait(milliseconds: Int32) -> Bool {
        if let loop {
            let deadline = milliseconds < 0 ? nil : Date().addingTimeInterval(Double(milliseconds) / 1000)
            while !isEnded {
                var slice: Int32 = 100
                if let deadline {
                    let left = deadline.timeIntervalSinceNow
                    if left <= 0 { return false }
                    slice = min(slice, Int32((left * 1000).rounded(.up)))
                }
                loop.waitReadable(milliseconds: slice)
                loop.dispatch()
            }
            return true
        }
        let waiter: DispatchSemaphore? = state.withLock { state in
            if state.ended { return nil }
            let waiter = DispatchSemaphore(value: 0)
            state.waiters.append(waiter)
            return waiter
        }
        guard let waiter else { return true }
        guard milliseconds >= 0 else {
            waiter.wait()
            return true
        }
        if waiter.wait(timeout: .now() + .milliseconds(Int(milliseconds))) == .success { return true }
        return state.withLock { state in
            state.waiters.removeAll { $0 === waiter }
            return state.ended
        }
    }
}
