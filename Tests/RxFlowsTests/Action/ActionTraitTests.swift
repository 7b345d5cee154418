import XCTest
import RxCore
import RxTesting
import RxFlows

/// Actions whose work is a Single, a Maybe or a Completable, and the aliases.
final class ActionTraitTests: RxTestCase {
    func testSingleWorkYieldsOneElementPerExecution() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<Int, String>(workFactory: { (number: Int) -> Single<String> in Single.just("#\(number)") })
        let elements = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        time.at(10) { action.execute(1) }
        time.at(20) { action.execute(2) }
        time.run()

        XCTAssertEqual(elements.events, [.next(10, "#1"), .next(20, "#2")])
    }

    func testEmptyMaybeWorkCompletesTheExecutionWithoutElements() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<Int, String>(workFactory: { (number: Int) -> Maybe<String> in
            number.isMultiple(of: 2) ? Maybe.just("even \(number)") : Maybe.empty()
        })
        let elements = time.observer(String.self)
        let executing = time.observer(Bool.self)
        let result = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        action.executing.subscribe(executing).disposed(by: bag)
        time.at(10) { action.execute(1).subscribe(result).disposed(by: bag) }
        time.at(20) { action.execute(2) }
        time.run()

        XCTAssertEqual(elements.events, [.next(20, "even 2")])
        XCTAssertEqual(result.events, [.completed(10)])
        XCTAssertEqual(executing.events, [.next(0, false), .next(10, true), .next(10, false), .next(20, true), .next(20, false)])
    }

    func testCompletableActionReportsCompletionsAndErrors() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = CompletableAction<Bool>(workFactory: { (succeed: Bool) -> Completable in
            succeed ? Completable.empty() : Completable.error(TestError("refused"))
        })
        let completions = time.observer(String.self)
        let errors = time.observer(ActionError.self)
        action.completions.map { "done" }.subscribe(completions).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        time.at(10) { action.execute(true) }
        time.at(20) { action.execute(false) }
        time.at(30) { action.execute(true) }
        time.run()

        XCTAssertEqual(completions.events, [.next(10, "done"), .next(30, "done")])
        XCTAssertEqual(errors.events, [.next(20, .underlyingError(TestError("refused")))])
    }

    func testCocoaActionExecutesWithoutInput() {
        let bag = DisposeBag()
        var runs = 0
        let action = CocoaAction(workFactory: { _ in
            runs += 1
            return Observable.just(())
        })
        var completed = 0
        action.execute().subscribe(onCompleted: { completed += 1 }).disposed(by: bag)
        action.execute().subscribe(onCompleted: { completed += 1 }).disposed(by: bag)

        XCTAssertEqual(runs, 2)
        XCTAssertEqual(completed, 2)
    }
}
