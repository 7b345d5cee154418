/// Which of two virtual times comes strictly first: how a `VirtualTimeWorkQueue`
/// orders its work. A type rather than a closure, so that a queue specialized for it
/// compares inline instead of calling through closures on every step of the heap.
@usableFromInline
package protocol VirtualTimeOrdering {
    associatedtype Time
    func isEarlier(_ lhs: Time, than rhs: Time) -> Bool
}

/// The order of a `Comparable` time (RxTesting's ticks).
@usableFromInline
package struct ComparableTimeOrdering<Time: Comparable>: VirtualTimeOrdering {
    @inlinable package init() {}
    @inlinable package func isEarlier(_ lhs: Time, than rhs: Time) -> Bool { lhs < rhs }
}

/// Scheduled work in the order it is due: a binary heap of entries, each holding its
/// time and the order it was scheduled in beside its item, so that sifting compares
/// values in the heap's own storage and never touches (or retains) the items. Pushing
/// and popping cost O(log n). Not thread-safe: owned by one scheduler, used from one
/// thread.
@usableFromInline
package struct TimeOrderedQueue<Ordering: VirtualTimeOrdering, Item> {
    @usableFromInline
    internal struct Entry {
        @usableFromInline internal let time: Ordering.Time
        /// Breaks ties between entries due at the same time: the earlier scheduled first.
        @usableFromInline internal let order: Int
        @usableFromInline internal let item: Item

        @inlinable
        internal init(time: Ordering.Time, order: Int, item: Item) {
            self.time = time
            self.order = order
            self.item = item
        }
    }

    @usableFromInline internal var heap: [Entry] = []
    @usableFromInline internal var nextOrder = 0
    @usableFromInline internal let ordering: Ordering

    @inlinable
    package init(ordering: Ordering) {
        self.ordering = ordering
    }

    /// When the item due first is due; nil when the queue is empty.
    @inlinable
    package var firstTime: Ordering.Time? { heap.first?.time }

    /// Whether entry `a` runs before entry `b`: earlier time, then the order scheduled.
    /// Reads the two entries in place, so that comparing retains neither item.
    @inlinable
    internal static func precedes(
        _ a: Int, _ b: Int, in entries: UnsafeMutableBufferPointer<Entry>, _ ordering: Ordering
    ) -> Bool {
        if ordering.isEarlier(entries[a].time, than: entries[b].time) { return true }
        if ordering.isEarlier(entries[b].time, than: entries[a].time) { return false }
        return entries[a].order < entries[b].order
    }

    // Sifting works on the array's buffer: its `swapAt` moves entries, where the
    // array's copies them (a retain and a release of both items per step).

    /// Adds `item`, due at `time`, after everything already due at that time.
    @inlinable
    package mutating func push(_ item: Item, at time: Ordering.Time) {
        heap.append(Entry(time: time, order: nextOrder, item: item))
        nextOrder += 1
        let ordering = self.ordering
        heap.withUnsafeMutableBufferPointer { entries in
            var child = entries.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(child, parent, in: entries, ordering) else { break }
                entries.swapAt(child, parent)
                child = parent
            }
        }
    }

    /// Removes and returns the item due first, with the time it was due at.
    @inlinable
    package mutating func pop() -> (time: Ordering.Time, item: Item)? {
        guard !heap.isEmpty else { return nil }
        heap.withUnsafeMutableBufferPointer { $0.swapAt(0, $0.count - 1) }
        let last = heap.removeLast()
        let top = (time: last.time, item: last.item)
        let ordering = self.ordering
        heap.withUnsafeMutableBufferPointer { entries in
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < entries.count, Self.precedes(left, first, in: entries, ordering) { first = left }
                if right < entries.count, Self.precedes(right, first, in: entries, ordering) { first = right }
                guard first != parent else { break }
                entries.swapAt(parent, first)
                parent = first
            }
        }
        return top
    }
}

/// Work scheduled on a virtual clock, due first at the head: what
/// `VirtualTimeScheduler` and RxTesting's `TestScheduler` both keep. Items due at the
/// same time run in the order they were scheduled; an item disposed before it runs
/// does nothing. Not thread-safe: owned by one scheduler, used from one thread.
@usableFromInline
package struct VirtualTimeWorkQueue<Ordering: VirtualTimeOrdering> {
    @usableFromInline package typealias Time = Ordering.Time

    /// One scheduled action, and the disposable `schedule` returns for it: a
    /// disposed item stays in the queue until its time comes and then does nothing.
    /// A periodic item runs its action every `period` until disposed, queued again
    /// after each run rather than scheduled anew.
    @usableFromInline
    package final class Item: Cancelable, @unchecked Sendable {
        /// The time between a periodic item's runs; nil for an item that runs once.
        @usableFromInline package let period: RxTimeInterval?
        // Under the lock: a one-time item's action is taken once, by `run` or by
        // `dispose`; a periodic one's is kept by `run` and taken by `dispose`.
        private let lock = SpinLock()
        @exclusivity(unchecked) private var work: (() -> Disposable)?
        /// What the action returned, disposed with the item.
        @exclusivity(unchecked) private var result = DisposableSlot.empty

        @usableFromInline
        internal init(period: RxTimeInterval?, work: @escaping () -> Disposable) {
            Resources.incrementTotal()
            self.period = period
            self.work = work
        }

        deinit { Resources.decrementTotal() }

        @usableFromInline package var isDisposed: Bool {
            lock.lock()
            defer { lock.unlock() }
            return result.isDisposed
        }

        /// Runs the action unless the item was disposed first, calling `starting`
        /// just before it: where a scheduler moves its clock to the item's time, so
        /// that a disposed item moves nothing. Returns whether a periodic item is to
        /// be queued again (it was not disposed by the time its action returned).
        @usableFromInline package func run(starting: () -> Void) -> Bool {
            lock.lock()
            let work = result.isDisposed ? nil : self.work
            if period == nil { self.work = nil }
            lock.unlock()
            guard let work else { return false }
            starting()
            let disposable = work()
            lock.lock()
            if period != nil {
                // A periodic action returns nothing worth keeping.
                let live = !result.isDisposed
                lock.unlock()
                return live
            }
            if result.state == .empty {
                result.store(disposable)
                lock.unlock()
            } else {
                let ended = result.isDisposed
                lock.unlock()
                if ended { disposable.dispose() }
            }
            return false
        }

        @usableFromInline package func dispose() {
            lock.lock()
            let work = self.work
            self.work = nil
            let held = result.takeForDisposal()
            lock.unlock()
            // Released and disposed outside the lock: either may run any code.
            withExtendedLifetime(work) {}
            held.dispose()
        }
    }

    @usableFromInline internal var queue: TimeOrderedQueue<Ordering, Item>

    @inlinable
    package init(ordering: Ordering) {
        queue = TimeOrderedQueue(ordering: ordering)
    }

    /// When the item due first is due; nil when the queue is empty.
    @inlinable
    package var firstTime: Time? { queue.firstTime }

    /// Removes and returns the item due first, with the time it was due at.
    @inlinable
    package mutating func pop() -> (time: Time, item: Item)? { queue.pop() }

    /// Schedules `work` at `time`; disposing the result before it runs cancels it,
    /// after disposes what it returned.
    @inlinable
    package mutating func schedule(at time: Time, _ work: @escaping () -> Disposable) -> Disposable {
        let item = Item(period: nil, work: work)
        queue.push(item, at: time)
        return item
    }

    @inlinable
    package mutating func schedule<State>(_ state: State, at time: Time, action: @escaping (State) -> Disposable) -> Disposable {
        schedule(at: time) { action(state) }
    }

    /// Schedules `tick` at `time`, then, each time `run` says so, at the time the
    /// scheduler passes to `requeue`; disposing the result stops it.
    @inlinable
    package mutating func schedulePeriodic(at time: Time, period: RxTimeInterval, _ tick: @escaping () -> Disposable) -> Disposable {
        let item = Item(period: period, work: tick)
        queue.push(item, at: time)
        return item
    }

    /// Queues a periodic item that has just run again, for `time`.
    @inlinable
    package mutating func requeue(_ item: Item, at time: Time) {
        queue.push(item, at: time)
    }
}
