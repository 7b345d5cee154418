import XCTest
import RxCore
import RxTesting
import RxFlows

/// Who owns an execution's work: the action, not the subscribers of `execute`.
final class ActionLifetimeTests: RxTestCase {
    func testDisposingTheExecuteResultDoesNotCancelTheWork() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .next(20, "y"), .completed(30)])
        let action = Action<Void, String>(workFactory: { work.asObservable() })
        let elements = time.observer(String.self)
        let result = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        var subscription: Disposable?
        time.at(100) { subscription = action.execute().subscribe(result) }
        time.at(115) { subscription?.dispose() }
        time.run()

        XCTAssertEqual(result.events, [.next(110, "x")])
        XCTAssertEqual(elements.events, [.next(110, "x"), .next(120, "y")])
        XCTAssertEqual(work.subscriptions, [Subscription(100, 130)])
    }

    func testReleasingTheActionCancelsTheWorkAndEndsItsStreams() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(10, "x"), .next(20, "y"), .completed(30)])
        var workDisposals = 0
        var action: Action<Void, String>? = Action(workFactory: {
            work.asObservable().do(onDispose: { workDisposals += 1 })
        })
        weak let released = action
        let result = time.observer(String.self)
        let elements = time.observer(String.self)
        let executing = time.observer(Bool.self)
        action!.elements.subscribe(elements).disposed(by: bag)
        action!.executing.subscribe(executing).disposed(by: bag)
        time.at(100) { action?.execute().subscribe(result).disposed(by: bag) }
        time.at(115) { action = nil }
        time.run()

        XCTAssertNil(released)
        XCTAssertEqual(workDisposals, 1)
        XCTAssertEqual(work.subscriptions, [Subscription(100, 115)])
        XCTAssertEqual(result.events, [.next(110, "x"), .error(115, RxError.disposed(object: "Action"))])
        XCTAssertEqual(elements.events, [.next(110, "x"), .completed(115)])
        XCTAssertEqual(executing.events, [.next(0, false), .next(100, true), .completed(115)])
    }

    func testARunningExecutionDoesNotRetainTheAction() {
        let time = VirtualTime()
        let work = time.cold([.next(10, "x")]) // never ends
        var action: Action<Void, String>? = Action(workFactory: { work.asObservable() })
        weak let released = action
        action!.execute()
        action = nil

        XCTAssertNil(released)
        XCTAssertEqual(work.subscriptions, [Subscription(0, 0)])
    }
}
