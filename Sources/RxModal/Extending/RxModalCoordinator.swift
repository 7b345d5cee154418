import Foundation
import RxCore

/// Presents one self-made modal (a ``ModalController``) and takes it down: the
/// seed's `RxModalCoordinator`, with a surface where the seed had a window.
///
/// Its static `present(using:controllerFactory:sequence:)` functions (one per
/// trait, in `RxModalCoordinator+Present.swift`) wrap the modal in a `Single`,
/// `Maybe`, `Completable` or `Observable` that presents on subscribe and
/// dismisses on dispose. Subclass it to be the controller's delegate, as in the
/// seed; a subclass must keep the `required init()`.
///
/// It is not an RxCore `Disposable` (the seed's was), because that would make
/// it `Sendable` and every subclass written as in the seed would have to say
/// `@unchecked Sendable` again; ``dispose()`` is there all the same.
///
/// Thread safety: its own state is guarded by a lock; ``present(_:with:)`` and
/// ``dispose()`` may be called from any thread. A subclass's state is touched
/// on the surface's queue and from the controller's surface callbacks, one at
/// a time for one presentation.
open class RxModalCoordinator<Controller: ModalController> {
    private let lock = NSLock()
    private var adopted: Controller?
    private var shownOn: (any ModalSurface)?
    private var presentation: Disposable?
    private var disposed = false

    public required init() {}

    /// The controller being presented. Read it from the `sequence` closure or
    /// later; before a controller was given it is a programming error, as in the seed.
    public var controller: Controller {
        guard let controller = lock.withLock({ adopted }) else {
            preconditionFailure("RxModalCoordinator.controller read before a controller was presented")
        }
        return controller
    }

    /// The seed's name for ``controller``.
    public var viewController: Controller { controller }

    /// The surface the controller is shown on; nil until it is presented.
    public var surface: (any ModalSurface)? { lock.withLock { shownOn } }

    /// Makes `controller` this coordinator's, without showing it.
    func adopt(_ controller: Controller) {
        lock.withLock { if adopted == nil { adopted = controller } }
    }

    /// Shows `controller` on `presenter`'s surface (``ModalError/missingSurface``,
    /// which `catch RxModalError.missingPresenter` matches, when there is none).
    /// Shows nothing once the coordinator is disposed.
    open func present(_ controller: @autoclosure () -> Controller, with presenter: Presenter) throws {
        let surface = try presenter.resolve()
        let controller = controller()
        let proceed = lock.withLock { () -> Bool in
            if adopted == nil { adopted = controller }
            shownOn = surface
            return !disposed
        }
        guard proceed else { return }
        let shown = try controller.present(on: surface)
        let keep = lock.withLock { () -> Bool in
            if disposed { return false }
            presentation = shown
            return true
        }
        // Disposed while the controller was being shown: take it down now.
        if !keep { shown.dispose() }
    }

    /// Takes the controller down (once; later calls do nothing). Subclasses
    /// that override it must call `super.dispose()`.
    open func dispose() {
        let shown = lock.withLock { () -> Disposable? in
            disposed = true
            defer { presentation = nil }
            return presentation
        }
        shown?.dispose()
    }
}
