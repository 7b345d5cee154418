import XCTest
import RxCore

/// The async-sequence bridge must end its subscription and release it, whether
/// the loop runs to the end or breaks early (RxTestCase checks the count).
final class ValuesBridgeTests: RxTestCase {
    func testIteratingToTheEndReleasesTheSubscription() async throws {
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { collected.append(value) }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testBreakingEarlyDisposesTheSubscription() async throws {
        let subject = PublishSubject<Int>()
        let feeder = Task {
            var value = 0
            while !Task.isCancelled {
                subject.onNext(value)
                value += 1
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        for try await value in subject.values where value >= 2 { break }
        feeder.cancel()
        _ = await feeder.result
        XCTAssertFalse(subject.hasObservers)
    }
}
