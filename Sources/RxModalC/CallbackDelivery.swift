import Foundation
import RxCore
import RxModal
import RxModalPluginABI
import Synchronization

/// Takes a subscription's events to its C observer: directly, on the runtime's
/// thread, or through an `EventLoop` to the thread that dispatches it. Every
/// callback passes through `gate` (one at a time; closed by the terminal event
/// or by `stop`, which waits for a callback running on another thread), which
/// gives the header's promise that no callback starts after dispose returns.
/// Knows nothing of the subscription handle, so the runtime's subscription can
/// hold it strongly without a reference cycle.
///
/// Thread safety: any thread. `state` guards `ended` and the semaphores of
/// threads waiting for the end (made only when someone waits, so a
/// subscription nobody waits for allocates no condition); it is never held
/// while a callback runs.
final class CallbackDelivery: @unchecked Sendable {
    private let observer: rxm_observer
    private let loop: EventLoop?
    private let gate = CallGate()
    private struct State {
        var ended = false
        var waiters: [DispatchSemaphore] = []
    }
    private let state = Mutex(State())

    init(observer: rxm_observer, loop: EventLoop?) {
        self.observer = observer
        self.loop = loop
    }

    func receive(_ event: Event<ModalValue>) {
        if let loop {
            loop.enqueue { self.deliver(event) }
        } else {
            deliver(event)
        }
    }

    private func deliver(_ event: Event<ModalValue>) {
        let observer = self.observer
        switch event {
        case .next(let value):
            gate.pass {
                value.withCValue { pointer in observer.on_next?(observer.context, pointer) }
            }
        case .error(let error):
            var cError = rxm_error()
            BridgeError(error).fill(&cError)
            gate.pass(closeAfter: true) { observer.on_error?(observer.context, &cError) }
            markEnded()
        case .completed:
            gate.pass(closeAfter: true) { observer.on_completed?(observer.context) }
            markEnded()
        }
    }

    /// No callback starts after this returns (see `CallGate.close`).
    func stop() {
        gate.close()
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
