extension PrimitiveSequence where Trait == MaybeTrait {
    /// A `Maybe` whose subscription calls `subscribe` with a function to report the outcome.
    @inlinable
    public static func create(subscribe: @escaping (@escaping (MaybeEvent<Element>) -> Void) -> Disposable) -> Maybe<Element> {
        Maybe(raw: .create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        })
    }

    /// Succeeds with `element`.
    @inlinable
    public static func just(_ element: Element) -> Maybe<Element> { Maybe(raw: .just(element)) }

    /// Succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: .just(element, scheduler: scheduler))
    }

    /// The element `transform` makes, or nothing when it gives nil.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe<Result>(raw: source.compactMap(transform))
    }

    /// Side effects around each outcome, as `Observable.do`.
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        lift {
            $0.do(onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                  onCompleted: onCompleted, afterCompleted: afterCompleted,
                  onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Completes without an element.
    @inlinable
    public static func empty() -> Maybe<Element> { Maybe(raw: .empty()) }

    /// Subscribes with closures for each outcome.
    @inlinable
    public func subscribe(
        onSuccess: __owned ((Element) -> Void)? = nil,
        onError: __owned ((Swift.Error) -> Void)? = nil,
        onCompleted: __owned (() -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        // A `just` succeeds, so `onCompleted` is never called.
        if let scalar = source.scalar {
            return scalar.subscribe(onNext: consume onSuccess, onCompleted: nil, onDisposed: consume onDisposed)
        }
        let subscriber = MaybeSubscriber(onSuccess: consume onSuccess, onError: (consume onError) ?? Hooks.callStackReporter(), onCompleted: consume onCompleted)
        return source.subscribeSink(SubscriptionSink(eventHandler: subscriber.on, onDisposed: consume onDisposed))
    }

    /// Subscribes with one closure for the outcome.
    @inlinable
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        subscribe(onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
    }

    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        lift { $0.map(transform) }
    }

    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        lift { $0.filter(predicate) }
    }

    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        lift { $0.flatMap { try selector($0).source } }
    }

    /// Succeeds with `element` when empty.
    @inlinable
    public func ifEmpty(default element: Element) -> Single<Element> {
        Single(raw: source.ifEmpty(default: element))
    }

    /// This `Maybe`'s element, or, if it completes empty, `other`'s outcome.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: source.ifEmpty(switchTo: other.asObservable()))
    }

    /// Continues with `other` when empty.
    @inlinable
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        lift { $0.ifEmpty(switchTo: other.source) }
    }

    @inlinable
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        lift { $0.catchAndReturn(element) }
    }

    @inlinable
    public func asCompletable() -> Completable { Completable(raw: source.ignoreElements()) }
}
