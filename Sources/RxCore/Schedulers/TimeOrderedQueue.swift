/// Scheduled work in the order it is due: a binary heap whose `precedes` says which
/// of two items runs first (earlier time, then the order scheduled). The heap under
/// `VirtualTimeWorkQueue`; pushing and popping cost O(log n). Not thread-safe: owned by
/// one scheduler, used from one thread.
@usableFromInline
package struct TimeOrderedQueue<Item> {
    @usableFromInline internal var heap: [Item] = []
    @usableFromInline internal let precedes: (Item, Item) -> Bool

    @inlinable
    package init(precedes: @escaping (Item, Item) -> Bool) {
        self.precedes = precedes
    }

    /// The item due first, left in the queue.
    @inlinable
    package var first: Item? { heap.first }

    @inlinable
    package mutating func push(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the item due first.
    @inlinable
    package mutating func pop() -> Item? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, precedes(heap[left], heap[first]) { first = left }
            if right < heap.count, precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(parent, first)
            parent = first
        }
        return top
    }
}

/// Work scheduled on a virtual clock, due first at the head: what
/// `VirtualTimeScheduler` and RxTesting's `TestScheduler` both keep. Items due at the
/// same time run in the order they were scheduled; an item disposed before it runs
/// does nothing. Not thread-safe: owned by one scheduler, used from one thread.
@usableFromInline
package struct VirtualTimeWorkQueue<Time> {
    /// One scheduled action, and the disposable `schedule` returns for it: a
    /// disposed item stays in the queue until its time comes and then does nothing.
    @usableFromInline
    package final class Item: Cancelable, @unchecked Sendable {
        /// When the item is due.
        @usableFromInline package let time: Time
        /// Breaks ties between items due at the same time: the earlier scheduled first.
        @usableFromInline internal let order: Int
        // Under the lock: taken once, by `run` or by `dispose`.
        private let lock = SpinLock()
        @exclusivity(unchecked) private var work: (() -> Disposable)?
        /// What the action returned, disposed with the item.
        @exclusivity(unchecked) private var result = DisposableSlot.empty

        @usableFromInline
        internal init(time: Time, order: Int, work: @escaping () -> Disposable) {
            Resources.incrementTotal()
            self.time = time
            self.order = order
            self.work = work
        }

        deinit { Resources.decrementTotal() }

        @usableFromInline package var isDisposed: Bool {
            lock.lock()
            defer { lock.unlock() }
            return result.isDisposed
        }

        /// Runs the action, once, unless the item was disposed first.
        @usableFromInline package func run() {
            lock.lock()
            let work = result.isDisposed ? nil : self.work
            self.work = nil
            lock.unlock()
            guard let work else { return }
            let disposable = work()
            lock.lock()
            if result.state == .empty {
                result.store(disposable)
                lock.unlock()
            } else {
                let ended = result.isDisposed
                lock.unlock()
                if ended { disposable.dispose() }
            }
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

    @usableFromInline internal var queue: TimeOrderedQueue<Item>
    @usableFromInline internal var nextOrder = 0

    /// `earlier(a, b)`: whether time `a` comes strictly before `b`.
    @inlinable
    package init(earlier: @escaping (Time, Time) -> Bool) {
        queue = TimeOrderedQueue { a, b in
            if earlier(a.time, b.time) { return true }
            if earlier(b.time, a.time) { return false }
            return a.order < b.order
        }
    }

    /// The item due first, left in the queue.
    @inlinable
    package var first: Item? { queue.first }

    /// Removes and returns the item due first.
    @inlinable
    package mutating func pop() -> Item? { queue.pop() }

    /// Schedules `action` at `time`; disposing the result before it runs cancels it,
    /// after disposes what it returned.
    @inlinable
    package mutating func schedule(at time: Time, _ work: @escaping () -> Disposable) -> Disposable {
        let item = Item(time: time, order: nextOrder, work: work)
        nextOrder += 1
        queue.push(item)
        return item
    }

    @inlinable
    package mutating func schedule<State>(_ state: State, at time: Time, action: @escaping (State) -> Disposable) -> Disposable {
        schedule(at: time) { action(state) }
    }
}
