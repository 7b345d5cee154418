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

/// One subscriber's handler, as a subject's observer list holds it: the
/// subscriber's sink's `on`, whose context is the sink.
///
/// It is not the subscription the subscriber holds: that one is held by the
/// subscriber's own sink, and holding the handler from it would make a cycle that
/// outlives a subject its subscribers never leave. The list is the only holder,
/// and every way of leaving a subject (disposal, the terminal event, the subject's
/// disposal, its public object being freed) takes the handler out of the list.
@usableFromInline
internal typealias SubjectObserver<Element> = (Event<Element>) -> Void

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
    internal func dispose() { core.perform(Unmanaged.passUnretained(core), .unsubscribe(key: key)) }
}

/// A subject's observers in subscription order.
///
/// The common case of one subscriber is kept inline, as RxSwift's `Bag` does.
/// Removal from a longer list leaves a hole that later compaction closes (the
/// newest subscriber leaving just shortens it), so that disposing many
/// subscriptions costs O(log n) each rather than a shift of the whole list.
///
/// The handlers live in the list itself and are called where they are stored, so
/// that sending an event neither retains nor releases anything per subscriber,
/// and subscribing allocates nothing beyond the subscriber's own sink. That is
/// safe because the list never changes while it sends: a subject processes one
/// command at a time, and commands issued from inside a handler wait their turn.
@usableFromInline
internal struct ObserverList<Element> {
    @usableFromInline
    internal struct Entry {
        @usableFromInline var key: UInt64
        /// Nil once removed from `entries` (a hole).
        @usableFromInline var observer: SubjectObserver<Element>?
        @inlinable init(key: UInt64, observer: SubjectObserver<Element>?) {
            self.key = key
            self.observer = observer
        }
    }

    /// The only observer, while there is exactly one and `entries` is empty.
    @usableFromInline internal var single: Entry?
    @usableFromInline internal var entries: ContiguousArray<Entry> = []
    @usableFromInline internal var holes = 0
    /// How many observers the list holds.
    @usableFromInline internal private(set) var count = 0

    // A test of an observer against nil goes through `inout` (`isLive`), never
    // through a copy of an entry: copying a closure retains its context.

    @inlinable internal init() {}

    @inlinable @inline(__always)
    internal mutating func insert(_ key: UInt64, _ observer: consuming @escaping SubjectObserver<Element>) {
        let entry = Entry(key: key, observer: consume observer)
        defer { count += 1 }
        // With no observer there are no holes either: trailing ones go at once.
        if count == 0 {
            single = consume entry
            return
        }
        if let first = single.take() {
            entries.append(first)
        }
        entries.append(entry)
    }

    /// Returns true when the key was present. Releasing the observer may free a
    /// sink, whose deinitialization may run a subscriber's code: that code cannot
    /// reach the list, since commands it sends to the subject wait their turn.
    @inlinable @discardableResult
    internal mutating func remove(_ key: UInt64) -> Bool {
        if let singleKey = single?.key {
            guard singleKey == key else { return false }
            single = nil
            count -= 1
            return true
        }
        // The newest subscriber is the likeliest to leave: it goes without a search.
        let last = entries.count - 1
        if last >= 0, entries[last].key == key, Self.isLive(&entries[last]) {
            let removed = entries.removeLast()
            count -= 1
            if holes > 0 { dropTrailingHoles() }
            _ = consume removed
            return true
        }
        guard let index = index(of: key), Self.isLive(&entries[index]) else { return false }
        // Not `observer.take()`: through that generic method a closure would be
        // reabstracted, at the cost of two allocations.
        entries[index].observer = nil
        count -= 1
        holes += 1
        dropTrailingHoles()
        if holes > 16 && holes * 2 > entries.count {
            entries.removeAll { $0.observer == nil }
            holes = 0
        }
        return true
    }

    @inlinable @inline(__always)
    internal static func isLive(_ entry: inout Entry) -> Bool {
        entry.observer != nil
    }

    /// Holes at the end go at once, so that the end of the list is always live.
    @inlinable
    internal mutating func dropTrailingHoles() {
        while holes > 0, !entries.isEmpty, !Self.isLive(&entries[entries.count - 1]) {
            entries.removeLast()
            holes -= 1
        }
    }

    /// Empties the list; the observers are released after it is empty.
    @inlinable
    internal mutating func removeAll() {
        let old = self
        self = ObserverList()
        _ = consume old
    }

    /// Keys are almost always inserted in increasing order (all but those of
    /// subscriptions queued behind another thread's delivery), so a binary search
    /// finds them; a linear scan covers the rare rest.
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

    /// Sends to every observer, in order, calling each where it is stored. The
    /// list is not changed meanwhile: a subject processes one command at a time,
    /// and commands issued from inside an observer wait their turn.
    @inlinable
    internal static func send(_ event: Event<Element>, through list: UnsafeMutablePointer<ObserverList>) {
        if call(&list.pointee.single, with: event) { return }
        // Mutable access through the pointer works in place; a read-only one
        // would retain the array's storage around the loop.
        list.pointee.entries.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { call(&buffer[index], with: event) }
        }
    }

    /// Calls an entry's observer in place: the `inout` access spans the call,
    /// which lets the compiler pass the closure without retaining its context.
    @inlinable @inline(__always)
    internal static func call(_ entry: inout Entry, with event: Event<Element>) {
        entry.observer?(event)
    }

    /// Calls the single observer in place; false when there is none.
    @inlinable @inline(__always)
    internal static func call(_ entry: inout Entry?, with event: Event<Element>) -> Bool {
        entry?.observer?(event) != nil
    }
}
