extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// A `Completable` whose subscription calls `subscribe` with a function to report the outcome.
    @inlinable
    public static func create(subscribe: @escaping (@escaping (CompletableEvent) -> Void) -> Disposable) -> Completable {
        Completable(raw: .create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        })
    }

    /// Side effects around the outcome, as `Observable.do`.
    @inlinable
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        lift {
            $0.do(onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                  onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Completes at once.
    @inlinable
    public static func empty() -> Completable { Completable(raw: .empty()) }

    /// Subscribes with closures for each outcome.
    @inlinable
    public func subscribe(
        onCompleted: __owned (() -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        source.subscribe(onError: consume onError, onCompleted: consume onCompleted, onDisposed: consume onDisposed)
    }

    /// Subscribes with one closure for the outcome.
    @inlinable
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        subscribe(onCompleted: { observer(.completed) }, onError: { observer(.error($0)) })
    }

    /// Runs `next` after this completes.
    @inlinable
    public func andThen(_ next: Completable) -> Completable {
        Completable(raw: source.concat(next.source))
    }

    /// Runs `next` after this completes.
    @inlinable
    public func andThen<Value>(_ next: Single<Value>) -> Single<Value> {
        Single(raw: retyped(Value.self).concat(next.source))
    }

    /// Runs `next` after this completes.
    @inlinable
    public func andThen<Value>(_ next: Maybe<Value>) -> Maybe<Value> {
        Maybe(raw: retyped(Value.self).concat(next.source))
    }

    /// Runs `next` after this completes.
    @inlinable
    public func andThen<Value>(_ next: Observable<Value>) -> Observable<Value> {
        retyped(Value.self).concat(next)
    }

    /// Runs `sources` one after another; completes after the last, fails with the first error.
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Completable where Sources.Element == Completable {
        Completable(raw: Observable.concat(sources.map(\.source)))
    }

    /// Runs `sources` one after another; completes after the last, fails with the first error.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// Runs `second` after this one completes.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat([self, second])
    }

    /// Completes when all complete; fails with the first error.
    @inlinable
    public static func zip<Completables: Collection>(_ completables: Completables) -> Completable where Completables.Element == Completable {
        Completable(raw: Observable.merge(completables.map { $0.source }))
    }

    /// Completes when all complete; fails with the first error.
    @inlinable
    public static func zip(_ completables: Completable...) -> Completable {
        zip(completables)
    }

    /// This completable as an observable of any element type (it has none to convert).
    @inlinable
    internal func retyped<Value>(_ type: Value.Type) -> Observable<Value> {
        let source = self.source
        return Observable { observer in
            source.subscribeHandler(AnyObserver { event in
                if case .error(let error) = event { observer.on(.error(error)) }
                if case .completed = event { observer.on(.completed) }
            })
        }
    }
}
