// Infallible's operators: each is the `Observable` operator of the same name, with
// closures that cannot throw and inner sequences that cannot fail, so the result
// keeps the guarantee.

extension InfallibleType {
    // MARK: Transforming and filtering

    /// The elements for which `predicate` holds.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Each element transformed.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Each element transformed, the nil results dropped.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Drops an element equal, by `comparer`, to the one before it.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops an element whose key equals, by `comparer`, the key of the one before it.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops an element whose key equals the key of the one before it.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops an element whose property at `keyPath` equals the one before it's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Accumulates, emitting each intermediate value.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Accumulates into a mutable value, emitting each intermediate value.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// `elements` first, then this sequence.
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements).concat(asObservable()))
    }

    /// Each element with `object`, held weakly; the sequence completes once it is gone.
    public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) -> Out) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Each element with `object`, held weakly; the sequence completes once it is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(object))
    }

    /// Each element combined with the latest element of `second`; elements before
    /// `second` has one are dropped.
    public func withLatestFrom<Second: InfallibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element of this sequence.
    public func withLatestFrom<Second: InfallibleType>(_ second: Second) -> Infallible<Second.Element> {
        Infallible(asObservable().withLatestFrom(second.asObservable()))
    }

    // MARK: Time

    /// An element once `dueTime` passes without a newer one.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// At most one element per `dueTime`: the first, and with `latest` the last of each window.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    // MARK: Flattening and combining

    /// The elements of every inner sequence, merged.
    public func flatMap<Inner: InfallibleType>(_ selector: @escaping (Element) -> Inner) -> Infallible<Inner.Element> {
        Infallible(asObservable().flatMap { selector($0).asObservable() })
    }

    /// The elements of the latest inner sequence only.
    public func flatMapLatest<Inner: InfallibleType>(_ selector: @escaping (Element) -> Inner) -> Infallible<Inner.Element> {
        Infallible(asObservable().flatMapLatest { selector($0).asObservable() })
    }

    /// The elements of an inner sequence, ignoring elements that arrive while one runs.
    public func flatMapFirst<Inner: InfallibleType>(_ selector: @escaping (Element) -> Inner) -> Infallible<Inner.Element> {
        Infallible(asObservable().flatMapFirst { selector($0).asObservable() })
    }

    /// The inner sequences one after another, in the order of their elements.
    public func concatMap<Inner: InfallibleType>(_ selector: @escaping (Element) -> Inner) -> Infallible<Inner.Element> {
        Infallible(asObservable().concatMap { selector($0).asObservable() })
    }

    /// This sequence, then `second`.
    public func concat<Second: InfallibleType>(_ second: Second) -> Infallible<Element> where Second.Element == Element {
        Infallible(asObservable().concat(second.asObservable()))
    }

    // MARK: Taking and skipping

    /// The first `count` elements.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// The elements within `duration` of subscribing.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Elements while `predicate` holds; `behavior` says whether the first that fails is kept.
    public func take(while predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Elements until `predicate` holds; `behavior` says whether that element is kept.
    public func take(until predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Elements until `other` emits or completes.
    public func take<Other: InfallibleType>(until other: Other) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Drops elements while `predicate` holds.
    public func skip(while predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Drops elements until `other` emits.
    public func skip<Other: InfallibleType>(until other: Other) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.asObservable()))
    }

    // MARK: Side effects and sharing

    /// Runs the closures at each event, before (`on…`) or after (`after…`) it is delivered,
    /// and at subscription and disposal.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ))
    }

    /// One subscription to this sequence shared by every subscriber, replaying the last
    /// `replay` elements to new ones.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Prints every event, subscription and disposal, prefixed with `identifier`.
    public func debug(_ identifier: String = "debug", trimOutput: Bool = false) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput))
    }
}

extension Infallible {
    /// The sequences one after another.
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Infallible<Element> where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// The sequences one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        concat(sources)
    }

    /// The elements of every sequence, merged.
    public static func merge<Sources: Collection>(_ sources: Sources) -> Infallible<Element> where Sources.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of every sequence, merged.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        merge(sources)
    }

    /// `resultSelector` of the latest element of every sequence, each time one emits
    /// once all have.
    public static func combineLatest<Sources: Collection>(_ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) -> Element) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(Observable.combineLatest(sources.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The latest element of every sequence, each time one emits once all have.
    public static func combineLatest<Sources: Collection>(_ sources: Sources) -> Infallible<[Element]> where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(sources.map { $0.asObservable() }))
    }

    /// `resultSelector` of the n-th element of every sequence.
    public static func zip<Sources: Collection>(_ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) -> Element) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(Observable.zip(sources.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The n-th element of every sequence, as an array.
    public static func zip<Sources: Collection>(_ sources: Sources) -> Infallible<[Element]> where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.zip(sources.map { $0.asObservable() }))
    }
}

extension InfallibleType {
    /// Sends every element to the relays.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to the relays.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to the relays.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every event to the observers.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }
}
