/// Replays past elements to each new subscriber, then sends live events.
/// Thread-safe.
public final class ReplaySubject<Element>: ObservableType, ObserverType, SubjectType, Cancelable, @unchecked Sendable {
    @usableFromInline internal let core: ReplaySubjectCore<Element>

    private init(bufferSize: Int?) {
        core = ReplaySubjectCore(bufferSize: bufferSize)
    }

    /// Replays at most `bufferSize` of the latest elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
        return ReplaySubject(bufferSize: bufferSize)
    }

    /// Replays every element ever sent.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    public var hasObservers: Bool { core.observerCount.load(ordering: .relaxed) > 0 }
    public var isDisposed: Bool { core.disposedFlag.load(ordering: .acquiring) }

    @inlinable
    public func on(_ event: Event<Element>) { core.send(event) }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    @inlinable
    public func asObservable() -> Observable<Element> {
        let core = self.core
        return Observable { observer in core.add(observer) }
    }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

    public func dispose() { core.disposeSubject() }
}

@usableFromInline
internal final class ReplaySubjectCore<Element>: SubjectBase<Element>, @unchecked Sendable {
    @usableFromInline internal let bufferSize: Int?
    // Touched only while draining. A ring would save copies; an array with a
    // moving start is simpler and amortized O(1).
    @usableFromInline internal var buffer: [Element] = []
    @usableFromInline internal var start = 0

    @usableFromInline
    init(bufferSize: Int?) {
        self.bufferSize = bufferSize
        super.init()
    }

    @usableFromInline
    override internal func record(_ event: Event<Element>) {
        guard case .next(let value) = event else { return }
        guard let bufferSize else {
            buffer.append(value)
            return
        }
        guard bufferSize > 0 else { return }
        buffer.append(value)
        if buffer.count - start > bufferSize { start += 1 }
        if start > 64 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    @usableFromInline
    override internal func replay(to observer: AnyObserver<Element>) {
        for index in start..<buffer.count { observer.on(.next(buffer[index])) }
    }

    @usableFromInline
    override internal func clearBuffer() {
        buffer = []
        start = 0
    }
}
