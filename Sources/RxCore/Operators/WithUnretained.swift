extension ObservableType {
    /// Passes each element on with `object`, held weakly: once `object` is gone, the
    /// sequence completes instead of keeping it alive (RxSwift's `withUnretained`).
    @inlinable
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        let source = asObservable()
        return Observable { [weak object] observer in
            let stopped = OperatorState(false)
            let upstream = SingleAssignmentDisposable()
            source.run(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    guard let object else {
                        stopped.value = true
                        observer.on(.completed)
                        upstream.dispose()
                        return
                    }
                    observer.on(.next(resultSelector(object, element)))
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }, into: upstream)
            return upstream
        }
    }

    /// Pairs each element with `object`, held weakly; completes once it is gone.
    @inlinable
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}
