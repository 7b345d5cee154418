import XCTest
import RxCore
import RxTesting

final class CoreSmokeTests: RxTestCase {
    func testJustDeliversElementThenCompletion() {
        var events: [Event<Int>] = []
        _ = Observable.just(1).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testTakeStopsAnEndlessSynchronousSource() {
        var received: [Int] = []
        _ = Observable.repeatElement(7).take(3).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [7, 7, 7])
    }

    func testSynchronousSourcesInterleaveLikeRxSwift() {
        var received: [String] = []
        _ = Observable.combineLatest(Observable.of(1, 2), Observable.of(3, 4)) { "\($0)\($1)" }
            .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, ["13", "23", "24"])
    }

    func testMapFilterOnTestScheduler() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().map { $0 * 10 }.filter { $0 != 30 } }
        XCTAssertEqual(observer.events, [.next(210, 20), .next(230, 40), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testSubjectDeliversToEverySubscriber() {
        let subject = PublishSubject<Int>()
        var a: [Int] = [], b: [Int] = []
        let first = subject.subscribe(onNext: { a.append($0) })
        subject.onNext(1)
        let second = subject.subscribe(onNext: { b.append($0) })
        subject.onNext(2)
        first.dispose()
        subject.onNext(3)
        second.dispose()
        XCTAssertEqual(a, [1, 2])
        XCTAssertEqual(b, [2, 3])
        XCTAssertFalse(subject.hasObservers)
    }
}
