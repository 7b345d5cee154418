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
///
/// Keys and values live in two parallel arrays, so that the search reads plain
/// integers instead of copying elements that hold a value (an existential copy is
/// a call through the run time's value witnesses, and a retain). For the same
/// reason a removed slot is marked in its key (the top bit, which keys from a
/// counter never reach), not found by looking at the value.
@usableFromInline
internal struct KeyedSlots<Value> {
    /// In increasing order (ignoring the mark); a removed value's key stays, marked,
    /// until compaction.
    @usableFromInline internal var keys: [UInt64] = []
    /// Nil where a value was removed.
    @usableFromInline internal var values: [Value?] = []
    /// How many slots hold a value.
    @usableFromInline internal private(set) var count = 0

    /// Set in the key of a slot whose value was removed.
    @inlinable internal static var removedMark: UInt64 { 1 << 63 }

    @inlinable internal init() {}

    @inlinable internal var isEmpty: Bool { count == 0 }

    /// Adds `value` under `key`, which must be greater than every key added before
    /// (and below 2^63).
    @inlinable @inline(__always)
    internal mutating func append(_ value: consuming Value, for key: UInt64) {
        assert(key & Self.removedMark == 0, "KeyedSlots: key out of range")
        keys.append(key)
        values.append(consume value)
        count += 1
    }

    /// The slot holding `key`, if it still holds a value.
    @inlinable
    internal func index(of key: UInt64) -> Int? {
        // The newest is the likeliest (an inner sequence's own events while it runs).
        // A marked key never equals an unmarked one, so a removed slot is not found.
        keys.withUnsafeBufferPointer { keys in
            let count = keys.count
            if count > 0, keys[count - 1] == key { return count - 1 }
            // On the buffer, without a bounds check per step: `middle` is always
            // below `high`, which starts at the count.
            var low = 0, high = count
            while low < high {
                let middle = Int(bitPattern: UInt(bitPattern: low &+ high) >> 1)
                if keys[middle] & ~Self.removedMark < key { low = middle &+ 1 } else { high = middle }
            }
            guard low < count, keys[low] == key else { return nil }
            return low
        }
    }

    @inlinable
    internal func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

    /// Replaces the value under `key`; false when there is none.
    @inlinable
    @discardableResult
    internal mutating func update(_ value: Value, for key: UInt64) -> Bool {
        guard let index = index(of: key) else { return false }
        values[index] = value
        return true
    }

    /// Takes the value under `key` out.
    @inlinable
    internal mutating func remove(_ key: UInt64) -> Value? {
        guard let index = index(of: key) else { return nil }
        count -= 1
        if index == keys.count - 1 {
            keys.removeLast()
            let removed = values.removeLast()
            dropTrailingRemoved()
            return removed
        }
        keys[index] |= Self.removedMark
        let removed = values[index].take()
        if keys.count > 16 && count < keys.count / 2 { compact() }
        return removed
    }

    /// Takes the newest value out, if there is one.
    @inlinable
    internal mutating func removeLast() -> Value? {
        guard let key = keys.last else { return nil }
        return remove(key)
    }

    /// Removed slots at the end go at once, so that the last slot always holds a value.
    @inlinable
    internal mutating func dropTrailingRemoved() {
        while let last = keys.last, last & Self.removedMark != 0 {
            keys.removeLast()
            values.removeLast()
        }
    }

    /// Takes every value out, in the order they were added.
    @inlinable
    internal mutating func removeAll() -> [Value] {
        let taken = values.compactMap { $0 }
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        count = 0
        return taken
    }

    /// Drops the empty slots, keeping the order.
    @inlinable
    internal mutating func compact() {
        var kept = 0
        keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                guard let slots = values.baseAddress else { return }
                for index in 0..<keys.count where keys[index] & Self.removedMark == 0 {
                    if kept != index {
                        keys[kept] = keys[index]
                        // Slot `kept` is empty (removed, or moved from): the value is
                        // moved, not copied, so that an existential is not copied
                        // through its value witnesses and retained to be released.
                        (slots + kept).moveUpdate(from: slots + index, count: 1)
                        (slots + index).initialize(to: nil)
                    }
                    kept += 1
                }
            }
        }
        keys.removeLast(keys.count - kept)
        values.removeLast(values.count - kept)
    }
}
