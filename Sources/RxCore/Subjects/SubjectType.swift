/// Something that is both an observable and an observer.
public protocol SubjectType: ObservableType {
    associatedtype Observer: ObserverType
    func asObserver() -> Observer
}

/// What a subject does with one command; the subject's commands are serialized by
/// its `SerialDrain`, so a subject's observer list is only ever touched by the
/// thread draining it, and needs no lock of its own.
@usableFromInline
internal enum SubjectCommand<Element> {
    case event(Event<Element>)
    case subscribe(key: UInt64, observer: AnyObserver<Element>)
    case unsubscribe(key: UInt64)
    case dispose
}

/// The disposable a subject hands to each subscriber.
@usableFromInline
internal final class SubjectSubscription<Element>: Disposable, @unchecked Sendable {
    @usableFromInline internal let key: UInt64
    @usableFromInline internal let unsubscribe: (UInt64) -> Void

    @inlinable
    internal init(key: UInt64, unsubscribe: @escaping (UInt64) -> Void) {
        self.key = key
        self.unsubscribe = unsubscribe
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func dispose() { unsubscribe(key) }
}

/// The ordered list of a subject's observers.
@usableFromInline
internal struct ObserverList<Element> {
    @usableFromInline internal var entries: ContiguousArray<(key: UInt64, observer: AnyObserver<Element>)> = []

    @inlinable internal init() {}

    @inlinable
    internal mutating func insert(_ key: UInt64, _ observer: AnyObserver<Element>) {
        entries.append((key, observer))
    }

    @inlinable
    internal mutating func remove(_ key: UInt64) {
        if let index = entries.firstIndex(where: { $0.key == key }) { entries.remove(at: index) }
    }

    @inlinable
    internal func send(_ event: Event<Element>) {
        for entry in entries { entry.observer.on(event) }
    }

    @inlinable
    internal var isEmpty: Bool { entries.isEmpty }
}
