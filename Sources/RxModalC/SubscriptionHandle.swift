import Foundation
import RxCore
import RxModal
import RxModalPluginABI
import Synchronization

/// What an `rxm_subscription *` points to: one presentation of a modal, its
/// `CallbackDelivery` to the C observer, and the configurator for calls made
/// while it is shown.
///
/// Thread safety: any thread. `state` guards `disposeCalled` and `configurator`;
/// it is never held while a callback or the runtime runs.
final class SubscriptionHandle: @unchecked Sendable {
    let modal: ModalHandle
    let presenter: PresenterHandle
    let loop: EventLoop?
    private let delivery: CallbackDelivery
    private let subscription = SingleAssignmentDisposable()
    private struct State {
        var disposeCalled = false
        var configurator: ModalConfigurator?
    }
    /// A class, so the configuration closure can hold it without holding `self`.
    private final class Guarded: Sendable {
        let state = Mutex(State())
    }
    private let guarded = Guarded()

    init(modal: ModalHandle, presenter: PresenterHandle, loop: EventLoop?, observer: rxm_observer) {
        self.modal = modal
        self.presenter = presenter
        self.loop = loop
        delivery = CallbackDelivery(observer: observer, loop: loop)
    }

    deinit { subscription.dispose() }

    /// Subscribes: the recorded calls are replayed on the fresh configuration.
    func start() {
        let calls = modal.recordedCalls
        let delivery = self.delivery
        let observable = modal.registry.coordinator.present(kind: modal.kind, presenter: presenter.presenter) { [guarded] configurator in
            for call in calls { try configurator.call(call.method, arguments: call.arguments) }
            guarded.state.withLock { $0.configurator = configurator }
        }
        subscription.setDisposable(observable.subscribe { event in delivery.receive(event) })
    }

    var isEnded: Bool { delivery.isEnded }

    /// Stops the callbacks, then dismisses. Returns false when called before.
    @discardableResult
    func dispose() -> Bool {
        let first = guarded.state.withLock { state in
            defer { state.disposeCalled = true; state.configurator = nil }
            return !state.disposeCalled
        }
        delivery.stop()
        subscription.dispose()
        return first
    }

    /// A configuration call on the shown modal (queued by the configurator).
    func call(_ method: String, _ arguments: [ModalValue]) throws {
        let live = delivery.isEnded ? nil : guarded.state.withLock { $0.configurator }
        guard let live else { throw BridgeError(RXM_ERR_DISPOSED, "the subscription has ended") }
        try live.call(method, arguments: arguments)
    }

    func wait(milliseconds: Int32) -> Bool { delivery.wait(milliseconds: milliseconds) }
}
