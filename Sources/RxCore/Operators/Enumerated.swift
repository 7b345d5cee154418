extension ObservableType {
    /// Pairs each element with its position, counting from zero.
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable { observer in
            let index = OperatorState(0)
            let upstream = SingleAssignmentDisposable()
            source.run(AnyObserver { event in
                switch event {
                case .next(let element):
                    defer { index.value += 1 }
                    observer.on(.next((index: index.value, element: element)))
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }, into: upstream)
            return upstream
        }
    }
}
