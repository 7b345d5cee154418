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
    case subscribe(key: UInt64, observer: SubjectObserver<Element>)
    case unsubscribe(key: UInt64)
    case dispose
    /// The subject's public object is gone: nobody can send it anything any more.
    case abandon
}

/// What code that does not know the element type asks of a subject. Such code —
/// a `Disposable`'s `dispose()` reached through the protocol, a `deinit` — runs
/// unspecialized, and would look up the metadata of every generic type it touches
/// (`SubjectCommand<Element>`, the observer list, the state) on each call; it
/// hands one of these to ``SubjectCore/perform`` instead, which was compiled
/// where the element type is known.
@usableFromInline
internal enum SubjectControl {
    case unsubscribe(key: UInt64)
    case dispose
    case abandon
    /// From the core's `deinit`: destroy the state.
    case destroy
}

/// One subscriber's handler, as a subject's observer list holds it.
///
/// An object with a constant handler, so that the subject can call it through a
/// borrowed reference without retaining and releasing anything on every event.
/// It is not the subscription the subscriber holds: that one is held by the
/// subscriber's own sink, whose observer the handler calls, and holding the
/// handler from it would make a cycle that outlives a subject its subscribers
/// never leave. The list is the only holder, and every way of leaving a subject
/// (disposal, the terminal event, the subject's disposal, its public object
/// being freed) takes the observer out of the list.
@usableFromInline
internal final class SubjectObserver<Element> {
    @usableFromInline internal let eventHandler: (Event<Element>) -> Void

    @inlinable
    internal init(_ eventHandler: @escaping (Event<Element>) -> Void) {
        self.eventHandler = eventHandler
    }
}

/// The disposable a subject hands to each subscriber. It holds the core, not
/// the subject's public object, so that a subject nobody holds any more is freed
/// (and releases its subscribers) even while subscriptions to it live on.
///
/// A structure of two words, as RxSwift's `SubscriptionDisposable` is: it fits in
/// the inline buffer of a `Disposable` existential, so subscribing allocates
/// nothing for it. Disposing it twice, or a copy of it, is harmless: keys are
/// never reused, and a key that is no longer in the list is ignored.
@usableFromInline
internal struct SubjectSubscription<Element>: Disposable, @unchecked Sendable {
    @usableFromInline internal let key: UInt64
    @usableFromInline internal let core: SubjectCore<Element>

    @inlinable
    internal init(key: UInt64, core: SubjectCore<Element>) {
        self.key = key
        self.core = core
    }

    @inlinable
    internal func dispose() { core.perform(core, .unsubscribe(key: key)) }
}

/// A subject's observers in subscription order.
///
/// The common case of one subscriber is kept inline, as RxSwift's `Bag` does.
/// Removal from a longer list leaves a hole that later compaction closes (the
/// newest subscriber leaving just shortens it), so that disposing many
/// subscriptions costs O(log n) each rather than a shift of the whole list.
///
/// The list owns one reference to each observer it holds, taken by `insert` and
/// given back by `remove` and `removeAll`; it holds them unmanaged so that
/// sending an event borrows each observer instead of retaining and releasing it
/// (two atomic operations per subscriber per event).
/// Whoever drops a list must call `removeAll` first.
@usableFromInline
internal struct ObserverList<Element> {
    @usableFromInline
    internal struct Entry {
        @usableFromInline var key: UInt64
        /// Nil once removed from `entries` (a hole).
        @usableFromInline var observer: Unmanaged<SubjectObserver<Element>>?
        @inlinable init(key: UInt64, observer: Unmanaged<SubjectObserver<Element>>?) {
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
    internal mutating func insert(_ key: UInt64, _ observer: __owned SubjectObserver<Element>) {
        let entry = Entry(key: key, observer: Unmanaged.passRetained(consume observer))
        if single == nil && entries.isEmpty {
            single = entry
            return
        }
        if let first = single {
            entries.append(first)
            single = nil
        }
        entries.append(entry)
    }

    /// Returns true when the key was present.
    @inlinable @discardableResult
    internal mutating func remove(_ key: UInt64) -> Bool {
        if let first = single {
            guard first.key == key else { return false }
            single = nil
            first.observer.unsafelyUnwrapped.release()
            return true
        }
        // The newest subscriber is the likeliest to leave: it goes without a search.
        if let last = entries.last, last.key == key, let removed = last.observer {
            entries.removeLast()
            dropTrailingHoles()
            removed.release()
            return true
        }
        guard let index = index(of: key), let removed = entries[index].observer else { return false }
        entries[index].observer = nil
        holes += 1
        dropTrailingHoles()
        if holes > 16 && holes * 2 > entries.count {
            entries.removeAll { $0.observer == nil }
            holes = 0
        }
        removed.release()
        return true
    }

    /// Holes at the end go at once, so that the end of the list is always live.
    @inlinable
    internal mutating func dropTrailingHoles() {
        while holes > 0, let last = entries.last, last.observer == nil {
            entries.removeLast()
            holes -= 1
        }
    }

    /// Gives back every observer and empties the list.
    @inlinable
    internal mutating func removeAll() {
        let single = self.single, entries = self.entries
        self = ObserverList()
        single?.observer?.release()
        for entry in entries { entry.observer?.release() }
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

    /// Sends to every observer, in order, borrowing each. The list is not changed
    /// meanwhile: a subject processes one command at a time, and commands issued
    /// from inside an observer wait their turn.
    @inlinable
    internal static func send(_ event: Event<Element>, through list: UnsafeMutablePointer<ObserverList>) {
        if let single = list.pointee.single {
            single.observer.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.eventHandler(event) }
            return
        }
        // Mutable access through the pointer works in place; a read-only one
        // would retain the array's storage around the loop.
        list.pointee.entries.withUnsafeMutableBufferPointer { buffer in
            for entry in buffer {
                entry.observer?._withUnsafeGuaranteedRef { $0.eventHandler(event) }
            }
        }
    }
}
