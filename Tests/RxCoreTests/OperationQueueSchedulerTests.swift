import XCTest
import Foundation
import RxCore
import RxFoundation

/// OperationQueueScheduler: work as operations, at the scheduler's priority.
final class OperationQueueSchedulerTests: RxTestCase {
    func testWorkRunsOnTheQueueAndDisposedWorkDoesNot() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let ran = SharedValue<[String]>([])
        _ = scheduler.schedule { ran.withLock { $0.append("kept") } }
        scheduler.schedule { ran.withLock { $0.append("disposed") } }.dispose()
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.value, ["kept"])
    }

    func testAHigherPriorityRunsFirstAmongWaitingOperations() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let low = OperationQueueScheduler(operationQueue: queue, queuePriority: .low)
        let high = OperationQueueScheduler(operationQueue: queue, queuePriority: .veryHigh)
        let ran = SharedValue<[String]>([])
        _ = low.schedule { ran.withLock { $0.append("low") } }
        _ = high.schedule { ran.withLock { $0.append("high") } }
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.value, ["high", "low"])
    }

    func testObservingOnAnOperationQueueDeliversEveryEventInOrder() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let events = SharedValue<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = Observable.from(0..<100).observe(on: scheduler)
            .subscribe(onNext: { value in events.withLock { $0.append(value) } }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(events.value, Array(0..<100))
        subscription.dispose()
    }
}
