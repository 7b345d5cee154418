extension ObservableType {
    /// Pairs each element with its position, counting from zero.
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable { observer in
            var index = 0
            let upstream = SingleAssignmentDisposable()
            source.run(AnyObserver { event in
                switch event {
                case .next(let element):
                    defer { index += 1 }
                    observer.on(.next((index: index, element: element)))
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }, into: upstream)
            return upstream
        }
    }
}
