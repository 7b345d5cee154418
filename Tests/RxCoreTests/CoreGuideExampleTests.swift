import XCTest
import RxCore
import RxTesting

/// The examples of docs/guides/Core.md, so that the guide is known to work.
final class CoreGuideExampleTests: RxTestCase {
    func testAFirstChain() {
        var printed: [String] = []
        do {
            let bag = DisposeBag()
            Observable.range(start: 1, count: 5)
                .filter { $0 % 2 == 1 }
                .map { $0 * 10 }
                .subscribe(onNext: { printed.append("\($0)") }, onCompleted: { printed.append("done") })
                .disposed(by: bag)
        }
        XCTAssertEqual(printed, ["10", "30", "50", "done"])
    }

    func testTestingATimelineOnVirtualTime() {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, ()), .next(220, ()), .next(300, ())])
        let observer = scheduler.start {
            taps.asObservable()
                .throttle(.seconds(50), latest: false, scheduler: scheduler)
                .map { "tap" }
        }
        XCTAssertEqual(observer.events, [.next(210, "tap"), .next(300, "tap")])
    }

    func testAsyncAwait() async throws {
        let value = try await Single.just(41).map { $0 + 1 }.value
        XCTAssertEqual(value, 42)
        var words: [String] = []
        for try await word in Observable.of("a", "b").values { words.append(word) }
        XCTAssertEqual(words, ["a", "b"])
        let fetched = try await Single<Int>.fromAsync { try await Task.sleep(nanoseconds: 1_000); return 7 }.value
        XCTAssertEqual(fetched, 7)
    }
}
