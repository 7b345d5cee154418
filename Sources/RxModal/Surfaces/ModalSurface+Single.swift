import RxCore

extension ModalSurface {
    /// The primitive `spec` describes, as a `Single` of its answer: shown when
    /// subscribed, on the subscribing thread; dismissed exactly once when the
    /// subscription ends — after the answer, on an error, or to cancel. A spec
    /// the surface cannot show fails the subscription with the surface's error
    /// (``ModalError``), and nothing is shown. The answer follows the
    /// primitive's result schema (`Include/rxmodal_plugin.h`, "Surfaces").
    ///
    /// The building block of a self-made modal (``ModalController``): one
    /// primitive a flow can `map`, `flatMap` into the next, or retry.
    /// Subscribe from any thread; the answer arrives on the surface's thread.
    public func show(_ spec: ModalValue) -> Single<ModalValue> {
        Observable<ModalValue>.create { observer in
            // Surface callbacks are @Sendable; the observer the core hands out
            // serializes what it is given, from any thread.
            let observer = UncheckedSendable(observer)
            do {
                let presentation = try self.show(spec: spec, onResult: { answer in
                    observer.value.onNext(answer)
                    observer.value.onCompleted()
                }, onError: { error in
                    observer.value.onError(error)
                })
                return Disposables.create { self.dismiss(presentation) }
            } catch {
                observer.value.onError(error)
                return Disposables.create()
            }
        }
        .asSingle()
    }
}
