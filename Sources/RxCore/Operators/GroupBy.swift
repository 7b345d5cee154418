/// The elements of one key, from `groupBy`. A value; subscribe from any thread.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// What the group's elements have in common.
    public let key: Key
    @usableFromInline internal let source: Observable<Element>

    @inlinable
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { source }
}

extension GroupedObservable: @unchecked Sendable {}

extension ObservableType {
    /// Splits the elements by `keySelector`: a new group is emitted the first time its
    /// key appears, and every element goes to its group. The source stays subscribed
    /// while the result or any group is, as in RxSwift; its end, or a throwing
    /// `keySelector`, ends every group and the result.
    @inlinable
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            let refCount = RefCountDisposable(disposable: upstream)
            let groups = OperatorState<[Key: PublishSubject<Element>]>([:])
            let stopped = OperatorState(false)
            func end(_ event: Event<Element>) {
                stopped.value = true
                for group in groups.value.values { group.on(event) }
                switch event {
                case .error(let error): observer.on(.error(error))
                default: observer.on(.completed)
                }
                upstream.dispose()
            }
            source.run(AnyObserver { event in
                guard !stopped.value else { return }
                guard case .next(let element) = event else { return end(event) }
                let key: Key
                do { key = try keySelector(element) } catch { return end(.error(error)) }
                if let group = groups.value[key] { return group.on(.next(element)) }
                let group = PublishSubject<Element>()
                groups.value[key] = group
                // A group's subscriber keeps the source subscribed.
                let members = Observable<Element> { member in
                    BinaryDisposable(refCount.retain(), group.asObservable().subscribeHandler(member))
                }
                observer.on(.next(GroupedObservable(key: key, source: members)))
                group.on(.next(element))
            }, into: upstream)
            return refCount
        }
    }
}
