@usableFromInline
internal enum WithLatestFromCommand<Source, Second> {
    case source(Event<Source>)
    case second(Event<Second>)
}

@usableFromInline
internal final class WithLatestFromSink<Source, Second, Result>: SerialDrain<WithLatestFromCommand<Source, Second>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Result>
    @usableFromInline internal let selector: (Source, Second) throws -> Result
    @usableFromInline internal let subscriptions = CompositeDisposable()
    @exclusivity(unchecked) @usableFromInline internal var latest: Second?
    @exclusivity(unchecked) @usableFromInline internal var stopped = false
    /// Released as soon as `second` completes; its last element stays in use.
    @usableFromInline internal let secondSlot = SingleAssignmentDisposable()

    @inlinable
    internal init(downstream: AnyObserver<Result>, selector: @escaping (Source, Second) throws -> Result) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.selector = selector
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ source: Observable<Source>, _ second: Observable<Second>) -> Disposable {
        let sourceSlot = SingleAssignmentDisposable()
        subscriptions.insert(secondSlot)
        subscriptions.insert(sourceSlot)
        // The second source first, so that a value it has at once is there for the first element.
        second.run(AnyObserver { event in self.submit(.second(event), to: self) { $0.process($1) } }, into: secondSlot)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: sourceSlot)
        return self
    }

    @usableFromInline
    internal func dispose() { subscriptions.dispose() }

    @inlinable
    internal func process(_ command: WithLatestFromCommand<Source, Second>) {
        guard !stopped else { return }
        switch command {
        case .source(.next(let element)):
            guard let latest else { return }
            do { downstream.on(.next(try selector(element, latest))) } catch { stop(.error(error)) }
        case .source(.completed): stop(.completed)
        case .source(.error(let error)), .second(.error(let error)): stop(.error(error))
        case .second(.next(let element)): latest = element
        case .second(.completed): secondSlot.dispose()
        }
    }

    @inlinable
    internal func stop(_ event: Event<Result>) {
        stopped = true
        downstream.on(event)
        subscriptions.dispose()
    }
}

extension ObservableType {
    /// Combines each element with the latest element of `second`; elements before
    /// `second` has emitted are dropped.
    @inlinable
    public func withLatestFrom<Second: ObservableConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) throws -> Result) -> Observable<Result> {
        let source = asObservable(), second = second.asObservable()
        return Observable { observer in
            WithLatestFromSink(downstream: observer, selector: resultSelector).run(source, second)
        }
    }

    /// Replaces each element with the latest element of `second`.
    @inlinable
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }

    /// Emits the latest element of this sequence whenever `sampler` emits, if a new one arrived since the last sample.
    @inlinable
    public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable(), sampler = sampler.asObservable()
        return Observable { observer in
            SampleSink<Element, Sampler.Element>(downstream: observer, defaultValue: defaultValue).run(source, sampler)
        }
    }
}

@usableFromInline
internal final class SampleSink<Element, Tick>: SerialDrain<WithLatestFromCommand<Element, Tick>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let defaultValue: Element?
    @usableFromInline internal let subscriptions = CompositeDisposable()
    @usableFromInline internal let sourceSlot = SingleAssignmentDisposable()
    @exclusivity(unchecked) @usableFromInline internal var latest: Element?
    /// The source has completed: the next sample is the last.
    @exclusivity(unchecked) @usableFromInline internal var sourceEnded = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    internal init(downstream: AnyObserver<Element>, defaultValue: Element?) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.defaultValue = defaultValue
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ source: Observable<Element>, _ sampler: Observable<Tick>) -> Disposable {
        let samplerSlot = SingleAssignmentDisposable()
        subscriptions.insert(sourceSlot)
        subscriptions.insert(samplerSlot)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: sourceSlot)
        sampler.run(AnyObserver { event in self.submit(.second(event), to: self) { $0.process($1) } }, into: samplerSlot)
        return self
    }

    @usableFromInline
    internal func dispose() { subscriptions.dispose() }

    @inlinable
    internal func process(_ command: WithLatestFromCommand<Element, Tick>) {
        guard !stopped else { return }
        switch command {
        case .source(.next(let element)): latest = element
        case .source(.completed):
            // As in RxSwift: the source is released at once, and the result completes
            // at the sampler's next tick, after giving the element still held.
            sourceEnded = true
            sourceSlot.dispose()
        case .source(.error(let error)), .second(.error(let error)):
            stopped = true
            downstream.on(.error(error))
            subscriptions.dispose()
        case .second(.next), .second(.completed):
            // The sampler's completion samples once more; it ends the result only
            // once the source has ended too.
            if let value = latest ?? defaultValue {
                latest = nil
                downstream.on(.next(value))
            }
            if sourceEnded && !stopped {
                stopped = true
                downstream.on(.completed)
                subscriptions.dispose()
            }
        }
    }
}
