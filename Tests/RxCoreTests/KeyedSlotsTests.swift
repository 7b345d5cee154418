import XCTest
@testable import RxCore

/// `KeyedSlots` (the running inners of `flatMap`, a `CompositeDisposable`'s
/// entries) checked against a plain model: an ordered list of key–value pairs.
final class KeyedSlotsTests: RxTestCase {
    private struct Model {
        var pairs: [(key: UInt64, value: Int)] = []

        mutating func remove(_ key: UInt64) -> Int? {
            guard let index = pairs.firstIndex(where: { $0.key == key }) else { return nil }
            return pairs.remove(at: index).value
        }
    }

    private func assertSame(_ slots: KeyedSlots<Int>, _ model: Model, probing keys: Range<UInt64>,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(slots.count, model.pairs.count, "count", file: file, line: line)
        XCTAssertEqual(slots.isEmpty, model.pairs.isEmpty, "isEmpty", file: file, line: line)
        for key in keys {
            XCTAssertEqual(slots.contains(key), model.pairs.contains { $0.key == key }, "contains \(key)", file: file, line: line)
        }
    }

    func testRemovalsInEveryOrderAgreeWithTheModel() {
        var generator = SplitMix64(seed: 0x5EED)
        for round in 0..<200 {
            var slots = KeyedSlots<Int>()
            var model = Model()
            var nextKey: UInt64 = 0
            // Appends and removals interleaved: newest, oldest, middle, absent keys.
            for _ in 0..<(20 + round % 60) {
                switch generator.next() % 6 {
                case 0, 1:
                    let value = Int(generator.next() % 1000)
                    slots.append(value, for: nextKey)
                    model.pairs.append((nextKey, value))
                    nextKey += 1
                case 2 where !model.pairs.isEmpty:
                    let key = model.pairs[model.pairs.count - 1].key
                    XCTAssertEqual(slots.remove(key), model.remove(key))
                case 3 where !model.pairs.isEmpty:
                    let key = model.pairs[Int(generator.next() % UInt64(model.pairs.count))].key
                    XCTAssertEqual(slots.remove(key), model.remove(key))
                case 4:
                    XCTAssertEqual(slots.removeLast(), model.pairs.popLast()?.value, "the newest")
                default:
                    let key = generator.next() % (nextKey + 2)
                    XCTAssertEqual(slots.remove(key), model.remove(key), "removing \(key)")
                }
                assertSame(slots, model, probing: 0..<(nextKey + 2))
            }
            // Updates reach the value under the key, and only present keys.
            for key in 0..<(nextKey + 1) {
                let present = model.pairs.contains { $0.key == key }
                XCTAssertEqual(slots.update(-1, for: key), present)
            }
            let expected = model.pairs.map { _ in -1 }
            XCTAssertEqual(slots.removeAll(), expected, "every value, in the order added")
            XCTAssertTrue(slots.isEmpty)
        }
    }

    func testRemovingTheNewestAlsoDropsTheRemovedSlotsBeforeIt() {
        var slots = KeyedSlots<Int>()
        for key in 0..<10 as Range<UInt64> { slots.append(Int(key), for: key) }
        for key in 5..<9 as Range<UInt64> { XCTAssertEqual(slots.remove(key), Int(key)) }
        XCTAssertEqual(slots.keys.count, 10, "a removal in the middle leaves its slot")
        XCTAssertEqual(slots.remove(9), 9)
        XCTAssertEqual(slots.keys.count, 5, "the newest gone, the removed slots behind it go too")
        XCTAssertEqual(slots.removeAll(), [0, 1, 2, 3, 4])
    }

    func testManyRemovalsCompactTheSlots() {
        var slots = KeyedSlots<Int>()
        for key in 0..<1000 as Range<UInt64> { slots.append(Int(key), for: key) }
        // Three of every four, never the newest: only compaction can shrink the slots.
        let removed = (0..<996).filter { $0 % 4 != 3 }
        for key in removed { XCTAssertEqual(slots.remove(UInt64(key)), key) }
        XCTAssertLessThan(slots.keys.count, 1000 - removed.count / 2, "compacted")
        XCTAssertEqual(slots.count, 1000 - removed.count)
        for key in 0..<1000 {
            XCTAssertEqual(slots.contains(UInt64(key)), !removed.contains(key), "\(key)")
        }
        XCTAssertEqual(slots.removeAll(), (0..<1000).filter { !removed.contains($0) })
    }

    /// Compaction moves the values it keeps in memory; none may be freed, leaked or
    /// released twice on the way, references in an existential (as a
    /// `CompositeDisposable` holds them) included.
    func testCompactionKeepsEveryReferenceUntilItIsTakenOutAndNoLonger() {
        final class Token: Disposable {
            let id: Int
            init(id: Int) { self.id = id }
            func dispose() {}
        }
        struct WeakToken { weak var token: Token? }
        var slots = KeyedSlots<Disposable>()
        var tokens: [WeakToken] = []
        for key in 0..<100 {
            let token = Token(id: key)
            tokens.append(WeakToken(token: token))
            slots.append(token, for: UInt64(key))
        }
        // Three of every four, never the newest: the slots compact several times.
        let removed = (0..<96).filter { $0 % 4 != 3 }
        for key in removed {
            XCTAssertEqual((slots.remove(UInt64(key)) as? Token)?.id, key)
        }
        XCTAssertLessThan(slots.keys.count, 100 - removed.count / 2, "compacted")
        for key in 0..<100 {
            XCTAssertEqual(tokens[key].token == nil, removed.contains(key), "token \(key) alive only while kept")
        }
        var rest: [Disposable]? = slots.removeAll()
        XCTAssertEqual(rest?.map { ($0 as! Token).id }, (0..<100).filter { !removed.contains($0) })
        rest = nil
        XCTAssertTrue(tokens.allSatisfy { $0.token == nil }, "every token freed once nothing holds it")
    }
}

/// A small deterministic generator, so that a failure can be replayed.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
