import Foundation
import RxCore
import RxModal
import RxModalPluginABI

/// What an `rxm_subscription *` points to: one presentation of a modal, and the
/// C observer its events go to — directly, on the runtime's thread, or through
/// an `EventLoop` to the thread that dispatches it.
///
/// Every callback passes through `gate` (one at a time; closed by the terminal
/// event or by `dispose`, which waits for a callback running on another thread),
/// which gives the header's promise: no callback starts after dispose returns.
///
/// Thread safety: any thread. `state` guards `ended`, `disposeCalled` and
/// `configurator`; it is never held while a callback or the runtime runs.
final class SubscriptionHandle: @unchecked Sendable {
    let modal: ModalHandle
    let presenter: PresenterHandle
    let loop: EventLoop?
    private let observer: rxm_observer
    private let gate = CallGate()
    private let subscription = SingleAssignmentDisposable()
    private let state = NSCondition()
    // Guarded by `state`.
    private var ended = false
    private var disposeCalled = false
    private var configurator: ModalConfigurator?

    init(modal: ModalHandle, presenter: PresenterHandle, loop: EventLoop?, observer: rxm_observer) {
        self.modal = modal
        self.presenter = presenter
        self.loop = loop
        self.observer = observer
    }

    deinit { subscription.dispose() }

    /// Subscribes: the recorded calls are replayed on the fresh configuration.
    func start() {
        let calls = modal.recordedCalls
        let modal = self.modal
        let observable = modal.registry.coordinator.present(kind: modal.kind, presenter: presenter.presenter) { [weak self] configurator in
            for call in calls { try configurator.call(call.method, arguments: call.arguments) }
            self?.state.withLock { self?.configurator = configurator }
        }
        subscription.setDisposable(observable.subscribe { [weak self] event in self?.receive(event) })
    }

    private func receive(_ event: Event<ModalValue>) {
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

    private func markEnded() {
        state.lock()
        ended = true
        configurator = nil
        state.broadcast()
        state.unlock()
    }

    var isEnded: Bool { state.withLock { ended } }

    /// Stops the callbacks, then dismisses. Returns false when called before.
    @discardableResult
    func dispose() -> Bool {
        let first = state.withLock {
            defer { disposeCalled = true }
            return !disposeCalled
        }
        gate.close()
        subscription.dispose()
        markEnded()
        return first
    }

    /// A configuration call on the shown modal (queued by the configurator).
    func call(_ method: String, _ arguments: [ModalValue]) throws {
        let live = state.withLock { ended ? nil : configurator }
        guard let live else { throw BridgeError(RXM_ERR_DISPOSED, "the subscription has ended") }
        try live.call(method, arguments: arguments)
    }

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
