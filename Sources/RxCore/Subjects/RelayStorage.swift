/// What a relay keeps: a subject's core and the observable made from it, without
/// the subject's public object, which would be one more allocation per relay and
/// one more object between a relay and its subscribers. The relay's `deinit`
/// abandons the core, as a subject's does (see ``SubjectBase``): it calls the
/// core's `perform` itself, since a method of this structure called there, where
/// it runs unspecialized, has the structure copied for the call, a retain and a
/// release of both of its references.
@usableFromInline
@frozen
internal struct RelayStorage<Element> {
    @usableFromInline internal let core: SubjectCore<Element>
    /// Made once, so that subscribing allocates nothing for it.
    @usableFromInline internal let observable: Observable<Element>

    @inlinable
    internal init(_ core: SubjectCore<Element>) {
        self.core = core
        observable = Observable { observer in core.add(observer) }
    }

    @inlinable
    internal func accept(_ element: Element) { core.send(.next(element)) }

    internal var hasObservers: Bool { core.observerCount.load(ordering: .relaxed) > 0 }

    @inlinable
    internal func subscribe(
        onNext: __owned ((Element) -> Void)?,
        onError: __owned ((Swift.Error) -> Void)?,
        onCompleted: __owned (() -> Void)?,
        onDisposed: __owned (() -> Void)?
    ) -> Disposable {
        observable.subscribeSink(.subscriber(onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed))
    }
}
