extension ObservableType {
    /// Transforms each element; a throwing transform ends the sequence with its error.
    ///
    /// The error type is generic so that a transform that cannot fail (`Failure`
    /// is `Never`) compiles to a stage with no state and no error path: the
    /// upstream already keeps the grammar, and a long chain of maps stays cheap.
    @inlinable
    public func map<Result, Failure: Swift.Error>(_ transform: @escaping (Element) throws(Failure) -> Result) -> Observable<Result> {
        let source = asObservable()
        if Failure.self == Never.self {
            return Observable<Result> { observer in
                source.subscribeHandler(AnyObserver { event in
                    switch event {
                    case .next(let element):
                        do { observer.on(.next(try transform(element))) } catch { preconditionFailure("a Never-throwing transform threw") }
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
            }
        }
        return Observable<Result> { observer in
            // Only touched from event delivery, which is serial.
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do {
                        observer.on(.next(try transform(element)))
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

    /// Replaces every element with `value`.
    @inlinable
    public func map<Result>(to value: Result) -> Observable<Result> {
        map { _ in value }
    }

    /// Transforms each element and drops the nils.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        let source = asObservable()
        return Observable<Result> { observer in
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do {
                        if let result = try transform(element) { observer.on(.next(result)) }
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

    /// Keeps the elements for which `predicate` is true; a throwing predicate ends
    /// the sequence with its error. A predicate that cannot fail compiles to a
    /// stage with no state, as for ``map(_:)``.
    @inlinable
    public func filter<Failure: Swift.Error>(_ predicate: @escaping (Element) throws(Failure) -> Bool) -> Observable<Element> {
        let source = asObservable()
        if Failure.self == Never.self {
            return Observable<Element> { observer in
                source.subscribeHandler(AnyObserver { event in
                    if case .next(let element) = event {
                        do { guard try predicate(element) else { return } } catch { preconditionFailure("a Never-throwing predicate threw") }
                    }
                    observer.on(event)
                })
            }
        }
        return Observable<Element> { observer in
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do {
                        if try predicate(element) { observer.on(event) }
                    } catch {
                        stopped.value = true
                        observer.on(.error(error))
                    }
                case .error, .completed:
                    stopped.value = true
                    observer.on(event)
                }
            })
        }
    }

    /// Drops every element, keeping only the terminal event.
    @inlinable
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return Observable<Never> { observer in
            source.subscribeHandler(AnyObserver { event in
                switch event {
                case .next: break
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            })
        }
    }
}
