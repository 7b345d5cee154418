import XCTest
import Dispatch
import RxModal

/// The gate behind the "no callback after dispose returns" promise of C observers
/// and of kinds defined in Swift: calls one at a time, `close()` waiting for a call
/// running on another thread, re-entrant calls and closes going through.
final class CallGateTests: RxTestCase {
    /// A flag several threads read and write.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }

    func testCloseWaitsForACallRunningOnAnotherThread() {
        let gate = CallGate()
        let entered = DispatchSemaphore(value: 0)
        let finished = Flag()
        DispatchQueue.global().async {
            gate.pass {
                entered.signal()
                usleep(100_000)
                finished.set()
            }
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
        gate.close()
        XCTAssertTrue(finished.isSet, "close() returned while the call was still running")
        XCTAssertTrue(gate.isClosed)
    }

    func testNothingPassesOnceClosed() {
        let gate = CallGate()
        gate.close()
        var ran = false
        XCTAssertFalse(gate.pass { ran = true })
        XCTAssertFalse(ran)
    }

    func testATerminalCallClosesTheGateAsItStarts() {
        let gate = CallGate()
        var calls = 0
        XCTAssertTrue(gate.pass(closeAfter: true) {
            calls += 1
            XCTAssertTrue(gate.isClosed)
        })
        XCTAssertFalse(gate.pass { calls += 1 })
        XCTAssertEqual(calls, 1)
    }

    func testACallFromInsideACallAndACloseFromInsideGoThrough() {
        let gate = CallGate()
        var order: [String] = []
        gate.pass {
            order.append("outer")
            gate.pass { order.append("inner") }
            gate.close()
            order.append("closed inside")
        }
        XCTAssertEqual(order, ["outer", "inner", "closed inside"])
        XCTAssertFalse(gate.pass { order.append("after") })
    }

    /// How many threads are inside the gate, at most and in all.
    private final class Occupancy: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var most = 0
        private(set) var total = 0
        func enter() { lock.lock(); inside += 1; most = max(most, inside); total += 1; lock.unlock() }
        func leave() { lock.lock(); inside -= 1; lock.unlock() }
    }

    func testCallsFromSeveralThreadsNeverOverlap() {
        let gate = CallGate()
        let occupancy = Occupancy()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                gate.pass {
                    occupancy.enter()
                    sched_yield()
                    occupancy.leave()
                }
            }
        }
        XCTAssertEqual(occupancy.most, 1)
        XCTAssertEqual(occupancy.total, 2_000)
    }
}
