extension ObservableType {
    /// Emits `element` if the sequence completes without elements.
    @inlinable
    public func ifEmpty(default element: Element) -> Observable<Element> {
        ifEmpty(switchTo: .just(element))
    }

    /// Continues with `other` if the sequence completes without elements.
    @inlinable
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let subscription = SerialDisposable()
            let empty = OperatorState(true)
            let upstream = SingleAssignmentDisposable()
            subscription.disposable = upstream
            source.run(AnyObserver { event in
                switch event {
                case .next:
                    empty.value = false
                    observer.on(event)
                case .error:
                    observer.on(event)
                case .completed:
                    guard empty.value else {
                        observer.on(event)
                        return
                    }
                    let next = SingleAssignmentDisposable()
                    subscription.disposable = next
                    other.run(observer, into: next)
                }
            }, into: upstream)
            return subscription
        }
    }

    /// Fails with `error` if the sequence completes without elements.
    @inlinable
    public func ifEmpty(throw error: Swift.Error) -> Observable<Element> {
        ifEmpty(switchTo: .error(error))
    }
}

extension ObservableType {
    /// Mirrors whichever of the sources sends the first event, and drops the others.
    @inlinable
    public func amb<Other: ObservableConvertibleType>(_ other: Other) -> Observable<Element> where Other.Element == Element {
        Observable.amb([asObservable(), other.asObservable()])
    }
}

extension Observable {
    /// Mirrors whichever of the sources sends the first event, and drops the others.
    @inlinable
    public static func amb<S: Sequence>(_ sources: S) -> Observable<Element> where S.Element == Observable<Element> {
        let sources = Array(sources)
        return Observable { observer in
            AmbSink(downstream: observer).run(sources)
        }
    }
}

@usableFromInline
internal final class AmbSink<Element>: SerialDrain<IndexedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Element>
    @exclusivity(unchecked) @usableFromInline internal var slots: [SingleAssignmentDisposable] = []
    @exclusivity(unchecked) @usableFromInline internal var winner: Int?
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    internal init(downstream: AnyObserver<Element>) {
        Resources.incrementTotal()
        self.downstream = downstream
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ sources: [Observable<Element>]) -> Disposable {
        if sources.isEmpty {
            downstream.on(.completed)
            return self
        }
        slots = sources.map { _ in SingleAssignmentDisposable() }
        for (index, source) in sources.enumerated() {
            source.run(AnyObserver { event in self.submit(.event(index: index, event), to: self) { $0.process($1) } }, into: slots[index])
        }
        return self
    }

    @usableFromInline
    internal func dispose() {
        submit(.event(index: -1, .completed), to: self) { $0.process($1) }
    }

    @inlinable
    internal func process(_ command: IndexedCommand<Element>) {
        guard case .event(let index, let event) = command else { return }
        if index < 0 {
            // Disposal, serialized with the events so that `slots` is never read while written.
            stopped = true
            for slot in slots { slot.dispose() }
            return
        }
        guard !stopped else { return }
        if winner == nil {
            winner = index
            for (other, slot) in slots.enumerated() where other != index { slot.dispose() }
        }
        guard winner == index else { return }
        if event.isStopEvent { stopped = true }
        downstream.on(event)
    }
}
