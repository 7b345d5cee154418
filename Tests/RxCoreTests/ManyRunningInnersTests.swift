import XCTest
import RxCore

/// Operators and groups that keep many subscriptions at once: every event still
/// arrives once, each removal takes its own entry, whatever the order, and what is
/// left is disposed in the order it was added. (The costs of the same shapes are
/// rx-bench's row 9; these check behaviour only.)
final class ManyRunningInnersTests: RxTestCase {
    private func orders(_ count: Int) -> [String: [Int]] {
        var generator = SystemRandomNumberGenerator()
        return ["oldest first": Array(0..<count), "newest first": Array((0..<count).reversed()),
                "shuffled": Array(0..<count).shuffled(using: &generator)]
    }

    func testFlatMapOfManyLiveInnersDeliversEachOnceAndCompletesAfterTheLast() {
        let count = 3_000
        for (name, order) in orders(count) {
            let inners = (0..<count).map { _ in PublishSubject<Int>() }
            let outer = PublishSubject<Int>()
            var received: [Int] = []
            var completions = 0
            let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
            for index in 0..<count { outer.onNext(index) }
            outer.onCompleted()
            for index in order { inners[index].onNext(index) }
            for (position, index) in order.enumerated() {
                XCTAssertEqual(completions, 0, "\(name): completed with \(count - position) inners still running")
                inners[index].onCompleted()
                inners[index].onNext(-1)   // after its completion: not delivered
            }
            XCTAssertEqual(received, order, name)
            XCTAssertEqual(completions, 1, name)
            subscription.dispose()
            XCTAssertTrue(inners.allSatisfy { !$0.hasObservers }, "\(name): every inner subscription was released")
        }
    }

    func testFlatMapDisposedWithManyLiveInnersReleasesThemAll() {
        let inners = (0..<2_000).map { _ in PublishSubject<Int>() }
        let outer = PublishSubject<Int>()
        let subscription = outer.flatMap { inners[$0] }.subscribe()
        for index in inners.indices { outer.onNext(index) }
        for index in stride(from: 0, to: inners.count, by: 3) { inners[index].onCompleted() }
        XCTAssertEqual(inners.filter(\.hasObservers).count, inners.count - (inners.count + 2) / 3)
        subscription.dispose()
        XCTAssertFalse(inners.contains { $0.hasObservers })
    }

    func testACompositeDisposableRemovesByKeyInAnyOrderAndDisposesTheRestInOrder() {
        for (name, order) in orders(5_000) {
            let group = CompositeDisposable()
            var disposed: [Int] = []
            let keys = (0..<5_000).map { index in group.insert(Disposables.create { disposed.append(index) })! }
            let removed = Set(order.prefix(4_000))
            for index in order.prefix(4_000) { group.remove(for: keys[index]) }
            XCTAssertEqual(Set(disposed), removed, "\(name): removing disposes exactly the entry removed")
            XCTAssertEqual(group.count, 1_000, name)
            group.remove(for: keys[order[0]])   // already removed: nothing happens
            XCTAssertEqual(disposed.count, 4_000, name)
            disposed = []
            group.dispose()
            XCTAssertEqual(disposed, (0..<5_000).filter { !removed.contains($0) }, "\(name): the rest, in the order added")
        }
    }
}
