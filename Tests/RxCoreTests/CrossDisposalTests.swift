import Foundation
import XCTest
@testable import RxCore

/// Two callbacks running on two threads, each disposing the other's
/// subscription: each `dispose()` would wait for the other callback to return,
/// for ever. (A modal flow whose answer arrives on a surface's thread while its
/// subscriber is still setting it up did exactly that.) Both must return, no
/// callback may start after its disposal, and each subscription must be fully
/// disposed — upstream and `onDisposed` — exactly once.
final class CrossDisposalTests: RxTestCase {
    private final class Subscriptions: @unchecked Sendable {
        var first: Disposable?
        var second: Disposable?
    }

    func testCallbacksOnTwoThreadsThatDisposeEachOthersSubscriptionsBothReturn() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscriptions = Subscriptions()
        let log = SharedValue<[String]>([])
        let firstInside = DispatchSemaphore(value: 0)
        let secondInside = DispatchSemaphore(value: 0)

        subscriptions.first = first.subscribe(
            onNext: { value in
                log.withLock { $0.append("first \(value) begins") }
                firstInside.signal()
                secondInside.wait()               // both callbacks are running now
                subscriptions.second?.dispose()
                log.withLock { $0.append("first \(value) ends") }
            },
            onDisposed: { log.withLock { $0.append("first disposed") } })
        subscriptions.second = second.subscribe(
            onNext: { value in
                log.withLock { $0.append("second \(value) begins") }
                secondInside.signal()
                firstInside.wait()
                subscriptions.first?.dispose()
                log.withLock { $0.append("second \(value) ends") }
            },
            onDisposed: { log.withLock { $0.append("second disposed") } })

        let finished = DispatchGroup()
        for subject in [first, second] {
            finished.enter()
            Thread {
                subject.onNext(1)
                subject.onNext(2)                 // after its disposal: never delivered
                finished.leave()
            }.start()
        }
        guard finished.wait(timeout: .now() + 20) == .success else {
            return XCTFail("the two disposals waited for each other: \(log.value)")
        }

        let events = log.value
        for name in ["first", "second"] {
            XCTAssertEqual(events.filter { $0.hasPrefix(name) }.sorted(),
                           ["\(name) 1 begins", "\(name) 1 ends", "\(name) disposed"], "\(events)")
        }
        // Neither subject keeps an observer: both subscriptions were disposed for real.
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
        subscriptions.first = nil
        subscriptions.second = nil
    }

    func testCrossDisposalResolvesEveryTimeWhicheverThreadHandsItsDisposalOver() {
        // Which of the two threads finds the cycle and hands its disposal over to
        // the other depends on timing; every run must end the same way.
        for _ in 0..<20 {
            testCallbacksOnTwoThreadsThatDisposeEachOthersSubscriptionsBothReturn()
        }
    }
}
