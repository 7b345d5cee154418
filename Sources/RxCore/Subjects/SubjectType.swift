/// Something that is both an observable and an observer. The core's subjects may
/// be used from any thread (see `PublishSubject`).
public protocol SubjectType: ObservableType {
    associatedtype Observer: ObserverType
    func asObserver() -> Observer
}

/// What a subject does with one command. A subject's commands are serialized by
/// its `SerialDrain`, so its observer list is only ever touched by the thread
/// draining it and needs no lock of its own.
@usableFromInline
internal enum SubjectCommand<Element> {
    case event(Event<Element>)
    case subscribe(key: UInt64, observer: AnyObserver<Element>)
    case unsubscribe(key: UInt64)
    case dispose
}

/// The disposable a subject hands to each subscriber.
///
/// It refers to the subject weakly, so that a subject nobody holds any more is
/// freed with its observers even if their subscriptions are never disposed (as
/// RxSwift users expect). The weak reference points at the `SubjectLifetime`, not
/// at the core: an object with weak references counts its references on a slow
/// path, and the core is retained and released on every event.
@usableFromInline
internal final class SubjectSubscription<Element>: Disposable, @unchecked Sendable {
    @usableFromInline internal let key: UInt64
    @usableFromInline internal weak var subject: SubjectLifetime<Element>?

    @inlinable
    internal init(key: UInt64, subject: SubjectLifetime<Element>) {
        self.key = key
        self.subject = subject
        Resources.incrementTotal()
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func dispose() { subject?.core.remove(key) }
}

/// Lives exactly as long as the subject's public object; see ``SubjectSubscription``.
/// While it lives, the core it holds can receive events; once it is gone, no one
/// can send the core anything, and a stale observer entry is harmless until the
/// core is freed with the last observable made from it.
@usableFromInline
internal final class SubjectLifetime<Element>: @unchecked Sendable {
    @usableFromInline internal let core: SubjectCore<Element>

    @usableFromInline
    internal init(core: SubjectCore<Element>) {
        self.core = core
    }
}

/// A subject's observers in subscription order.
///
/// The common case of one observer is kept inline, as RxSwift's `Bag` does.
/// Removal from a longer list leaves a hole that later compaction closes, so that
/// disposing many subscriptions costs O(log n) each rather than a shift of the
/// whole list.
@usableFromInline
internal struct ObserverList<Element> {
    @usableFromInline
    internal struct Entry {
        @usableFromInline var key: UInt64
        @usableFromInline var observer: AnyObserver<Element>?
        @inlinable init(key: UInt64, observer: AnyObserver<Element>?) {
            self.key = key
            self.observer = observer
        }
    }

    /// The only observer, while there is exactly one and `entries` is empty.
    @usableFromInline internal var single: Entry?
    @usableFromInline internal var entries: ContiguousArray<Entry> = []
    @usableFromInline internal var holes = 0

    @inlinable internal init() {}

    @inlinable internal var count: Int { (single == nil ? 0 : 1) + entries.count - holes }

    @inlinable
    internal mutating func insert(_ key: UInt64, _ observer: AnyObserver<Element>) {
        if single == nil && entries.isEmpty {
            single = Entry(key: key, observer: observer)
            return
        }
        if let first = single {
            entries.append(first)
            single = nil
        }
        entries.append(Entry(key: key, observer: observer))
    }

    /// Returns true when the key was present.
    @inlinable @discardableResult
    internal mutating func remove(_ key: UInt64) -> Bool {
        if let first = single {
            guard first.key == key else { return false }
            single = nil
            return true
        }
        guard let index = index(of: key), entries[index].observer != nil else { return false }
        entries[index].observer = nil
        holes += 1
        if holes == entries.count {
            entries.removeAll()
            holes = 0
        } else if holes > 16 && holes * 2 > entries.count {
            entries.removeAll { $0.observer == nil }
            holes = 0
        }
        return true
    }

    /// Keys are handed out in increasing order and almost always inserted in that
    /// order, so a binary search finds them; a linear scan covers the rare rest.
    @inlinable
    internal func index(of key: UInt64) -> Int? {
        var low = 0, high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = entries[middle].key
            if candidate == key { return middle }
            if candidate < key { low = middle + 1 } else { high = middle - 1 }
        }
        return entries.firstIndex { $0.key == key }
    }

    /// Sends to every observer, in order. The list is not changed meanwhile: a
    /// subject processes one command at a time, and commands issued from inside an
    /// observer wait their turn.
    @inlinable
    internal func send(_ event: Event<Element>) {
        if let first = single {
            first.observer.unsafelyUnwrapped.on(event)
            return
        }
        entries.withUnsafeBufferPointer { buffer in
            for entry in buffer { entry.observer?.on(event) }
        }
    }

    /// Sends in place, without copying the list (which would retain every
    /// observer) — the list cannot change during the call, see ``send(_:)``.
    @inlinable
    internal static func send(_ event: Event<Element>, through list: UnsafeMutablePointer<ObserverList>) {
        if list.pointee.single != nil {
            list.pointee.single.unsafelyUnwrapped.observer.unsafelyUnwrapped.eventHandler(event)
            return
        }
        let count = list.pointee.entries.count
        guard count > 0 else { return }
        list.pointee.entries.withUnsafeBufferPointer { buffer in
            for index in 0..<count { buffer[index].observer?.eventHandler(event) }
        }
    }
}
