/// A FIFO queue with amortized O(1) operations, for operators that buffer
/// (`zip`, `concat`, `delay`). Not thread-safe: owned by one sink.
@usableFromInline
internal struct ElementQueue<Element> {
    @usableFromInline internal var storage: [Element] = []
    @usableFromInline internal var head = 0

    @inlinable internal init() {}

    @inlinable internal var isEmpty: Bool { head == storage.count }
    @inlinable internal var count: Int { storage.count - head }
    /// The oldest element, without removing it.
    @inlinable internal var first: Element? { isEmpty ? nil : storage[head] }

    @inlinable
    internal mutating func append(_ element: Element) { storage.append(element) }

    @inlinable
    internal mutating func removeFirst() -> Element {
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32 && head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable
    internal mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
