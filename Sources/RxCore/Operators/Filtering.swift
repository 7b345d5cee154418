extension ObservableType {
    /// The first `count` elements, then completes.
    @inlinable
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take: count must not be negative")
        let source = asObservable()
        return Observable { observer in
            if count == 0 {
                observer.on(.completed)
                return NopDisposable()
            }
            let remaining = OperatorState(count)
            return source.subscribeHandler(AnyObserver { event in
                guard remaining.value > 0 else { return }
                switch event {
                case .next:
                    remaining.value -= 1
                    observer.on(event)
                    if remaining.value == 0 { observer.on(.completed) }
                case .error, .completed:
                    remaining.value = 0
                    observer.on(event)
                }
            })
        }
    }

    /// Elements while `predicate` holds; completes at the first that fails it
    /// (`.inclusive` also emits that one).
    @inlinable
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                guard case .next(let element) = event else {
                    stopped.value = true
                    observer.on(event)
                    return
                }
                do {
                    if try predicate(element) {
                        observer.on(event)
                    } else {
                        stopped.value = true
                        if behavior == .inclusive { observer.on(event) }
                        observer.on(.completed)
                    }
                } catch {
                    stopped.value = true
                    observer.on(.error(error))
                }
            })
        }
    }

    /// Elements until `predicate` holds; completes at the first that satisfies it
    /// (`.inclusive` also emits that one).
    @inlinable
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }

    /// Elements until `other` emits an element (or fails, which fails this too).
    @inlinable
    public func take<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        let source = asObservable(), trigger = other.asObservable()
        return Observable { observer in
            UntilTriggerSink<Element, Other.Element>(.take, downstream: observer).run(source, trigger)
        }
    }

    /// The last `count` elements, emitted when the sequence completes.
    @inlinable
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast: count must not be negative")
        let source = asObservable()
        return Observable { observer in
            let buffer = OperatorState(ElementQueue<Element>())
            return source.subscribeHandler(AnyObserver { event in
                switch event {
                case .next(let element):
                    guard count > 0 else { return }
                    buffer.value.append(element)
                    if buffer.value.count > count { _ = buffer.value.removeFirst() }
                case .error:
                    observer.on(event)
                case .completed:
                    while !buffer.value.isEmpty { observer.on(.next(buffer.value.removeFirst())) }
                    observer.on(.completed)
                }
            })
        }
    }

    /// Drops the first `count` elements.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "skip: count must not be negative")
        let source = asObservable()
        return Observable { observer in
            let remaining = OperatorState(count)
            return source.subscribeHandler(AnyObserver { event in
                if case .next = event, remaining.value > 0 {
                    remaining.value -= 1
                    return
                }
                observer.on(event)
            })
        }
    }

    /// Drops elements while `predicate` holds, then lets everything through.
    @inlinable
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let skipping = OperatorState(true)
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                if skipping.value, case .next(let element) = event {
                    do {
                        if try predicate(element) { return }
                        skipping.value = false
                    } catch {
                        stopped.value = true
                        observer.on(.error(error))
                        return
                    }
                }
                observer.on(event)
            })
        }
    }

    /// Drops elements until `other` emits an element.
    @inlinable
    public func skip<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        let source = asObservable(), trigger = other.asObservable()
        return Observable { observer in
            UntilTriggerSink<Element, Other.Element>(.skip, downstream: observer).run(source, trigger)
        }
    }

    /// The element at `index`, then completes; fails with `RxError.argumentOutOfRange`
    /// if the sequence is shorter.
    @inlinable
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:): index must not be negative")
        let source = asObservable()
        return Observable { observer in
            let remaining = OperatorState(index)
            let stopped = OperatorState(false)
            return source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                switch event {
                case .next:
                    if remaining.value == 0 {
                        stopped.value = true
                        observer.on(event)
                        observer.on(.completed)
                    } else {
                        remaining.value -= 1
                    }
                case .error:
                    stopped.value = true
                    observer.on(event)
                case .completed:
                    stopped.value = true
                    observer.on(.error(RxError.argumentOutOfRange))
                }
            })
        }
    }
}

/// Whether `take(while:)`/`take(until:)` emit the element that ends them.
public enum TakeBehavior: Sendable {
    case inclusive
    case exclusive
}

/// The sink behind `take(until:)` and `skip(until:)`: a source and a trigger whose
/// events are serialized through one drain. The trigger's first element ends the
/// sequence (`take`) or opens it (`skip`); a trigger that completes without an
/// element is released at once, since it can no longer change anything.
@usableFromInline
internal final class UntilTriggerSink<Element, Trigger>: SerialDrain<WithLatestFromCommand<Element, Trigger>>, Disposable, @unchecked Sendable {
    @usableFromInline
    internal enum Mode: Sendable {
        /// Source elements until the trigger fires, then completion.
        case take
        /// Source elements from the moment the trigger fires.
        case skip
    }

    @usableFromInline internal let mode: Mode
    @usableFromInline internal let downstream: AnyObserver<Element>
    @usableFromInline internal let subscriptions = CompositeDisposable()
    @usableFromInline internal let triggerSlot = SingleAssignmentDisposable()
    // Touched only by the thread draining the commands.
    @exclusivity(unchecked) @usableFromInline internal var triggered = false
    @exclusivity(unchecked) @usableFromInline internal var stopped = false

    @inlinable
    internal init(_ mode: Mode, downstream: AnyObserver<Element>) {
        Resources.incrementTotal()
        self.mode = mode
        self.downstream = downstream
        super.init()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func run(_ source: Observable<Element>, _ trigger: Observable<Trigger>) -> Disposable {
        let sourceSlot = SingleAssignmentDisposable()
        subscriptions.insert(triggerSlot)
        subscriptions.insert(sourceSlot)
        trigger.run(AnyObserver { event in self.submit(.second(event), to: self) { $0.process($1) } }, into: triggerSlot)
        source.run(AnyObserver { event in self.submit(.source(event), to: self) { $0.process($1) } }, into: sourceSlot)
        return self
    }

    @usableFromInline
    internal func dispose() { subscriptions.dispose() }

    @inlinable
    internal func process(_ command: WithLatestFromCommand<Element, Trigger>) {
        guard !stopped else { return }
        switch command {
        case .source(let event):
            switch (mode, event) {
            case (.take, .next):
                downstream.on(event)
            case (.skip, .next):
                if triggered { downstream.on(event) }
            case (.skip, .completed) where !triggered:
                // As in RxSwift, skip(until:) forwards completion only once the
                // trigger has fired; errors always.
                stop(nil)
            default:
                stop(event)
            }
        case .second(.next):
            switch mode {
            case .take:
                stop(.completed)
            case .skip:
                triggered = true
                triggerSlot.dispose()
            }
        case .second(.error(let error)):
            stop(.error(error))
        case .second(.completed):
            triggerSlot.dispose()
        }
    }

    /// Ends the sequence with `event` (or silently) and releases both subscriptions.
    @inlinable
    internal func stop(_ event: Event<Element>?) {
        stopped = true
        if let event { downstream.on(event) }
        subscriptions.dispose()
    }
}
