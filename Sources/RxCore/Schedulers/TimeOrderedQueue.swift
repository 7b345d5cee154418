/// Scheduled work in the order it is due: a binary heap whose `precedes` says which
/// of two items runs first (earlier time, then the order scheduled). The queue of
/// the virtual-time schedulers, `VirtualTimeScheduler` and RxTesting's
/// `TestScheduler`; pushing and popping cost O(log n). Not thread-safe: owned by
/// one scheduler, used from one thread.
package struct TimeOrderedQueue<Item> {
    private var heap: [Item] = []
    private let precedes: (Item, Item) -> Bool

    package init(precedes: @escaping (Item, Item) -> Bool) {
        self.precedes = precedes
    }

    /// The item due first, left in the queue.
    package var first: Item? { heap.first }

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
