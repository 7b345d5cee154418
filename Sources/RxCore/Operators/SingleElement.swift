extension ObservableType {
    /// Passes on the one element as it arrives; fails with `RxError.moreThanOneElement`
    /// at a second one, and with `RxError.noElements` if the source completes empty.
    @inlinable
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Like `single()`, counting only the elements that satisfy `predicate`.
    @inlinable
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let seen = OperatorState(false)
            let stopped = OperatorState(false)
            let upstream = SingleAssignmentDisposable()
            func stop(_ event: Event<Element>) {
                stopped.value = true
                observer.on(event)
                upstream.dispose()
            }
            source.run(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next(let element):
                    do {
                        guard try predicate(element) else { return }
                    } catch {
                        return stop(.error(error))
                    }
                    if seen.value { return stop(.error(RxError.moreThanOneElement)) }
                    seen.value = true
                    observer.on(.next(element))
                case .error:
                    stop(event)
                case .completed:
                    stop(seen.value ? .completed : .error(RxError.noElements))
                }
            }, into: upstream)
            return upstream
        }
    }
}
