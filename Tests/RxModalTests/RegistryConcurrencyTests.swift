import XCTest
import Dispatch
import RxModal
import RxModalPluginABI

/// The registry is used from several threads at once: one provider wins, the
/// rest are refused, and readers see a kind either not yet or fully registered.
final class RegistryConcurrencyTests: RxTestCase {
    func testConcurrentRegistrationsOfOneKindLetExactlyOneWin() throws {
        let registry = ModalRegistry()
        let contenders = 8
        // Only read by the threads below.
        nonisolated(unsafe) let descriptors = (0..<contenders).map { _ in InProcessDescriptor.make(kind: "contested", for: self) }
        let outcomes = Outcomes(count: contenders)

        DispatchQueue.concurrentPerform(iterations: contenders) { index in
            do {
                let kind = try registry.register(descriptor: descriptors[index])
                outcomes.record(index, (try? kind.descriptor) == descriptors[index] ? "won" : "wrong descriptor")
            } catch let error as SkippedPlugin {
                outcomes.record(index, error.reason == .duplicateKind("contested", providedBy: .inProcess) ? "refused" : "\(error)")
            } catch {
                outcomes.record(index, "\(error)")
            }
            // Any reader on any thread sees the winner, complete.
            let seen = try? registry.kind(named: "contested")
            if seen?.methods.map(\.name) != ["setFlag"] { outcomes.record(index, "incomplete read") }
        }

        let all = outcomes.values
        XCTAssertEqual(all.filter { $0 == "won" }.count, 1, "\(all)")
        XCTAssertEqual(all.filter { $0 == "refused" }.count, contenders - 1, "\(all)")
        let winner = try registry.kind(named: "contested")
        XCTAssertEqual(all[descriptors.firstIndex(of: try winner.descriptor)!], "won")
    }

    func testConcurrentLoadsOfTheSameDirectoryRegisterEachKindOnce() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.compile((0..<4).map { .init(variant: .good, kind: "k\($0)", path: "\(directory)/k\($0).so") })
        let registry = ModalRegistry()

        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            registry.load(.explicit([directory]))
            _ = registry.kinds
        }

        XCTAssertEqual(registry.kindNames, ["k0", "k1", "k2", "k3"])
        // Each of the three later loads reports each of the four files once.
        XCTAssertEqual(registry.skipped.count, 12)
        XCTAssertEqual(Set(registry.skipped.map(\.reason)), Set((0..<4).map {
            SkippedPlugin.Reason.duplicateKind("k\($0)", providedBy: .file("\(directory)/k\($0).so"))
        }))
    }
}

/// What each thread saw, by index.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String]

    init(count: Int) { storage = Array(repeating: "none", count: count) }

    func record(_ index: Int, _ value: String) {
        lock.lock(); defer { lock.unlock() }
        if storage[index] == "none" || value == "incomplete read" { storage[index] = value }
    }

    var values: [String] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }
}
