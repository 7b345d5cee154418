import XCTest
import RxCore
import RxTesting

/// Operators that look at more than one element: distinctUntilChanged, scan,
/// reduce, toArray.
final class AggregateTests: RxTestCase {

    private struct Point: Equatable {
        var x: Int
        var y: Int
    }

    // MARK: distinctUntilChanged

    func testDistinctUntilChangedDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().distinctUntilChanged() }
        // The element at 150 came before the subscription, so 210's 1 is the first.
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testDistinctUntilChangedForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, TestError())])
        let failed = scheduler.start { failing.asObservable().distinctUntilChanged() }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(230, TestError())])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 230)])

        let endless = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .next(1240, 3)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1230) {
            endless.asObservable().distinctUntilChanged()
        }
        XCTAssertEqual(disposed.events, [.next(1210, 1), .next(1220, 2)])
        XCTAssertEqual(endless.subscriptions, [Subscription(1200, 1230)])
    }

    func testDistinctUntilChangedWithComparerComparesAgainstTheLastEmittedElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, -1), .next(230, 2), .next(240, -2), .next(250, 3), .completed(300),
        ])
        let observer = scheduler.start {
            source.asObservable().distinctUntilChanged { abs($0) == abs($1) }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
    }

    func testDistinctUntilChangedWithThrowingComparerFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError("comparer") }
        }
        // The first element has nothing to compare with.
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("comparer"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDistinctUntilChangedWithKeySelectorComparesKeys() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"), .next(240, "blueberry"), .next(250, "apricot"),
            .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().distinctUntilChanged { $0.first } }
        XCTAssertEqual(observer.events, [.next(210, "apple"), .next(230, "banana"), .next(250, "apricot"), .completed(300)])
    }

    func testDistinctUntilChangedWithThrowingKeySelectorFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().distinctUntilChanged { (value: Int) -> Int in
                if value == 2 { throw TestError("key") }
                return value
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("key"))])
    }

    func testDistinctUntilChangedWithKeySelectorAndComparer() {
        var received: [String] = []
        _ = Observable.of("a", "A", "b", "B", "a")
            .distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
            .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, ["a", "b", "a"])
    }

    func testDistinctUntilChangedAtKeyPathComparesThatProperty() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Point(x: 1, y: 1)), .next(220, Point(x: 1, y: 2)), .next(230, Point(x: 2, y: 2)),
            .next(240, Point(x: 2, y: 3)), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().distinctUntilChanged(at: \.x) }
        XCTAssertEqual(observer.events, [.next(210, Point(x: 1, y: 1)), .next(230, Point(x: 2, y: 2)), .completed(300)])
    }

    func testDistinctUntilChangedSeesElementsPushedReentrantlyInOrder() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.distinctUntilChanged().subscribe(onNext: { value in
            received.append(value)
            // Pushed during delivery of 1: equal to the last emitted, so dropped.
            if value == 1 { subject.onNext(1); subject.onNext(2) }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    // MARK: scan

    func testReduceIntoMutatesTheAccumulationInPlaceWithoutCopyingIt() {
        // A copy-on-write value, as Array is, that counts its copies: copying the
        // accumulation per element would make collecting n elements cost O(n²).
        final class Storage {
            var items: [Int]
            init(_ items: [Int]) { self.items = items }
        }
        final class CopyCount { var value = 0 }
        struct Collected {
            var storage = Storage([])
            let copies: CopyCount
            mutating func append(_ item: Int) {
                if !isKnownUniquelyReferenced(&storage) {
                    storage = Storage(storage.items)
                    copies.value += 1
                }
                storage.items.append(item)
            }
        }
        let copies = CopyCount()
        var items: [Int] = []
        _ = Observable.from(1...100)
            .reduce(into: Collected(copies: copies)) { $0.append($1) }
            .subscribe(onNext: { items = $0.storage.items })
        XCTAssertEqual(items, Array(1...100))
        XCTAssertEqual(copies.value, 1, "one copy, of the seed the sequence keeps for its next subscriber")
    }

    func testScanEmitsEveryIntermediateAccumulation() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().scan(10) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testScanOfAnEmptySequenceOnlyCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { source.asObservable().scan(0) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.completed(250)])
    }

    func testScanIntoMutatesTheAccumulationInPlace() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().scan(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(observer.events, [.next(210, ["a"]), .next(220, ["a", "b"]), .completed(300)])
    }

    func testScanStartsFromTheSeedOnEverySubscription() {
        let source = Observable.of(1, 2).scan(0) { $0 + $1 }
        var first: [Int] = [], second: [Int] = []
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })
        XCTAssertEqual(first, [1, 3])
        XCTAssertEqual(second, [1, 3])
    }

    func testScanThrowingEndsTheSequence() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().scan(0) { sum, value in
                if value == 2 { throw TestError("scan") }
                return sum + value
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("scan"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testScanIntoThrowingEndsTheSequence() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().scan(into: 0) { (sum: inout Int, value: Int) in
                if value == 2 { throw TestError("scan into") }
                sum += value
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("scan into"))])
    }

    func testScanForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let failed = scheduler.start { failing.asObservable().scan(0, accumulator: +) }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, TestError())])

        let endless = scheduler.createHotObservable([.next(1210, 1), .next(1240, 2)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1230) {
            endless.asObservable().scan(0, accumulator: +)
        }
        XCTAssertEqual(disposed.events, [.next(1210, 1)])
        XCTAssertEqual(endless.subscriptions, [Subscription(1200, 1230)])
    }

    // MARK: reduce

    func testReduceEmitsTheFinalAccumulationAtCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start { source.asObservable().reduce(0, accumulator: +) }
        XCTAssertEqual(observer.events, [.next(300, 6), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testReduceOfAnEmptySequenceEmitsTheSeed() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { source.asObservable().reduce(42, accumulator: +) }
        XCTAssertEqual(observer.events, [.next(250, 42), .completed(250)])
    }

    func testReduceWithMapResultMapsTheFinalAccumulation() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().reduce(0, accumulator: +, mapResult: { "sum=\($0)" })
        }
        XCTAssertEqual(observer.events, [.next(300, "sum=3"), .completed(300)])
    }

    func testReduceWithThrowingMapResultFailsAtCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().reduce(0, accumulator: +, mapResult: { (_: Int) -> String in throw TestError("mapResult") })
        }
        XCTAssertEqual(observer.events, [.error(300, TestError("mapResult"))])
    }

    func testReduceWithThrowingAccumulatorFailsAtOnceAndStopsAccumulating() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var calls = 0
        let observer = scheduler.start {
            source.asObservable().reduce(0) { sum, value in
                calls += 1
                if value == 2 { throw TestError("accumulate") }
                return sum + value
            }
        }
        XCTAssertEqual(observer.events, [.error(220, TestError("accumulate"))])
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testReduceForwardsTheErrorWithoutAResult() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().reduce(0, accumulator: +) }
        XCTAssertEqual(observer.events, [.error(220, TestError())])
    }

    func testReduceDisposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(500)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().reduce(0, accumulator: +) }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testReduceIntoMutatesInPlace() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "x"), .next(220, "y"), .next(230, "x"), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().reduce(into: [String: Int]()) { counts, key in counts[key, default: 0] += 1 }
        }
        XCTAssertEqual(observer.events, [.next(300, ["x": 2, "y": 1]), .completed(300)])
    }

    func testReduceIntoThrowingFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().reduce(into: 0) { (_: inout Int, _: Int) in throw TestError("into") }
        }
        XCTAssertEqual(observer.events, [.error(210, TestError("into"))])
    }

    // MARK: toArray

    func testToArrayEmitsAllElementsAtCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start { source.asObservable().toArray().asObservable() }
        XCTAssertEqual(observer.events, [.next(300, [1, 2]), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testToArrayOfAnEmptySequenceEmitsAnEmptyArray() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { source.asObservable().toArray().asObservable() }
        XCTAssertEqual(observer.events, [.next(250, []), .completed(250)])
    }

    func testToArrayForwardsTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let observer = scheduler.start { source.asObservable().toArray().asObservable() }
        XCTAssertEqual(observer.events, [.error(220, TestError())])
    }

    func testToArrayAsSingleDeliversSuccess() {
        var result: [Int]?
        _ = Observable.range(start: 1, count: 3).toArray().subscribe(onSuccess: { result = $0 })
        XCTAssertEqual(result, [1, 2, 3])
    }
}
