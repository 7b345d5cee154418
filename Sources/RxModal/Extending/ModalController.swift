import RxCore

/// A modal an app makes itself, from the surface primitives (`dialog`, `form`,
/// `choice`, `prompt`, `openURL`): what a view controller is to the seed's
/// `RxModalCoordinator`, on whatever surface the presenter resolves to — the
/// terminal, or a scripted surface in tests.
///
/// ``RxModalCoordinator`` calls ``present(on:)`` once, when the modal is
/// subscribed, and disposes what it returns exactly once: after the flow's
/// sequence ended, or when the subscriber disposes. Report the outcome as the
/// seed's controllers did — a subject the sequence reads, or a delegate (the
/// coordinator subclass) — from the surface's callbacks.
///
/// Thread safety: `present(on:)` is called on the surface's serial queue (see
/// ``RxModalCoordinator``); surface callbacks, and so what the controller
/// reports from them, arrive on any thread, one at a time for one presentation.
public protocol ModalController: AnyObject, SendableMetatype {
    /// Shows this modal on `surface` and returns what takes it down. Throwing
    /// fails the subscription with that error; nothing may remain shown then.
    func present(on surface: any ModalSurface) throws -> Disposable
}
