import XCTest
import RxCore
import RxTesting
import RxFlows

/// `enabled` is `!executing && latest(enabledIf)`.
final class ActionEnabledTests: RxTestCase {
    func testEnabledIsFalseUntilEnabledIfEmitsThenFollowsIt() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let condition = time.hot([.next(30, true), .next(40, true), .next(50, false), .next(60, true)])
        var factoryCalls = 0
        let action = Action<Void, Int>(enabledIf: condition.asObservable(), workFactory: {
            factoryCalls += 1
            return Observable.just(1)
        })
        let enabled = time.observer(Bool.self)
        let errors = time.observer(ActionError.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        time.at(10) { action.execute() }
        time.at(55) { action.execute() }
        time.at(65) { action.execute() }
        time.run()

        // The repeated `true` at 40 is not repeated on `enabled`.
        XCTAssertEqual(enabled.events, [.next(0, false), .next(30, true), .next(50, false), .next(60, true), .next(65, false), .next(65, true)])
        XCTAssertEqual(errors.events, [.next(10, .notEnabled), .next(55, .notEnabled)])
        XCTAssertEqual(factoryCalls, 1)
    }

    func testEnabledCombinesTheConditionWithExecuting() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let condition = time.hot([.next(5, true), .next(50, false), .next(60, true)])
        let work = time.cold([.completed(20, String.self)])
        let action = Action<Void, String>(enabledIf: condition.asObservable(), workFactory: { work.asObservable() })
        let enabled = time.observer(Bool.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        // Runs from 35 to 55; the condition is false from 50 to 60.
        time.at(35) { action.execute() }
        time.run()

        XCTAssertEqual(enabled.events, [.next(0, false), .next(5, true), .next(35, false), .next(60, true)])
    }

    func testAnErrorFromEnabledIfDisablesTheAction() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let condition = time.hot([.next(5, true), .error(20, TestError(), Bool.self)])
        let action = Action<Void, Int>(enabledIf: condition.asObservable(), workFactory: { Observable.just(1) })
        let enabled = time.observer(Bool.self)
        let errors = time.observer(ActionError.self)
        action.enabled.subscribe(enabled).disposed(by: bag)
        action.errors.subscribe(errors).disposed(by: bag)
        time.at(30) { action.execute() }
        time.run()

        XCTAssertEqual(enabled.events, [.next(0, false), .next(5, true), .next(20, false)])
        XCTAssertEqual(errors.events, [.next(30, .notEnabled)])
    }

    func testTheActionUnsubscribesFromEnabledIfWhenReleased() {
        let time = VirtualTime()
        let condition = time.hot([.next(5, true)])
        var action: Action<Void, Int>? = Action(enabledIf: condition.asObservable(), workFactory: { Observable.just(1) })
        time.at(40) { action = nil }
        time.run()

        XCTAssertNil(action)
        XCTAssertEqual(condition.subscriptions, [Subscription(0, 40)])
    }
}
