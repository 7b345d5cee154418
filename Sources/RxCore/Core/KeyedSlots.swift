/// Values kept in the order they were added, under keys that only grow, with
/// lookup and removal by key in O(log n) and every value visited in order.
///
/// A removal leaves an empty slot behind instead of shifting what follows; the
/// slots are compacted once more than half of them are empty, so removing n
/// values costs O(n log n) in all, whatever the order. (An array searched and
/// shifted per removal made n removals O(n²): a `flatMap` with many inner
/// sequences running at once, or a group holding many disposables.)
///
/// A value type with no synchronization: its owner serializes access.
@usableFromInline
internal struct KeyedSlots<Value> {
    @usableFromInline internal var slots: [(key: UInt64, value: Value?)] = []
    /// How many slots hold a value.
    @usableFromInline internal private(set) var count = 0

    @inlinable internal init() {}

    @inlinable internal var isEmpty: Bool { count == 0 }

    /// Adds `value` under `key`, which must be greater than every key added before.
    @inlinable
    internal mutating func append(_ value: Value, for key: UInt64) {
        slots.append((key, value))
        count += 1
    }

    /// The slot holding `key`, if it still holds a value.
    @inlinable
    internal func index(of key: UInt64) -> Int? {
        // The newest is the likeliest (an inner sequence's own events while it runs).
        if let last = slots.last, last.key == key { return last.value == nil ? nil : slots.count - 1 }
        var low = 0, high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].key < key { low = middle + 1 } else { high = middle }
        }
        guard low < slots.count, slots[low].key == key, slots[low].value != nil else { return nil }
        return low
    }

    @inlinable
    internal func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

    /// Replaces the value under `key`; false when there is none.
    @inlinable
    @discardableResult
    internal mutating func update(_ value: Value, for key: UInt64) -> Bool {
        guard let index = index(of: key) else { return false }
        slots[index].value = value
        return true
    }

    /// Takes the value under `key` out.
    @inlinable
    internal mutating func remove(_ key: UInt64) -> Value? {
        guard let index = index(of: key) else { return nil }
        let value = slots[index].value
        count -= 1
        if index == slots.count - 1 {
            slots.removeLast()
        } else {
            slots[index].value = nil
            if slots.count > 16 && count < slots.count / 2 { compact() }
        }
        return value
    }

    /// Takes every value out, in the order they were added.
    @inlinable
    internal mutating func removeAll() -> [Value] {
        // A closure, not a key path: in generic code a key path is built anew on every call.
        let values = slots.compactMap { $0.value }
        slots.removeAll(keepingCapacity: true)
        count = 0
        return values
    }

    @inlinable
    internal mutating func compact() {
        slots.removeAll { $0.value == nil }
    }
}
