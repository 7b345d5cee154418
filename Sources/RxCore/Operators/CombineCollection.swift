@usableFromInline
internal enum IndexedCommand<Element> {
    case event(index: Int, Event<Element>)
}

/// `combineLatest` and `zip` over any number of sources of one element type.
@usableFromInline
internal final class CollectionCombineSink<Element, Result>: SerialDrain<IndexedCommand<Element>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Result>
    @usableFromInline internal let selector: ([Element]) throws -> Result
    @usableFromInline internal let zipping: Bool
    @usableFromInline internal let subscriptions = CompositeDisposable()
    @exclusivity(unchecked) @usableFromInline internal var latest: [Element?]
    @exclusivity(unchecked) @usableFromInline internal var queues: [ElementQueue<Element>]
    @exclusivity(unchecked) @usableFromInline internal var done: [Bool]
    /// Each source's subscription, so that a completed source is released at once.
    @exclusivity(unchecked) @usableFromInline internal var slots: [SingleAssignmentDisposable] = []
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    internal init(count: Int, zipping: Bool, downstream: AnyObserver<Result>, selector: @escaping ([Element]) throws -> Result) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.selector = selector
        self.zipping = zipping
        latest = Array(repeating: nil, count: count)
        queues = Array(repeating: ElementQueue(), count: count)
        done = Array(repeating: false, count: count)
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ sources: [Observable<Element>]) -> Disposable {
        if sources.isEmpty {
            // As in RxSwift: combining no sources gives the selector's result for the
            // empty row once; zipping them gives nothing.
            if !zipping { emit([]) }
            if !stopped { finish() }
            return self
        }
        slots = sources.map { _ in SingleAssignmentDisposable() }
        for slot in slots { subscriptions.insert(slot) }
        for (index, source) in sources.enumerated() {
            source.run(AnyObserver { event in self.submit(.event(index: index, event), to: self) { $0.process($1) } }, into: slots[index])
        }
        return self
    }

    @usableFromInline
    internal func dispose() { subscriptions.dispose() }

    @inlinable
    internal func process(_ command: IndexedCommand<Element>) {
        guard !stopped, case .event(let index, let event) = command else { return }
        switch event {
        case .next(let element):
            let ready: Bool
            if zipping {
                queues[index].append(element)
                ready = queues.allSatisfy { !$0.isEmpty }
                while !stopped && queues.allSatisfy({ !$0.isEmpty }) {
                    var row: [Element] = []
                    row.reserveCapacity(queues.count)
                    for queueIndex in queues.indices { row.append(queues[queueIndex].removeFirst()) }
                    emit(row)
                }
            } else {
                latest[index] = element
                ready = latest.allSatisfy { $0 != nil }
                if ready { emit(latest.map { $0! }) }
            }
            // Every other source has completed and one of them has nothing to pair
            // with: nothing can be emitted any more (RxSwift completes here too).
            if !ready && done.indices.allSatisfy({ $0 == index || done[$0] }) { finish() }
        case .error(let error):
            fail(error)
        case .completed:
            done[index] = true
            slots[index].dispose()
            // Done when every source is, as in RxSwift.
            if done.allSatisfy({ $0 }) { finish() }
        }
    }

    @inlinable
    internal func emit(_ row: [Element]) {
        do { downstream.on(.next(try selector(row))) } catch { fail(error) }
    }

    @inlinable
    internal func finish() {
        stopped = true
        downstream.on(.completed)
        subscriptions.dispose()
    }

    @inlinable
    internal func fail(_ error: Swift.Error) {
        stopped = true
        downstream.on(.error(error))
        subscriptions.dispose()
    }
}

extension Observable {
    /// Emits `resultSelector` of the latest element of every source, once all have emitted.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(_ sources: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
        let sources = sources.map { $0.asObservable() }
        return Observable { observer in
            CollectionCombineSink(count: sources.count, zipping: false, downstream: observer, selector: resultSelector).run(sources)
        }
    }

    /// Emits arrays of the latest element of every source, once all have emitted.
    @inlinable
    public static func combineLatest<Collection: Swift.Collection>(_ sources: Collection) -> Observable<[Element]> where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        Observable<[Element]>.combineLatest(sources) { $0 }
    }

    /// Emits `resultSelector` of the sources' elements paired by index.
    @inlinable
    public static func zip<Collection: Swift.Collection>(_ sources: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
        let sources = sources.map { $0.asObservable() }
        return Observable { observer in
            CollectionCombineSink(count: sources.count, zipping: true, downstream: observer, selector: resultSelector).run(sources)
        }
    }

    /// Emits arrays of the sources' elements paired by index.
    @inlinable
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Observable<[Element]> where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        Observable<[Element]>.zip(sources) { $0 }
    }
}
