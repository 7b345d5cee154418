extension ObservableType {
    /// Drops elements equal (by `comparer`) to the one before.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops elements whose key (by `keySelector`) equals the previous element's key.
    @inlinable
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let previous = OperatorState<Key?>(nil)
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                guard case .next(let element) = event else {
                    stopped.value = true
                    observer.on(event)
                    return
                }
                do {
                    let key = try keySelector(element)
                    if let previous = previous.value, try comparer(previous, key) { return }
                    previous.value = key
                    observer.on(event)
                } catch {
                    stopped.value = true
                    observer.on(.error(error))
                }
            })
        }
    }

    /// Drops elements whose key equals the previous element's key.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops elements whose property at `keyPath` equals the previous element's.
    @inlinable
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}

extension ObservableType where Element: Equatable {
    /// Drops elements equal to the one before.
    @inlinable
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}
