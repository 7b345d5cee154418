import Synchronization

extension Observable {
    /// Emits the elements one by one, then completes.
    ///
    /// By default the elements are produced on the current thread's trampoline
    /// (`CurrentThreadScheduler`): inside a subscription they flow once the whole
    /// chain is subscribed, one element per turn, as in RxSwift.
    @inlinable
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Emits the elements of `sequence` one by one, then completes.
    @inlinable
    public static func from<S: Sequence>(_ sequence: S, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> where S.Element == Element {
        generateSequence(scheduler: scheduler) {
            let iterator = OperatorState(sequence.makeIterator())
            return { iterator.value.next() }
        }
    }

    /// Emits the element of an optional, if any, then completes.
    @inlinable
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// Emits `element` forever (until disposed).
    @inlinable
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        generateSequence(scheduler: scheduler) { { element } }
    }

    /// Emits `initialState`, then each state produced by `iterate` while `condition` holds.
    @inlinable
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            let state = OperatorState(initialState)
            let first = OperatorState(true)
            let step: () throws -> Element? = {
                if !first.value { state.value = try iterate(state.value) }
                first.value = false
                return try condition(state.value) ? state.value : nil
            }
            return SequenceProducer.start(observer: observer, scheduler: scheduler, next: step)
        }
    }

    /// Produces elements from a fresh `next` function per subscription until it returns nil.
    @inlinable
    internal static func generateSequence(scheduler: ImmediateSchedulerType, makeNext: @escaping () -> () -> Element?) -> Observable<Element> {
        Observable { observer in
            SequenceProducer.start(observer: observer, scheduler: scheduler, next: makeNext())
        }
    }
}

extension Observable where Element: BinaryInteger {
    /// Emits `count` consecutive integers starting at `start`, then completes.
    @inlinable
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        precondition(count >= 0, "range: count must not be negative")
        return generateSequence(scheduler: scheduler) {
            let offset = OperatorState<Element>(0)
            return {
                guard offset.value < count else { return nil }
                defer { offset.value += 1 }
                return start + offset.value
            }
        }
    }
}

/// Emits one element per turn of its scheduler until `next` returns nil, fails or
/// the subscription is disposed.
@usableFromInline
internal final class SequenceProducer<Element>: TrampolineTask, Cancelable, @unchecked Sendable {
    @usableFromInline internal let observer: AnyObserver<Element>
    // Only the producing thread calls it.
    @usableFromInline internal let next: () throws -> Element?
    /// Raised by `dispose()`; kept in the producer itself, so that cancelling
    /// costs no object of its own.
    @usableFromInline internal let cancelled = Atomic<Bool>(false)
    /// `step`, compiled where the producer was made: the trampoline calls this
    /// task through a protocol, which would run `step` unspecialized and look the
    /// metadata of `Element?` and `Event<Element>` up for every element.
    @usableFromInline internal let stepper: (SequenceProducer<Element>) -> Bool

    @inlinable
    internal init(observer: AnyObserver<Element>, next: @escaping () throws -> Element?) {
        Resources.incrementTotal()
        self.observer = observer
        self.next = next
        stepper = { $0.step() }
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal static func start(observer: AnyObserver<Element>, scheduler: ImmediateSchedulerType, next: @escaping () throws -> Element?) -> Disposable {
        let producer = SequenceProducer(observer: observer, next: next)
        // The existential's type, compared as a pointer: an `is` test is a dynamic
        // cast through the run time.
        if ObjectIdentifier(type(of: scheduler)) == ObjectIdentifier(CurrentThreadScheduler.self) {
            // Fast path: this thread's trampoline, one element per turn.
            Trampoline.run { Trampoline.current.enqueue(producer) }
            return producer
        }
        let recursion = scheduler.scheduleRecursive(()) { _, recurse in
            if producer.step() { recurse(()) }
        }
        return BinaryDisposable(producer, recursion)
    }

    @usableFromInline
    internal var isDisposed: Bool { cancelled.load(ordering: .acquiring) }

    @usableFromInline
    internal func dispose() { cancelled.store(true, ordering: .releasing) }

    /// Emits one event; returns true when more may follow.
    @inlinable
    internal func step() -> Bool {
        guard !cancelled.load(ordering: .acquiring) else { return false }
        do {
            if let element = try next() {
                observer.on(.next(element))
                return true
            }
            observer.on(.completed)
        } catch {
            observer.on(.error(error))
        }
        return false
    }

    @usableFromInline
    internal func runTrampolined() {
        if stepper(self) { Trampoline.current.enqueue(self) }
    }
}
