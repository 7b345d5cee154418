import XCTest
import RxCore
import RxTesting

/// zip in its fixed arities and its collection form: pairing by index, and
/// completion once every source has completed, as in RxSwift.
final class ZipTests: RxTestCase {
    func testZipPairsElementsByIndex() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 2), .next(250, 3)])
        let b = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let observer = scheduler.start { Observable.zip(a, b) { "\($0)\($1)" } }
        XCTAssertEqual(observer.events, [.next(220, "1a"), .next(240, "2b")])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 1000)])
    }

    func testZipTupleForm() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let b = scheduler.createHotObservable([.next(230, "a"), .next(240, "b")])
        let observer = scheduler.start { Observable.zip(a, b).map { "\($0.0)\($0.1)" } }
        XCTAssertEqual(observer.events, [.next(230, "1a"), .next(240, "2b")])
    }

    func testZipCompletesWhenEverySourceHasCompleted() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(250, 10), .next(260, 20), .next(270, 30), .next(280, 40), .completed(290)])
        let observer = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(250, 11), .next(260, 22), .next(270, 33), .completed(290)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 290)])
    }

    func testZipKeepsTheOtherSourcesWhenOneCompletesWithNothingQueued() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
        let b = scheduler.createHotObservable([.next(215, 10), .completed(230)])
        let observer = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(215, 11), .completed(400)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testZipOfNeverAndEmptyNeverEnds() {
        let scheduler = TestScheduler()
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let observer = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testZipErrorEndsEverythingEvenWithElementsQueued() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let b = scheduler.createHotObservable([.next(215, 10), .error(240, TestError("b"))])
        let observer = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(215, 11), .error(240, TestError("b"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
    }

    func testZipThrowingSelectorFailsAndDisposesTheSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let b = scheduler.createHotObservable([.next(215, 10), .next(225, 20)])
        let observer = scheduler.start {
            Observable.zip(a, b) { x, y -> Int in
                if x == 2 { throw TestError("selector") }
                return x + y
            }
        }
        XCTAssertEqual(observer.events, [.next(215, 11), .error(225, TestError("selector"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 225)])
    }

    func testZipDisposalDisposesEverySource() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(310, 20)])
        let observer = scheduler.start(disposed: 250) { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(220, 11)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testZipOfSynchronousSourcesStopsAtTheShorter() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(200, 11), .next(200, 22), .completed(200)])
    }

    func testZipOfThreeTupleForm() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let b = scheduler.createColdObservable([.next(15, "a"), .next(25, "b"), .next(35, "c"), .completed(40)])
        let c = scheduler.createColdObservable([.next(5, true), .next(50, false), .completed(60)])
        let observer = scheduler.start { Observable.zip(a, b, c).map { "\($0.0)\($0.1)\($0.2)" } }
        XCTAssertEqual(observer.events, [.next(215, "1atrue"), .next(250, "2bfalse"), .completed(260)])
        // A source is released when it completes, even with elements still queued.
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 260)])
    }

    func testZipOfFourSelectorAndTupleForms() {
        let scheduler = TestScheduler()
        let sources = (0..<4).map { index in
            scheduler.createColdObservable([.next(10 * (index + 1), index), .next(50, index + 10), .completed(60)])
        }
        let observer = scheduler.start {
            Observable.zip(sources[0], sources[1], sources[2], sources[3]) { [$0, $1, $2, $3] }
        }
        XCTAssertEqual(observer.events, [.next(240, [0, 1, 2, 3]), .next(250, [10, 11, 12, 13]), .completed(260)])
        for source in sources { XCTAssertEqual(source.subscriptions, [Subscription(200, 260)]) }

        let tupleScheduler = TestScheduler()
        let a = tupleScheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = tupleScheduler.createHotObservable([.next(220, 2)])
        let c = tupleScheduler.createHotObservable([.next(230, 3)])
        let d = tupleScheduler.createHotObservable([.next(240, 4)])
        let tuple = tupleScheduler.start { Observable.zip(a, b, c, d).map { [$0.0, $0.1, $0.2, $0.3] } }
        // a completed with its queue empty after the first row, but b, c and d go on:
        // zip completes only when every source has.
        XCTAssertEqual(tuple.events, [.next(240, [1, 2, 3, 4])])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(d.subscriptions, [Subscription(200, 1000)])
    }

    func testZipOfEightSources() {
        let scheduler = TestScheduler()
        let sources = (0..<8).map { index in
            scheduler.createColdObservable([.next(10 * (8 - index), index), .completed(100)])
        }
        let observer = scheduler.start {
            Observable.zip(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7])
                .map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)\($0.6)\($0.7)" }
        }
        // Each source completes at 300 with its queue empty; the last completion ends zip.
        XCTAssertEqual(observer.events, [.next(280, "01234567"), .completed(300)])
        for source in sources { XCTAssertEqual(source.subscriptions, [Subscription(200, 300)]) }
    }

    // MARK: Collection form

    func testZipCollectionEmitsArraysByIndex() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let b = scheduler.createHotObservable([.next(215, 10), .next(240, 20), .next(250, 30)])
        let c = scheduler.createHotObservable([.next(216, 100), .next(245, 200)])
        let observer = scheduler.start { Observable.zip([a, b, c]) }
        // a has completed, but b and c have not: the collection form goes on too.
        XCTAssertEqual(observer.events, [.next(216, [1, 10, 100]), .next(245, [2, 20, 200])])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 1000)])
    }

    func testZipCollectionElementThatCanNeverBePairedEndsTheResult() {
        // Every other source has completed with nothing queued: as in RxSwift's
        // collection form, the next element ends the result.
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let b = scheduler.createHotObservable([.next(215, 10), .next(240, 20), .next(250, 30)])
        let observer = scheduler.start { Observable.zip([a, b]) }
        XCTAssertEqual(observer.events, [.next(215, [1, 10]), .completed(240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
    }

    func testZipCollectionWithSelectorAndThrowingSelector() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20)])
        let observer = scheduler.start {
            Observable.zip([a, b]) { values -> Int in
                if values[0] == 2 { throw TestError("selector") }
                return values.reduce(0, +)
            }
        }
        XCTAssertEqual(observer.events, [.next(220, 11), .error(240, TestError("selector"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 240)])
    }

    func testZipCollectionErrorDisposesTheOtherSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("a"))])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20)])
        let observer = scheduler.start { Observable.zip([a, b]) }
        XCTAssertEqual(observer.events, [.next(220, [1, 10]), .error(230, TestError("a"))])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testZipCollectionOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.zip([Observable<Int>]()) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testZipCollectionDisposalDisposesEverySource() {
        let scheduler = TestScheduler()
        let sources = (0..<3).map { _ in scheduler.createHotObservable([.next(210, 1), .next(220, 2)]) }
        let observer = scheduler.start(disposed: 300) { Observable.zip(sources) }
        XCTAssertEqual(observer.events, [.next(210, [1, 1, 1]), .next(220, [2, 2, 2])])
        for source in sources { XCTAssertEqual(source.subscriptions, [Subscription(200, 300)]) }
    }
}
