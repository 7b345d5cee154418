import Foundation
import RxCore
import RxModal
import RxModalPluginABI
import Synchronization

/// What an `rxm_subscription *` points to: one presentation of a modal, its
/// `CallbackDelivery` to the C observer, and the configurator for calls made
/// while it is shown.
///
/// A call made while shown runs first, at once, on a configuration of the
/// subscription's own that has had every call the live one had (made on first
/// use), so the plugin's refusal (an index out of range) reaches the caller as
/// `rxm_modal_call`'s does; only calls it accepts are queued for the live one.
///
/// Thread safety: any thread. `state` guards `disposeCalled`, `configurator`
/// and the checking configuration; it is never held while a callback or the
/// runtime runs (a plugin's configuration method runs under it).
final class SubscriptionHandle: @unchecked Sendable {
    let modal: ModalHandle
    let presenter: PresenterHandle
    let loop: EventLoop?
    private let delivery: CallbackDelivery
    private let subscription = SingleAssignmentDisposable()
    private struct State {
        var disposeCalled = false
        var configurator: ModalConfigurator?
        var replayed: [ModalHandle.Call] = []
        var checking: ModalConfiguration?
    }
    private let state = Mutex(State())

    init(modal: ModalHandle, presenter: PresenterHandle, loop: EventLoop?, observer: rxm_observer, destroy: ContextDestructor?) {
        self.modal = modal
        self.presenter = presenter
        self.loop = loop
        delivery = CallbackDelivery(observer: observer, destroy: destroy, loop: loop)
    }

    deinit { subscription.dispose() }

    /// Subscribes: the recorded calls are replayed on the fresh configuration.
    func start() {
        let calls = modal.recordedCalls
        let delivery = self.delivery
        // The closure holds `self` only while subscribing: nothing keeps it after that.
        let observable = modal.registry.coordinator.present(kind: modal.kind, presenter: presenter.presenter) { [self] configurator in
            for call in calls { try configurator.call(call.method, arguments: call.arguments) }
            state.withLock { $0.configurator = configurator; $0.replayed = calls }
        }
        subscription.setDisposable(observable.subscribe { event in delivery.receive(event) })
    }

    var isEnded: Bool { delivery.isEnded }

    /// Stops the callbacks, then dismisses. Returns false when called before.
    @discardableResult
    func dispose() -> Bool {
        let first = state.withLock { state in
            defer { state.disposeCalled = true; state.configurator = nil; state.checking = nil }
            return !state.disposeCalled
        }
        delivery.stop()
        subscription.dispose()
        return first
    }

    /// A configuration call on the shown modal (queued by the configurator).
    func call(_ method: String, _ arguments: [ModalValue]) throws {
        let modal = self.modal
        try state.withLock { state in
            guard !delivery.isEnded, let live = state.configurator else {
                throw BridgeError(RXM_ERR_DISPOSED, "the subscription has ended")
            }
            if state.checking == nil {
                state.checking = try modal.checkingConfiguration(replaying: state.replayed)
                state.replayed = []
            }
            try modal.invoke(method, arguments, on: state.checking!)
            try live.call(method, arguments: arguments)
        }
    }

    func wait(milliseconds: Int32) -> Bool { delivery.wait(milliseconds: milliseconds) }
}
