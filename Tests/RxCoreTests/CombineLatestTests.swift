import XCTest
import RxCore
import RxTesting

/// combineLatest in its fixed arities (tuple and selector forms) and its collection form.
final class CombineLatestTests: RxTestCase {
    func testCombineLatestEmitsOnceEverySourceHasEmittedThenOnEachElement() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 3), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, "a"), .next(230, "b"), .completed(280)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { "\($0)\($1)" } }
        XCTAssertEqual(observer.events, [.next(220, "1a"), .next(230, "1b"), .next(240, "3b"), .completed(300)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
        // A source that completes is released at once, as in RxSwift.
        XCTAssertEqual(b.subscriptions, [Subscription(200, 280)])
    }

    func testCombineLatestTupleFormPairsTheLatestElements() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, "x"), .next(240, "y")])
        let observer = scheduler.start { Observable.combineLatest(a, b).map { "\($0.0)\($0.1)" } }
        XCTAssertEqual(observer.events, [.next(220, "1x"), .next(230, "2x"), .next(240, "2y")])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatestSourceCompletingWithoutElementsEndsTheResultAtTheOthersNextElement() {
        // As in RxSwift: b's empty completion alone ends nothing; a's next element,
        // which can never be combined, does.
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let b = scheduler.createHotObservable([.completed(250, Int.self)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestOfNeverAndEmptyNeverEnds() {
        let scheduler = TestScheduler()
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let observer = scheduler.start { Observable.combineLatest(never, empty) { $0 + $1 } }
        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testCombineLatestKeepsUsingTheLastElementOfACompletedSource() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(230, 11), .next(240, 21), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestErrorEndsEverythingAtOnce() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("a"))])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(220, 11), .error(230, TestError("a"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestThrowingSelectorFailsAndDisposesTheSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, 10)])
        let observer = scheduler.start {
            Observable.combineLatest(a, b) { x, y -> Int in
                if x == 2 { throw TestError("selector") }
                return x + y
            }
        }
        XCTAssertEqual(observer.events, [.next(220, 11), .error(230, TestError("selector"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestDisposalDisposesEverySource() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(310, 20)])
        let observer = scheduler.start(disposed: 250) { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(220, 11)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestOfSynchronousSourcesInterleavesLikeRxSwift() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(200, 11), .next(200, 12), .next(200, 22), .next(200, 23), .completed(200)])
    }

    func testCombineLatestOfFourSourcesSelectorFormCompletesWhenAllComplete() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(310)])
        let c = scheduler.createHotObservable([.next(230, 3), .next(250, 30), .completed(320)])
        let d = scheduler.createHotObservable([.next(240, 4), .completed(330)])
        let observer = scheduler.start { Observable.combineLatest(a, b, c, d) { [$0, $1, $2, $3] } }
        XCTAssertEqual(observer.events, [.next(240, [1, 2, 3, 4]), .next(250, [1, 2, 30, 4]), .completed(330)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(d.subscriptions, [Subscription(200, 330)])
    }

    func testCombineLatestOfFourTupleFormMapsTheLatestElements() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let b = scheduler.createColdObservable([.next(20, 2), .completed(50)])
        let c = scheduler.createColdObservable([.next(30, 3), .completed(50)])
        let d = scheduler.createColdObservable([.next(40, 4), .next(45, 5), .completed(50)])
        let observer = scheduler.start { Observable.combineLatest(a, b, c, d).map { [$0.0, $0.1, $0.2, $0.3] } }
        XCTAssertEqual(observer.events, [.next(240, [1, 2, 3, 4]), .next(245, [1, 2, 3, 5]), .completed(250)])
        for source in [a, b, c, d] { XCTAssertEqual(source.subscriptions, [Subscription(200, 250)]) }
    }

    func testCombineLatestOfEightSourcesSelectorForm() {
        let scheduler = TestScheduler()
        let sources = (0..<8).map { index in
            scheduler.createColdObservable([.next(10 * (index + 1), index), .completed(100)])
        }
        let observer = scheduler.start {
            Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7]
            }
        }
        XCTAssertEqual(observer.events, [.next(280, Array(0..<8)), .completed(300)])
        for source in sources { XCTAssertEqual(source.subscriptions, [Subscription(200, 300)]) }
    }

    func testCombineLatestOfEightSourcesTupleForm() {
        let scheduler = TestScheduler()
        let sources = (0..<8).map { index in
            scheduler.createColdObservable([.next(10 * (8 - index), index), .completed(100)])
        }
        let observer = scheduler.start {
            Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7])
                .map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)\($0.6)\($0.7)" }
        }
        // The first source emits last: the tuple keeps each source in its position.
        XCTAssertEqual(observer.events, [.next(280, "01234567"), .completed(300)])
    }

    func testCombineLatestOfEightWithOneSourceEndingEmptyCompletesWhenAllHaveCompleted() {
        let scheduler = TestScheduler()
        let full = (0..<7).map { _ in scheduler.createHotObservable([.next(210, 1), .completed(400)]) }
        let empty = scheduler.createHotObservable([.completed(220, Int.self)])
        let observer = scheduler.start {
            Observable.combineLatest(full[0], full[1], full[2], full[3], full[4], full[5], full[6], empty) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        XCTAssertEqual(observer.events, [.completed(400)])
        for source in full { XCTAssertEqual(source.subscriptions, [Subscription(200, 400)]) }
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 220)])
    }

    // MARK: Collection form

    func testCombineLatestCollectionEmitsArraysOfTheLatestElements() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(310)])
        let c = scheduler.createHotObservable([.next(230, 3), .completed(320)])
        let observer = scheduler.start { Observable.combineLatest([a, b, c]) }
        XCTAssertEqual(observer.events, [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .completed(320)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 320)])
    }

    func testCombineLatestCollectionWithSelector() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let observer = scheduler.start { Observable.combineLatest([a, b]) { $0.reduce(0, +) } }
        XCTAssertEqual(observer.events, [.next(220, 3), .next(230, 5)])
    }

    func testCombineLatestCollectionOfNothingEmitsTheEmptyRowAndCompletes() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.combineLatest([Observable<Int>]()) }
        XCTAssertEqual(observer.events, [.next(200, []), .completed(200)])
        let summed = TestScheduler().start { Observable.combineLatest([Observable<Int>]()) { $0.reduce(0, +) } }
        XCTAssertEqual(summed.events, [.next(200, 0), .completed(200)])
    }

    func testCombineLatestCollectionSourceEndingEmptyCompletesWhenAllHaveCompleted() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.completed(230, Int.self)])
        let observer = scheduler.start { Observable.combineLatest([a, b]) }
        XCTAssertEqual(observer.events, [.completed(300)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestCollectionElementThatCanNeverBeCombinedEndsTheResult() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
        let b = scheduler.createHotObservable([.completed(230, Int.self)])
        let observer = scheduler.start { Observable.combineLatest([a, b]) }
        XCTAssertEqual(observer.events, [.completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestCollectionErrorDisposesTheOtherSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .error(250, TestError("a"))])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let observer = scheduler.start { Observable.combineLatest([a, b]) }
        XCTAssertEqual(observer.events, [.next(220, [1, 2]), .error(250, TestError("a"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestCollectionThrowingSelectorFailsAndDisposesTheSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, 1)])
        let observer = scheduler.start {
            Observable.combineLatest([a, b]) { values -> Int in
                if values[0] == 2 { throw TestError("selector") }
                return values[0]
            }
        }
        XCTAssertEqual(observer.events, [.next(220, 1), .error(230, TestError("selector"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestCollectionDisposalDisposesEverySource() {
        let scheduler = TestScheduler()
        let sources = (0..<3).map { _ in scheduler.createHotObservable([.next(210, 1), .completed(500)]) }
        let observer = scheduler.start(disposed: 300) { Observable.combineLatest(sources) }
        XCTAssertEqual(observer.events, [.next(210, [1, 1, 1])])
        for source in sources { XCTAssertEqual(source.subscriptions, [Subscription(200, 300)]) }
    }
}
