import XCTest
import RxCore

/// What a bag does with what it holds when it is released: each disposed once, in
/// the order inserted, and every one of them freed afterwards, whatever kind of
/// disposable it is (a class, a struct holding a class, a `Cancelable`, a
/// subscription).
final class DisposeBagTests: RxTestCase {
    final class Probe: Sendable {}

    /// A disposable that is a struct: the bag holds it inline in its existential.
    struct RecordingDisposable: Disposable {
        let name: String
        let log: Log
        let probe: Probe
        func dispose() { log.append(name) }
    }

    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    func testReleasingABagDisposesEachOnceInTheOrderInsertedAndFreesThemAll() {
        let log = Log()
        weak var structsProbe: Probe?
        weak var closuresProbe: Probe?
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        do {
            let bag = DisposeBag()
            let probe = Probe()
            structsProbe = probe
            let captured = Probe()
            closuresProbe = captured
            bag.insert(RecordingDisposable(name: "struct", log: log, probe: probe))
            bag.insert(Disposables.create { _ = captured; log.append("closure") })
            let cancelable: Cancelable = BooleanDisposable()
            bag.insert(cancelable)
            bag.insert(Disposables.create())
            subject.subscribe(onNext: { received.append($0) }, onDisposed: { log.append("subscription") })
                .disposed(by: bag)
            for index in 0..<20 { bag.insert(Disposables.create { log.append("\(index)") }) }
            subject.onNext(1)
            XCTAssertEqual(log.entries, [], "nothing is disposed while the bag lives")
            XCTAssertFalse(cancelable.isDisposed)
            _ = bag
        }
        XCTAssertEqual(log.entries, ["struct", "closure", "subscription"] + (0..<20).map { "\($0)" })
        XCTAssertNil(structsProbe, "the struct disposable was not freed with the bag")
        XCTAssertNil(closuresProbe, "the closure's captures were not freed with the bag")
        subject.onNext(2)
        XCTAssertEqual(received, [1], "the subscription still delivers after its bag was released")
    }

    func testAnonymousDisposableRunsItsActionOnceAndFreesItsCapturesAsItRuns() {
        weak var released: Probe?
        var runs = 0
        let disposable: Cancelable
        do {
            let probe = Probe()
            released = probe
            disposable = Disposables.create { _ = probe; runs += 1 }
        }
        XCTAssertNotNil(released)
        disposable.dispose()
        XCTAssertNil(released, "the action's captures outlived its run")
        disposable.dispose()
        XCTAssertEqual(runs, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testABagReleasedFromInsideAnotherBagsTeardownDisposesItsOwnInOrder() {
        var log: [String] = []
        do {
            let outer = DisposeBag()
            var inner: DisposeBag? = DisposeBag()
            inner!.insert(Disposables.create { log.append("inner 1") })
            inner!.insert(Disposables.create { log.append("inner 2") })
            outer.insert(Disposables.create { log.append("outer"); inner = nil })
            _ = outer
        }
        XCTAssertEqual(log, ["outer", "inner 1", "inner 2"])
    }
}
