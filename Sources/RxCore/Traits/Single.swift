extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` whose subscription calls `subscribe` with a function to report the outcome.
    /// The first outcome wins; later calls are ignored.
    @inlinable
    public static func create(subscribe: @escaping (@escaping (SingleEvent<Element>) -> Void) -> Disposable) -> Single<Element> {
        Single(raw: .create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        })
    }

    /// Succeeds with `element`.
    @inlinable
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: .just(element))
    }

    /// Succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: .just(element, scheduler: scheduler))
    }

    /// The element `transform` makes, or nothing when it gives nil.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: source.compactMap(transform))
    }

    /// Side effects around the outcome, as `Observable.do`, in the trait's words:
    /// `onSuccess` before the element goes downstream, `afterSuccess` after.
    @inlinable
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        lift {
            $0.do(onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                  onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
    }

    /// Subscribes with one closure for the outcome.
    @inlinable
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var element: Element?
        return source.subscribe { event in
            switch event {
            case .next(let value): element = value
            case .error(let error): observer(.failure(error))
            case .completed:
                if let element { observer(.success(element)) } else { observer(.failure(RxError.noElements)) }
            }
        }
    }

    /// Subscribes with closures for success and failure.
    @inlinable
    public func subscribe(
        onSuccess: __owned ((Element) -> Void)? = nil,
        onFailure: __owned ((Swift.Error) -> Void)? = nil,
        onDisposed: __owned (() -> Void)? = nil
    ) -> Disposable {
        source.subscribe(onNext: consume onSuccess, onError: consume onFailure, onDisposed: consume onDisposed)
    }

    /// Transforms the element.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        lift { $0.map(transform) }
    }

    /// Continues with the `Single` made from the element.
    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        lift { $0.flatMap { try selector($0).source } }
    }

    /// Continues with the `Maybe` made from the element.
    @inlinable
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: source.flatMap { try selector($0).source })
    }

    /// Continues with the `Completable` made from the element.
    @inlinable
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: source.flatMap { try selector($0).source })
    }

    /// A `Maybe` that keeps the element when `predicate` holds.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: source.filter(predicate))
    }

    /// Recovers from an error with `element`.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        lift { $0.catchAndReturn(element) }
    }

    /// Succeeds with the results of all of them, in order.
    @inlinable
    public static func zip<Collection: Swift.Collection>(_ singles: Collection) -> Single<[Element]> where Collection.Element == Single<Element> {
        if singles.isEmpty { return .just([]) }
        return Single<[Element]>(raw: Observable.zip(singles.map { $0.source }))
    }

    /// Succeeds with `resultSelector` of all their results, in order.
    public static func zip<Collection: Swift.Collection, Value>(
        _ singles: Collection, resultSelector: @escaping ([Value]) throws -> Element
    ) -> Single<Element> where Collection.Element == Single<Value> {
        Single<Value>.zip(singles).map(resultSelector)
    }

    /// Succeeds with `Maybe`'s element, or completes empty: the `Single` as a `Maybe`.
    @inlinable
    public func asMaybe() -> Maybe<Element> { Maybe(raw: source) }

    /// Completes when the `Single` succeeds, dropping the element.
    @inlinable
    public func asCompletable() -> Completable { Completable(raw: source.ignoreElements()) }
}

extension ObservableType {
    /// Exactly one element: fails with `RxError.noElements` or `.moreThanOneElement` otherwise.
    @inlinable
    public func asSingle() -> Single<Element> {
        Single(raw: exactlyOne(requireElement: true))
    }

    /// The first element, or nil when the sequence completes without one (as in RxSwift 6).
    @inlinable
    public func first() -> Single<Element?> {
        let source = asObservable()
        return Single(raw: Observable<Element?> { observer in
            let done = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !done.value else { return }
                switch event {
                case .next(let value):
                    done.value = true
                    observer.on(.next(value))
                    observer.on(.completed)
                case .error(let error):
                    done.value = true
                    observer.on(.error(error))
                case .completed:
                    done.value = true
                    observer.on(.next(nil))
                    observer.on(.completed)
                }
            })
        })
    }

    /// At most one element: fails with `RxError.moreThanOneElement` otherwise.
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: exactlyOne(requireElement: false))
    }


    @inlinable
    internal func exactlyOne(requireElement: Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let element = OperatorState<Element?>(nil)
            let done = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !done.value else { return }
                switch event {
                case .next(let value):
                    if element.value != nil {
                        done.value = true
                        observer.on(.error(RxError.moreThanOneElement))
                    } else {
                        element.value = value
                    }
                case .error(let error):
                    done.value = true
                    observer.on(.error(error))
                case .completed:
                    done.value = true
                    if let element = element.value {
                        observer.on(.next(element))
                        observer.on(.completed)
                    } else if requireElement {
                        observer.on(.error(RxError.noElements))
                    } else {
                        observer.on(.completed)
                    }
                }
            })
        }
    }
}

extension ObservableType where Element == Never {
    /// This sequence as a `Completable`. As in RxSwift, only a sequence without elements
    /// converts; call `ignoreElements()` first to drop them, so that dropping is visible
    /// (and a test observable made of `.completed` alone infers `Never`).
    @inlinable
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
