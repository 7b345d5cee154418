import XCTest
@testable import RxCore
import RxTesting

/// The subscriber's own end keeps the grammar even when its source does not:
/// a raw description (not `create`, which filters on its own) that goes on
/// sending after its terminal event, from inside the terminal callback or later.
final class SubscriptionSinkTests: RxTestCase {
    private final class Captured: @unchecked Sendable {
        var observer: AnyObserver<Int>?
        var disposed = 0
    }

    private func rawSource(_ captured: Captured) -> Observable<Int> {
        Observable { observer in
            captured.observer = observer
            return Disposables.create { captured.disposed += 1 }
        }
    }

    func testEventsSentFromInsideTheTerminalCallbackAreNotDelivered() {
        let captured = Captured()
        var events: [String] = []
        let subscription = rawSource(captured).subscribe(
            onNext: { events.append("next \($0)") },
            onError: { _ in events.append("error") },
            onCompleted: {
                events.append("completed")
                captured.observer?.onNext(2)
                captured.observer?.onError(TestError())
                captured.observer?.onCompleted()
            },
            onDisposed: { events.append("disposed") })
        captured.observer?.onNext(1)
        captured.observer?.onCompleted()
        captured.observer?.onNext(3)
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertEqual(captured.disposed, 1, "upstream disposed once, after the terminal event")
        subscription.dispose()
        XCTAssertEqual(captured.disposed, 1)
        captured.observer = nil
    }

    func testAnErrorFromInsideOnNextEndsTheSubscriptionAfterThatCallback() {
        let captured = Captured()
        var events: [String] = []
        _ = rawSource(captured).subscribe(
            onNext: { value in
                events.append("next \(value) begins")
                captured.observer?.onError(TestError())   // re-entrant: waits for this callback
                captured.observer?.onNext(value + 1)
                events.append("next \(value) ends")
            },
            onError: { _ in events.append("error") },
            onCompleted: { events.append("completed") })
        captured.observer?.onNext(1)
        captured.observer?.onNext(5)
        XCTAssertEqual(events, ["next 1 begins", "next 1 ends", "error"])
        XCTAssertEqual(captured.disposed, 1)
        captured.observer = nil
    }
}
