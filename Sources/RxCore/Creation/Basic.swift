extension Observable {
    /// Emits `element` and completes, synchronously on subscription.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable(scalar: ScalarElement(element))
    }

    /// Emits `element`, then completes, each on its own turn of `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let box = UncheckedSendable(element)
        return Observable { observer in
            let completion = SingleAssignmentDisposable()
            let emission = scheduler.schedule(()) { _ in
                observer.on(.next(box.value))
                completion.setDisposable(scheduler.schedule(()) { _ in
                    observer.on(.completed)
                    return NopDisposable()
                })
                return NopDisposable()
            }
            return BinaryDisposable(emission, completion)
        }
    }

    /// Completes at once.
    @inlinable
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.on(.completed)
            return NopDisposable()
        }
    }

    /// Never emits anything.
    @inlinable
    public static func never() -> Observable<Element> {
        Observable { _ in NopDisposable() }
    }

    /// Fails at once with `error`.
    @inlinable
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Observable { observer in
            observer.on(.error(error))
            return NopDisposable()
        }
    }

    /// Calls `factory` on each subscription and subscribes to what it returns; a
    /// throwing factory fails the subscription with its error.
    @inlinable
    public static func deferred(_ factory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Observable { observer in
            let source: Observable<Element>
            do { source = try factory() } catch {
                observer.on(.error(error))
                return NopDisposable()
            }
            return source.subscribeHandler(observer)
        }
    }

    /// Creates a resource for the subscription's lifetime and disposes it when the
    /// subscription ends.
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let resource: Resource
            let source: Observable<Element>
            do {
                resource = try resourceFactory()
            } catch {
                observer.on(.error(error))
                return NopDisposable()
            }
            do {
                source = try observableFactory(resource)
            } catch {
                observer.on(.error(error))
                return resource
            }
            return BinaryDisposable(source.subscribeHandler(observer), resource)
        }
    }
}

/// The element of a `just`, and its subscription: the element, then completion,
/// synchronously. One object serves as both, so `just` allocates once.
@usableFromInline
internal final class ScalarElement<Element>: @unchecked Sendable {
    @usableFromInline internal let element: Element

    @inlinable
    internal init(_ element: Element) {
        self.element = element
    }

    /// Takes the observer owned, as `Observable`'s subscribe handler does: with
    /// the conventions equal, the method itself is the handler, its context this
    /// object; otherwise a reabstraction closure was allocated for every `just`.
    @inlinable
    internal func subscribe(_ observer: __owned AnyObserver<Element>) -> Disposable {
        observer.on(.next(element))
        observer.on(.completed)
        return NopDisposable()
    }

    /// `subscribe(onNext:onError:onCompleted:onDisposed:)` on a `just`: the
    /// subscription is over before `subscribe` returns and nothing can reach it
    /// meanwhile, so it needs no sink to serialize, police or dispose it, and the
    /// closures are called directly, in the order and under the trampoline the
    /// sink would call them. What it returns has nothing left to dispose.
    @inlinable
    internal func subscribe(
        onNext: __owned ((Element) -> Void)?,
        onCompleted: __owned (() -> Void)?,
        onDisposed: __owned (() -> Void)?
    ) -> Disposable {
        Trampoline.run {
            onNext?(element)
            onCompleted?()
            onDisposed?()
        }
        return NopDisposable()
    }
}
