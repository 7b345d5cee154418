import Foundation
import RxCore
import RxModal
import RxModalPluginABI

/// Takes a subscription's events to its C observer: directly, on the runtime's
/// thread, or through an `EventLoop` to the thread that dispatches it. Every
/// callback passes through `gate` (one at a time; closed by the terminal event
/// or by `stop`, which waits for a callback running on another thread), which
/// gives the header's promise that no callback starts after dispose returns.
/// Knows nothing of the subscription handle, so the runtime's subscription can
/// hold it strongly without a reference cycle.
///
/// Thread safety: any thread. `state` guards `ended` and is never held while a
/// callback runs.
final class CallbackDelivery: @unchecked Sendable {
    private let observer: rxm_observer
    private let loop: EventLoop?
    private let gate = CallGate()
    private let state = NSCondition()
    // Guarded by `state`.
    private var ended = false

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
        state.lock()
        ended = true
        state.broadcast()
        state.unlock()
    }

    var isEnded: Bool { state.withLock { ended } }

    /// Waits for the end (see `rxm_subscription_wait`); false on time-out.
    func wait(milliseconds: Int32) -> Bool {
        let deadline = milliseconds < 0 ? nil : Date().addingTimeInterval(Double(milliseconds) / 1000)
        if let loop {
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
        state.lock()
        defer { state.unlock() }
        while !ended {
            if let deadline {
                if !state.wait(until: deadline) { return ended }
            } else {
                state.wait()
            }
        }
        return true
    }
}
