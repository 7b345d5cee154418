import XCTest
import Dispatch
import RxCore
import RxFlows

/// Executing from several threads at once: every call is either accepted or
/// rejected, and the streams agree with each other.
final class ActionConcurrencyTests: RxTestCase {
    func testConcurrentExecutionsAreAcceptedOneAtATimeAndStreamsAgree() {
        let factoryCalls = ManagedCounter()
        let action = Action<Int, Int>(workFactory: { input in
            factoryCalls.increment()
            return Observable.just(input)
        })
        let bag = DisposeBag()
        let elements = ManagedCounter()
        let rejected = ManagedCounter()
        let executingLog = ManagedLog()
        action.elements.subscribe(onNext: { _ in elements.increment() }).disposed(by: bag)
        action.errors.subscribe(onNext: { if $0 == .notEnabled { rejected.increment() } }).disposed(by: bag)
        action.executing.subscribe(onNext: { executingLog.append($0) }).disposed(by: bag)

        // Bounded: 4 threads × 250 calls of synchronous work.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for call in 0..<250 { action.execute(thread * 1000 + call) }
        }

        XCTAssertEqual(factoryCalls.value + rejected.value, 1000)
        XCTAssertEqual(elements.value, factoryCalls.value)
        let log = executingLog.values
        XCTAssertEqual(log.count, 1 + 2 * factoryCalls.value)
        // false, then strictly alternating true/false: never two executions at once.
        XCTAssertTrue(log.enumerated().allSatisfy { index, value in value == !index.isMultiple(of: 2) })
    }
}

/// A counter several threads may bump.
private final class ManagedCounter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0
    func increment() { queue.sync { count += 1 } }
    var value: Int { queue.sync { count } }
}

private final class ManagedLog: @unchecked Sendable {
    private let queue = DispatchQueue(label: "log")
    private var entries: [Bool] = []
    func append(_ value: Bool) { queue.sync { entries.append(value) } }
    var values: [Bool] { queue.sync { entries } }
}
