import Synchronization

/// How a flattening operator treats a new inner sequence.
@usableFromInline
internal enum FlattenStrategy: Sendable {
    /// Subscribe to every inner sequence at once (`flatMap`, `merge`).
    case all
    /// Ignore new inner sequences while one is running (`flatMapFirst`).
    case first
    /// Drop the running inner sequence for the new one (`flatMapLatest`).
    case latest
    /// Run at most this many at once, queueing the rest in order (`concatMap`, `merge(maxConcurrent:)`).
    case limited(Int)
}

@usableFromInline
internal enum FlattenCommand<Source, Result> {
    case outer(Event<Source>)
    case inner(id: UInt64, Event<Result>)
}

/// What a `FlattenSink` remembers; touched only by the thread draining its commands.
@usableFromInline
internal struct FlattenState<Source, Result> {
    /// Running inner sequences by id, oldest first, with their subscription once stored.
    @usableFromInline var active = KeyedSlots<RunningInner>()
    /// Inner sequences waiting for a free slot (`.limited`), made by the selector
    /// when their element arrived, as in RxSwift.
    @usableFromInline var waiting = ElementQueue<Observable<Result>>()
    @usableFromInline var nextID: UInt64 = 0
    /// An inner observer no inner sequence holds any more, ready for the next one.
    @usableFromInline var spareObserver: FlattenInnerObserver<Source, Result>?
    @usableFromInline var outerCompleted = false
    @usableFromInline var stopped = false

    @inlinable init() {}
}

/// A running inner sequence's subscription in the sink's group, once stored.
@usableFromInline
internal struct RunningInner {
    @usableFromInline var key: CompositeDisposable.DisposeKey?
    @inlinable init(key: CompositeDisposable.DisposeKey?) { self.key = key }
}

/// The sink behind `flatMap`, `flatMapFirst`, `flatMapLatest`, `concatMap`,
/// `merge` and `concat`. All of its state is touched only while draining, so
/// events from the outer and inner sequences, on any threads, are serialized.
///
/// An inner sequence that emits while it is being subscribed (`just`, a subject
/// with a current value) is handled on the spot rather than queued: the draining
/// thread is the one subscribing, and the state is consistent at that point. An
/// inner that has completed by the time its subscription returns is never stored.
@usableFromInline
internal final class FlattenSink<Source, Result>: SerialDrain<FlattenCommand<Source, Result>>, Disposable, @unchecked Sendable {
    @usableFromInline internal let downstream: AnyObserver<Result>
    @usableFromInline internal let selector: (Source) throws -> Observable<Result>
    @usableFromInline internal let strategy: FlattenStrategy
    /// The outer subscription, released as soon as the outer sequence completes.
    @usableFromInline internal let outer = SingleAssignmentDisposable()
    /// The inner subscriptions.
    @usableFromInline internal let subscriptions = CompositeDisposable()
    @usableFromInline internal let state = UnsafeCell(FlattenState<Source, Result>())
    /// The draining thread while it subscribes an inner sequence, else 0.
    @usableFromInline internal let subscribingThread = Atomic<UInt>(0)

    @inlinable
    internal init(downstream: AnyObserver<Result>, strategy: FlattenStrategy, selector: @escaping (Source) throws -> Observable<Result>) {
        Resources.incrementTotal()
        self.downstream = downstream
        self.strategy = strategy
        self.selector = selector
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ source: Observable<Source>) -> Disposable {
        source.run(AnyObserver { event in self.submit(.outer(event), to: self) { $0.process($1) } }, into: outer)
        return self
    }

    @usableFromInline
    internal func dispose() {
        outer.dispose()
        subscriptions.dispose()
    }

    @inlinable
    internal func process(_ command: FlattenCommand<Source, Result>) {
        let state = self.state.pointer
        guard !state.pointee.stopped else { return }
        switch command {
        case .outer(.next(let element)):
            switch strategy {
            case .all:
                subscribeInner(element)
            case .first:
                if state.pointee.active.isEmpty { subscribeInner(element) }
            case .latest:
                // One at most runs; taken out before it is disposed, and without
                // building an array of them.
                while let entry = state.pointee.active.removeLast() {
                    if let key = entry.key { subscriptions.remove(for: key) }
                }
                subscribeInner(element)
            case .limited(let limit):
                if state.pointee.active.count < limit {
                    subscribeInner(element)
                } else {
                    // Mapped now: a selector that throws fails the result at this
                    // element, not when its turn comes.
                    do { state.pointee.waiting.append(try selector(element)) } catch { fail(error) }
                }
            }
        case .outer(.error(let error)):
            fail(error)
        case .outer(.completed):
            state.pointee.outerCompleted = true
            outer.dispose()
            completeIfDone()
        case .inner(let id, .next(let element)):
            if isActive(id) { downstream.on(.next(element)) }
        case .inner(let id, .error(let error)):
            if isActive(id) { fail(error) }
        case .inner(let id, .completed):
            guard let entry = state.pointee.active.remove(id) else { return }
            if let key = entry.key { subscriptions.remove(for: key) }
            innerEnded()
        }
    }

    /// An inner sequence completed: start the next waiting one, or complete if
    /// nothing is left.
    @inlinable
    internal func innerEnded() {
        let state = self.state.pointer
        if !state.pointee.waiting.isEmpty {
            subscribe(state.pointee.waiting.removeFirst())
        } else {
            completeIfDone()
        }
    }

    @inlinable
    internal func isActive(_ id: UInt64) -> Bool {
        state.pointer.pointee.active.contains(id)
    }

    @inlinable
    internal func subscribeInner(_ element: Source) {
        let inner: Observable<Result>
        do { inner = try selector(element) } catch {
            fail(error)
            return
        }
        subscribe(inner)
    }

    @inlinable
    internal func subscribe(_ inner: Observable<Result>) {
        let state = self.state.pointer
        if let scalar = inner.scalar {
            // A `just`: what subscribing would do — its element, then its completion,
            // at once — without an observer, a subscription or the trampoline. It is
            // never among the running inners: nothing can look at them while it runs
            // (other events wait for the drain), and it has ended when it returns.
            downstream.on(.next(scalar.element))
            if !state.pointee.stopped { innerEnded() }
            return
        }
        let id = state.pointee.nextID
        state.pointee.nextID += 1
        state.pointee.active.append(RunningInner(key: nil), for: id)
        let thread = currentThreadIdentity()
        // Only the draining thread writes it, so a load and a store do (no locked exchange).
        let previous = subscribingThread.load(ordering: .relaxed)
        subscribingThread.store(thread, ordering: .relaxed)
        let innerObserver = takeInnerObserver(id: id)
        // The subscription goes straight into a consuming parameter: held in a
        // local first, it was copied on its way into the group (a copy of an
        // existential retains what it holds, to release it again after).
        keep(Trampoline.runReturning(inner.subscribeHandler, AnyObserver(eventHandler: innerObserver.on)),
             of: id, observer: consume innerObserver, subscribingThread: previous)
    }

    /// What follows an inner sequence's subscription: the subscribing thread
    /// restored, its observer kept or made spare, and the subscription stored
    /// unless the inner already ended.
    @inlinable
    internal func keep(_ subscription: consuming Disposable, of id: UInt64,
                       observer innerObserver: consuming FlattenInnerObserver<Source, Result>, subscribingThread previous: UInt) {
        let state = self.state.pointer
        subscribingThread.store(previous, ordering: .relaxed)
        if isKnownUniquelyReferenced(&innerObserver) {
            // The inner let go of its observer (`just`, `empty`): nothing can call it
            // any more, and the next inner may use it.
            state.pointee.spareObserver = consume innerObserver
        } else {
            // The inner kept it: from now on it must keep this sink alive.
            innerObserver.owner = self
        }
        guard state.pointee.active.contains(id) else {
            // It already ended (or was replaced): nothing to keep.
            subscription.dispose()
            return
        }
        state.pointee.active.update(RunningInner(key: subscriptions.insert(consume subscription)), for: id)
    }

    /// The spare inner observer, or a new one, set up for inner sequence `id`.
    @inlinable
    internal func takeInnerObserver(id: UInt64) -> FlattenInnerObserver<Source, Result> {
        let state = self.state.pointer
        guard let spare = state.pointee.spareObserver else { return FlattenInnerObserver(sink: self, id: id) }
        state.pointee.spareObserver = nil
        spare.id = id
        return spare
    }

    @inlinable
    internal func completeIfDone() {
        let state = self.state.pointer
        if state.pointee.outerCompleted && state.pointee.active.isEmpty && state.pointee.waiting.isEmpty {
            state.pointee.stopped = true
            downstream.on(.completed)
            dispose()
        }
    }

    @inlinable
    internal func fail(_ error: Swift.Error) {
        state.value.stopped = true
        downstream.on(.error(error))
        dispose()
    }
}

/// The observer a `FlattenSink` hands one inner sequence: it tags the inner's
/// events with the inner's id.
///
/// One object rather than a closure capturing the sink and the id, so that it can
/// be reused: when an inner sequence keeps no reference to its observer once its
/// subscription returns (`just`, `empty`, anything that ended at once), nothing can
/// call that observer again, and the sink hands it to the next inner instead of
/// allocating another. A synchronous inner thus costs no allocation and no
/// reference counting of the sink.
@usableFromInline
internal final class FlattenInnerObserver<Source, Result> {
    /// Read on every event without reference counting. While an inner is being
    /// subscribed the sink is running (so alive); an observer that an inner keeps
    /// beyond that holds the sink through `owner`. A spare observer holds no strong
    /// reference, so the sink and its spare form no cycle.
    @usableFromInline internal let sink: Unmanaged<FlattenSink<Source, Result>>
    /// Set once an inner sequence kept this observer past its subscription.
    @exclusivity(unchecked) @usableFromInline internal var owner: FlattenSink<Source, Result>?
    @exclusivity(unchecked) @usableFromInline internal var id: UInt64

    @inlinable
    internal init(sink: FlattenSink<Source, Result>, id: UInt64) {
        self.sink = Unmanaged.passUnretained(sink)
        self.id = id
    }

    @inlinable
    internal func on(_ event: Event<Result>) {
        let id = self.id
        sink._withUnsafeGuaranteedRef { sink in
            if sink.subscribingThread.load(ordering: .relaxed) == currentThreadIdentity() {
                sink.process(.inner(id: id, event))
            } else {
                sink.submit(.inner(id: id, event), to: sink) { $0.process($1) }
            }
        }
    }
}

extension ObservableType {
    @inlinable
    internal func flatten<Result>(_ strategy: FlattenStrategy, _ selector: @escaping (Element) throws -> Observable<Result>) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            FlattenSink(downstream: observer, strategy: strategy, selector: selector).run(source)
        }
    }

    /// Subscribes to the sequence made from each element and merges their elements.
    @inlinable
    public func flatMap<Result: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Result) -> Observable<Result.Element> {
        flatten(.all) { try selector($0).asObservable() }
    }

    /// Like `flatMap`, but ignores elements that arrive while an inner sequence runs.
    @inlinable
    public func flatMapFirst<Result: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Result) -> Observable<Result.Element> {
        flatten(.first) { try selector($0).asObservable() }
    }

    /// Like `flatMap`, but each element replaces the running inner sequence.
    @inlinable
    public func flatMapLatest<Result: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Result) -> Observable<Result.Element> {
        flatten(.latest) { try selector($0).asObservable() }
    }

    /// Like `flatMap`, but runs the inner sequences one after another, in order.
    @inlinable
    public func concatMap<Result: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Result) -> Observable<Result.Element> {
        flatten(.limited(1)) { try selector($0).asObservable() }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the inner sequences.
    @inlinable
    public func merge() -> Observable<Element.Element> {
        flatten(.all) { $0.asObservable() }
    }

    /// Merges the inner sequences, at most `maxConcurrent` at a time.
    @inlinable
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "merge: maxConcurrent must be positive")
        return flatten(.limited(maxConcurrent)) { $0.asObservable() }
    }

    /// Runs the inner sequences one after another.
    @inlinable
    public func concat() -> Observable<Element.Element> {
        flatten(.limited(1)) { $0.asObservable() }
    }

    /// Mirrors the latest inner sequence.
    @inlinable
    public func switchLatest() -> Observable<Element.Element> {
        flatten(.latest) { $0.asObservable() }
    }
}

extension Observable {
    /// Merges the sequences' elements as they arrive.
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable<Observable<Element>>.from(Array(sources)).merge()
    }

    /// Merges the sequences' elements as they arrive.
    @inlinable
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// Runs the sequences one after another.
    @inlinable
    public static func concat<S: Sequence>(_ sources: S) -> Observable<Element> where S.Element == Observable<Element> {
        Observable<Observable<Element>>.from(Array(sources)).concat()
    }

    /// Runs the sequences one after another.
    @inlinable
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

extension ObservableType {
    /// This sequence, then `second`.
    @inlinable
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Emits `elements` first, then this sequence.
    @inlinable
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            for element in elements { observer.on(.next(element)) }
            return source.subscribeHandler(observer)
        }
    }
}
