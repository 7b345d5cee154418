import Foundation
import RxCore

/// What the `present(using:controllerFactory:sequence:)` functions are
/// declared on: ``RxModalCoordinator`` and its subclasses, whose `required
/// init()` it names. (They live on a protocol, as the seed's lived on
/// `NSObjectProtocol`, because a class's own static functions with `Self` in a
/// closure's parameter crash the Swift 6.3 compiler at their call sites.)
///
/// Thread safety: as ``RxModalCoordinator``.
public protocol RxModalCoordinatorType: AnyObject {
    init()
}

extension RxModalCoordinator: RxModalCoordinatorType {}

extension RxModalCoordinatorType {
    /// A `Single` of a self-made modal (the seed's spelling): on subscribe, a
    /// coordinator of this class is made, `controllerFactory` makes the
    /// controller (give it the coordinator as its delegate here), `sequence`
    /// says what the modal yields, and the controller is shown on `presenter`'s
    /// surface. The flow's end (success, error) is forwarded after the
    /// controller was taken down — a `Single`'s value comes with its end;
    /// disposing takes it down (disposed before it was shown, nothing is shown).
    ///
    /// It all runs on the surface's serial queue (``SerialModalSurface/queue``)
    /// or, for other surfaces, on ``ModalCoordinator/shared``'s queue — at once
    /// when subscribed on that queue, so a modal opened from another's callback
    /// stacks on top of it — which is where the seed ran it, on the main queue.
    /// `sequence` is subscribed before the controller is shown, so no answer
    /// arrives before it is listened to.
    public static func present<Controller, T>(using presenter: Presenter = .default,
                                              controllerFactory: @escaping (Self) -> Controller,
                                              sequence: @escaping (Self) -> Single<T>) -> Single<T>
        where Self: RxModalCoordinator<Controller> {
        presentation(of: Self.self, using: presenter, controllerFactory: controllerFactory) { sequence($0).asObservable() }.asSingle()
    }

    /// A `Maybe` of a self-made modal: as the `Single` form.
    public static func present<Controller, T>(using presenter: Presenter = .default,
                                              controllerFactory: @escaping (Self) -> Controller,
                                              sequence: @escaping (Self) -> Maybe<T>) -> Maybe<T>
        where Self: RxModalCoordinator<Controller> {
        presentation(of: Self.self, using: presenter, controllerFactory: controllerFactory) { sequence($0).asObservable() }.asMaybe()
    }

    /// A `Completable` of a self-made modal: as the `Single` form.
    public static func present<Controller>(using presenter: Presenter = .default,
                                           controllerFactory: @escaping (Self) -> Controller,
                                           sequence: @escaping (Self) -> Completable) -> Completable
        where Self: RxModalCoordinator<Controller> {
        presentation(of: Self.self, using: presenter, controllerFactory: controllerFactory) { sequence($0).asObservable() }.asCompletable()
    }

    /// An `Observable` of a self-made modal: as the `Single` form; its values
    /// are forwarded while the controller is shown.
    public static func present<Controller, T>(using presenter: Presenter = .default,
                                              controllerFactory: @escaping (Self) -> Controller,
                                              sequence: @escaping (Self) -> Observable<T>) -> Observable<T>
        where Self: RxModalCoordinator<Controller> {
        presentation(of: Self.self, using: presenter, controllerFactory: controllerFactory, sequence: sequence)
    }

    /// The four forms' common body.
    private static func presentation<Coordinator: RxModalCoordinator<Controller>, Controller, T>(
        of coordinatorClass: Coordinator.Type, using presenter: Presenter,
        controllerFactory: @escaping (Coordinator) -> Controller,
        sequence: @escaping (Coordinator) -> Observable<T>
    ) -> Observable<T> {
        // Hop to the surface's queue with them; used there only, serially.
        let factories = UncheckedSendable((coordinatorClass.init, controllerFactory, sequence))
        return Observable<T>.create { observer in
            let surface: any ModalSurface
            do {
                surface = try presenter.resolve()
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
            let queue = surface.presentationQueue ?? ModalCoordinator.shared.queue
            let lifetime = SingleAssignmentDisposable()
            let observer = UncheckedSendable(observer)
            QueueIdentity.run(on: queue) {
                guard !lifetime.isDisposed else { return }
                let (makeCoordinator, makeController, makeSequence) = factories.value
                let coordinator = makeCoordinator()
                let subscription = SingleAssignmentDisposable()
                // Disposing stops listening first, then takes the modal down.
                let shown = UncheckedSendable(coordinator)
                lifetime.setDisposable(Disposables.create(subscription, Disposables.create { shown.value.dispose() }))
                let controller = makeController(coordinator)
                coordinator.adopt(controller)
                subscription.setDisposable(makeSequence(coordinator).subscribe { event in
                    // The modal is down before its end is forwarded, as for every kind.
                    if event.isStopEvent { coordinator.dispose() }
                    observer.value.on(event)
                })
                do {
                    try coordinator.present(controller, with: .surface(surface))
                } catch {
                    coordinator.dispose()
                    observer.value.onError(error)
                }
            }
            return lifetime
        }
    }
}
