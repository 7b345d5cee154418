extension ObservableType {
    /// Emits each intermediate accumulation, starting from `seed`.
    @inlinable
    public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        scan(into: seed) { accumulate, element in accumulate = try accumulator(accumulate, element) }
    }

    /// Emits each intermediate accumulation, mutating it in place.
    @inlinable
    public func scan<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        let source = asObservable()
        return Observable { observer in
            let accumulate = OperatorState(seed)
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do {
                        try accumulator(&accumulate.value, element)
                        observer.on(.next(accumulate.value))
                    } catch {
                        stopped.value = true
                        observer.on(.error(error))
                    }
                case .error(let error):
                    stopped.value = true
                    observer.on(.error(error))
                case .completed:
                    stopped.value = true
                    observer.on(.completed)
                }
            })
        }
    }

    /// Emits the final accumulation, mapped by `mapResult`, when the sequence completes.
    @inlinable
    public func reduce<Accumulate, Result>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate, mapResult: @escaping (Accumulate) throws -> Result) -> Observable<Result> {
        reduce(into: seed, accumulator: { accumulate, element in accumulate = try accumulator(accumulate, element) }, mapResult: mapResult)
    }

    /// Emits the final accumulation when the sequence completes.
    @inlinable
    public func reduce<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) -> Observable<Accumulate> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }

    /// Emits all elements as one array when the sequence completes.
    @inlinable
    public func toArray() -> Single<[Element]> {
        Single(raw: reduce(into: [Element]()) { $0.append($1) })
    }

    /// Emits the final accumulation, mutated in place, when the sequence completes.
    @inlinable
    public func reduce<Accumulate>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) -> Observable<Accumulate> {
        reduce(into: seed, accumulator: accumulator, mapResult: { $0 })
    }

    /// The accumulation is mutated in place, never copied per element: collecting
    /// n elements into an array costs O(n), not O(n²).
    @inlinable
    internal func reduce<Accumulate, Result>(into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void, mapResult: @escaping (Accumulate) throws -> Result) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            let accumulate = OperatorState(seed)
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do { try accumulator(&accumulate.value, element) } catch {
                        stopped.value = true
                        observer.on(.error(error))
                    }
                case .error(let error):
                    stopped.value = true
                    observer.on(.error(error))
                case .completed:
                    stopped.value = true
                    do {
                        observer.on(.next(try mapResult(accumulate.value)))
                        observer.on(.completed)
                    } catch {
                        observer.on(.error(error))
                    }
                }
            })
        }
    }
}
