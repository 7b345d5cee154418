import XCTest
import RxCore
import RxTesting
import RxFlows

/// The streams of an action over two executions, for each kind of work.
final class ActionTimelineTests: RxTestCase {
    func testSingleElementWorkTimelines() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<String, String>(workFactory: { Observable.just($0) })
        let enabled = time.observer(Bool.self)
        let executing = time.observer(Bool.self)
        let elements = time.observer(String.self)
        let errors = time.observer(ActionError.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.executing.subscribe(executing).disposed(by: bag)
        action.elements.subscribe(elements).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        time.at(10) { action.execute("a") }
        time.at(20) { action.execute("b") }
        time.run()

        XCTAssertEqual(enabled.events, [.next(0, true), .next(10, false), .next(10, true), .next(20, false), .next(20, true)])
        XCTAssertEqual(executing.events, [.next(0, false), .next(10, true), .next(10, false), .next(20, true), .next(20, false)])
        XCTAssertEqual(elements.events, [.next(10, "a"), .next(20, "b")])
        XCTAssertEqual(errors.events, [])
    }

    func testMultiElementWorkDeliversAllElementsOfEachExecution() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<String, String>(workFactory: { Observable.of($0 + "1", $0 + "2", $0 + "3") })
        let elements = time.observer(String.self)
        let executing = time.observer(Bool.self)
        action.elements.subscribe(elements).disposed(by: bag)
        action.executing.subscribe(executing).disposed(by: bag)
        time.at(10) { action.execute("a") }
        time.at(20) { action.execute("b") }
        time.run()

        XCTAssertEqual(elements.events, [
            .next(10, "a1"), .next(10, "a2"), .next(10, "a3"),
            .next(20, "b1"), .next(20, "b2"), .next(20, "b3"),
        ])
        XCTAssertEqual(executing.events, [.next(0, false), .next(10, true), .next(10, false), .next(20, true), .next(20, false)])
    }

    func testTimedWorkKeepsTheActionDisabledUntilItCompletes() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(5, "x"), .next(10, "y"), .completed(15)])
        let action = Action<Void, String>(workFactory: { work.asObservable() })
        let enabled = time.observer(Bool.self)
        let elements = time.observer(String.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.elements.subscribe(elements).disposed(by: bag)
        time.at(10) { action.execute() }
        time.at(40) { action.execute() }
        time.run()

        XCTAssertEqual(enabled.events, [.next(0, true), .next(10, false), .next(25, true), .next(40, false), .next(55, true)])
        XCTAssertEqual(elements.events, [.next(15, "x"), .next(20, "y"), .next(45, "x"), .next(50, "y")])
        XCTAssertEqual(work.subscriptions, [Subscription(10, 25), Subscription(40, 55)])
    }

    func testErroringWorkReportsUnderlyingErrorsAsElements() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let action = Action<String, String>(workFactory: { Observable.error(TestError($0)) })
        let enabled = time.observer(Bool.self)
        let executing = time.observer(Bool.self)
        let elements = time.observer(String.self)
        let errors = time.observer(ActionError.self)
        let underlying = time.observer(TestError?.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.executing.subscribe(executing).disposed(by: bag)
        action.elements.subscribe(elements).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        action.underlyingError.map { $0 as? TestError }.subscribe(underlying).disposed(by: bag)
        time.at(10) { action.execute("a") }
        time.at(20) { action.execute("b") }
        time.run()

        XCTAssertEqual(elements.events, [])
        XCTAssertEqual(errors.events, [.next(10, .underlyingError(TestError("a"))), .next(20, .underlyingError(TestError("b")))])
        XCTAssertEqual(underlying.events, [.next(10, TestError("a")), .next(20, TestError("b"))])
        XCTAssertEqual(enabled.events, [.next(0, true), .next(10, false), .next(10, true), .next(20, false), .next(20, true)])
        XCTAssertEqual(executing.events, [.next(0, false), .next(10, true), .next(10, false), .next(20, true), .next(20, false)])
    }

    func testDisabledActionNeverCallsTheFactoryAndReportsNotEnabled() {
        let time = VirtualTime()
        let bag = DisposeBag()
        var factoryCalls = 0
        let action = Action<String, String>(enabledIf: .just(false), workFactory: { input in
            factoryCalls += 1
            return Observable.just(input)
        })
        let enabled = time.observer(Bool.self)
        let executing = time.observer(Bool.self)
        let elements = time.observer(String.self)
        let errors = time.observer(ActionError.self)
        let executions = time.observer(Observable<String>.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.executing.subscribe(executing).disposed(by: bag)
        action.elements.subscribe(elements).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        action.executionObservables.subscribe(executions).disposed(by: bag)
        time.at(10) { action.execute("a") }
        time.at(20) { action.execute("b") }
        time.run()

        XCTAssertEqual(factoryCalls, 0)
        XCTAssertEqual(errors.events, [.next(10, .notEnabled), .next(20, .notEnabled)])
        XCTAssertEqual(enabled.events, [.next(0, false)])
        XCTAssertEqual(executing.events, [.next(0, false)])
        XCTAssertEqual(elements.events, [])
        XCTAssertEqual(executions.events.count, 0)
    }

    func testSynchronousWorkReportsExecutingAroundItsElements() {
        let bag = DisposeBag()
        let action = Action<String, String>(workFactory: { Observable.just($0) })
        var log: [String] = []
        action.executing.subscribe(onNext: { log.append("executing \($0)") }).disposed(by: bag)
        action.elements.subscribe(onNext: { log.append("element \($0)") }).disposed(by: bag)
        action.enabled.subscribe(onNext: { log.append("enabled \($0)") }).disposed(by: bag)
        log.removeAll()
        action.execute("a")

        XCTAssertEqual(log, ["executing true", "enabled false", "element a", "executing false", "enabled true"])
    }

    func testExecutionObservablesReplayEachAcceptedExecution() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(5, "x"), .completed(10)])
        let action = Action<Void, String>(workFactory: { work.asObservable() })
        let replayed = time.observer(String.self)
        // Each execution is subscribed to 20 ticks after it started, once it is over.
        // (The inner subscriptions go to a second bag: the closure must not capture
        // the bag that holds its own subscription.)
        let inner = DisposeBag()
        action.executionObservables.subscribe(onNext: { execution in
            time.at(time.clock + 20) { execution.subscribe(replayed).disposed(by: inner) }
        }).disposed(by: bag)
        time.at(10) { action.execute() }
        time.at(15) { action.execute() } // rejected: no execution observable
        time.at(50) { action.execute() }
        time.run()

        XCTAssertEqual(replayed.events, [.next(30, "x"), .completed(30), .next(70, "x"), .completed(70)])
        XCTAssertEqual(work.subscriptions, [Subscription(10, 20), Subscription(50, 60)])
    }
}
