extension ObservableType {
    /// Transforms each element; a throwing transform ends the sequence with its error.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let source = asObservable()
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

    /// Keeps the elements for which `predicate` is true.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
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
