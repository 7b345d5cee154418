import XCTest
import RxCore
import RxTesting
import RxFlows

/// What `execute` returns, and what happens to concurrent calls.
final class ActionExecuteTests: RxTestCase {
    func testExecuteReplaysTheWholeExecutionToEverySubscriberAndRunsTheWorkOnce() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .next(20, "y"), .completed(30)])
        var factoryCalls = 0
        let action = Action<Void, String>(workFactory: {
            factoryCalls += 1
            return work.asObservable()
        })
        var result: Observable<String>?
        let early = time.observer(String.self)
        let middle = time.observer(String.self)
        let late = time.observer(String.self)
        time.at(100) {
            result = action.execute()
            result?.subscribe(early).disposed(by: bag)
        }
        time.at(115) { result?.subscribe(middle).disposed(by: bag) }
        time.at(200) { result?.subscribe(late).disposed(by: bag) }
        time.run()

        XCTAssertEqual(early.events, [.next(110, "x"), .next(120, "y"), .completed(130)])
        XCTAssertEqual(middle.events, [.next(115, "x"), .next(120, "y"), .completed(130)])
        XCTAssertEqual(late.events, [.next(200, "x"), .next(200, "y"), .completed(200)])
        XCTAssertEqual(factoryCalls, 1)
        XCTAssertEqual(work.subscriptions, [Subscription(100, 130)])
    }

    func testExecuteRunsTheWorkEvenWhenNobodySubscribesToTheResult() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .completed(20)])
        let action = Action<Void, String>(workFactory: { work.asObservable() })
        let elements = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        time.at(100) { action.execute() }
        time.run()

        XCTAssertEqual(elements.events, [.next(110, "x")])
        XCTAssertEqual(work.subscriptions, [Subscription(100, 120)])
    }

    func testExecuteOfFailingWorkReplaysTheUnderlyingError() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .error(20, TestError("down"))])
        let action = Action<Void, String>(workFactory: { work.asObservable() })
        var result: Observable<String>?
        let early = time.observer(String.self)
        let late = time.observer(String.self)
        time.at(100) {
            result = action.execute()
            result?.subscribe(early).disposed(by: bag)
        }
        time.at(300) { result?.subscribe(late).disposed(by: bag) }
        time.run()

        XCTAssertEqual(early.events, [.next(110, "x"), .error(120, ActionError.underlyingError(TestError("down")))])
        XCTAssertEqual(late.events, [.next(300, "x"), .error(300, ActionError.underlyingError(TestError("down")))])
    }

    func testExecutingWhileExecutingRejectsOnlyTheNewCall() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .completed(20)])
        var factoryCalls = 0
        let action = Action<Void, String>(workFactory: {
            factoryCalls += 1
            return work.asObservable()
        })
        let first = time.observer(String.self)
        let second = time.observer(String.self)
        let elements = time.observer(String.self)
        let errors = time.observer(ActionError.self)
        action.elements.subscribe(elements).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        time.at(100) { action.execute().subscribe(first).disposed(by: bag) }
        time.at(105) { action.execute().subscribe(second).disposed(by: bag) }
        time.run()

        XCTAssertEqual(first.events, [.next(110, "x"), .completed(120)])
        XCTAssertEqual(second.events, [.error(105, ActionError.notEnabled)])
        XCTAssertEqual(elements.events, [.next(110, "x")])
        XCTAssertEqual(errors.events, [.next(105, .notEnabled)])
        XCTAssertEqual(factoryCalls, 1)
    }

    func testTheActionIsEnabledAgainWhenTheResultCompletes() {
        let action = Action<Int, Int>(workFactory: { Observable.just($0) })
        var results: [Int] = []
        var chained: [Int] = []
        var second: Disposable?
        let first = action.execute(1).subscribe(
            onNext: { results.append($0) },
            onCompleted: { second = action.execute(2).subscribe(onNext: { chained.append($0) }) }
        )

        XCTAssertEqual(results, [1])
        XCTAssertEqual(chained, [2])
        first.dispose()
        second?.dispose()
    }

    func testInputsExecuteAndIgnoreErrorAndCompleted() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<String, String>(workFactory: { Observable.just($0.uppercased()) })
        let elements = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        let inputs = action.inputs
        time.at(10) { inputs.onNext("a") }
        time.at(15) { inputs.onError(TestError()) }
        time.at(20) { inputs.onNext("b") }
        time.at(25) { inputs.onCompleted() }
        time.at(30) { inputs.onNext("c") }
        time.run()

        XCTAssertEqual(elements.events, [.next(10, "A"), .next(20, "B"), .next(30, "C")])
    }

    func testInputsDoNotRetainTheAction() {
        var action: Action<String, String>? = Action(workFactory: { Observable.just($0) })
        weak let released = action
        let inputs = action!.inputs
        action = nil

        XCTAssertNil(released)
        inputs.onNext("ignored") // executes nothing, and must not crash
    }
}
