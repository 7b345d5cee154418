import XCTest
import RxCore
import RxTesting
import RxFlows

/// A coordinator whose flow is given by the test.
private final class ScriptedCoordinator<Result>: ReactiveCoordinator<Result> {
    private let flow: Observable<Result>
    private(set) var starts = 0

    init(flow: Observable<Result>) {
        self.flow = flow
    }

    override func start() -> Observable<Result> {
        starts += 1
        return flow
    }
}

/// When a child's flow starts, and when the child is released.
final class CoordinationLifetimeTests: RxTestCase {
    func testTheChildStartsAtSubscriptionOncePerCoordinate() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let source = time.hot([.next(30, "result"), .next(35, "ignored")])
        let child = ScriptedCoordinator(flow: source.asObservable())
        let first = time.observer(String.self)
        let second = time.observer(String.self)
        let late = time.observer(String.self)
        let bag = DisposeBag()
        var startsBeforeSubscription = -1
        var flow: Observable<String>?
        time.at(10) {
            flow = parent.coordinate(to: child)
            startsBeforeSubscription = child.starts
        }
        time.at(20) { flow?.subscribe(first).disposed(by: bag) }
        time.at(25) { flow?.subscribe(second).disposed(by: bag) }
        time.at(40) { flow?.subscribe(late).disposed(by: bag) }
        time.run()

        XCTAssertEqual(startsBeforeSubscription, 0)
        XCTAssertEqual(child.starts, 1)
        XCTAssertEqual(first.events, [.next(30, "result"), .completed(30)])
        XCTAssertEqual(second.events, [.next(30, "result"), .completed(30)])
        XCTAssertEqual(late.events, [.next(40, "result"), .completed(40)])
        XCTAssertEqual(source.subscriptions, [Subscription(20, 30)])
    }

    func testTheChildIsRetainedWhileRunningAndReleasedWithItsResult() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let source = time.hot([.next(30, 7)])
        var child: ScriptedCoordinator<Int>? = ScriptedCoordinator(flow: source.asObservable())
        weak let released = child
        let result = time.observer(Int.self)
        var subscription: Disposable?
        var retainedWhileRunning = false
        time.at(10) {
            subscription = parent.coordinate(to: child!).subscribe(result)
            child = nil
        }
        time.at(20) { retainedWhileRunning = released != nil && parent.childCoordinators.count == 1 }
        time.run()

        XCTAssertTrue(retainedWhileRunning)
        XCTAssertNil(released)
        XCTAssertEqual(parent.childCoordinators.count, 0)
        XCTAssertEqual(result.events, [.next(30, 7), .completed(30)])
        subscription?.dispose()
    }

    func testAChildThatCompletesWithoutAResultIsReleased() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let source = time.hot([.completed(30, Int.self)])
        var child: ScriptedCoordinator<Int>? = ScriptedCoordinator(flow: source.asObservable())
        weak let released = child
        let result = time.observer(Int.self)
        var subscription: Disposable?
        time.at(10) {
            subscription = parent.coordinate(to: child!).subscribe(result)
            child = nil
        }
        time.run()

        XCTAssertNil(released)
        XCTAssertEqual(parent.childCoordinators.count, 0)
        XCTAssertEqual(result.events, [.completed(30)])
        subscription?.dispose()
    }

    func testAChildWhoseFlowFailsIsReleased() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let source = time.hot([.error(30, TestError("lost"), Int.self)])
        var child: ScriptedCoordinator<Int>? = ScriptedCoordinator(flow: source.asObservable())
        weak let released = child
        let result = time.observer(Int.self)
        var subscription: Disposable?
        time.at(10) {
            subscription = parent.coordinate(to: child!).subscribe(result)
            child = nil
        }
        time.run()

        XCTAssertNil(released)
        XCTAssertEqual(result.events, [.error(30, TestError("lost"))])
        XCTAssertEqual(source.subscriptions, [Subscription(10, 30)])
        subscription?.dispose()
    }

    func testAChildThatNeverEmitsIsReleasedWhenTheSubscriptionIsDisposed() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let source = time.hot([Recorded<Event<Int>>]())
        var child: ScriptedCoordinator<Int>? = ScriptedCoordinator(flow: source.asObservable())
        weak let released = child
        var subscription: Disposable?
        var retainedWhileRunning = false
        time.at(10) {
            subscription = parent.coordinate(to: child!).subscribe()
            child = nil
        }
        time.at(40) { retainedWhileRunning = released != nil }
        time.at(50) { subscription?.dispose() }
        time.run()

        XCTAssertTrue(retainedWhileRunning)
        XCTAssertNil(released)
        XCTAssertEqual(parent.childCoordinators.count, 0)
        XCTAssertEqual(source.subscriptions, [Subscription(10, 50)])
    }

    func testACancelledFlowDoesNotStartAgain() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let child = ScriptedCoordinator(flow: Observable<Int>.never())
        let late = time.observer(Int.self)
        let bag = DisposeBag()
        var flow: Observable<Int>?
        var first: Disposable?
        time.at(10) {
            flow = parent.coordinate(to: child)
            first = flow?.subscribe()
        }
        time.at(20) { first?.dispose() }
        time.at(30) { flow?.subscribe(late).disposed(by: bag) }
        time.run()

        XCTAssertEqual(child.starts, 1)
        XCTAssertEqual(late.events, [.error(30, RxError.disposed(object: "coordination"))])
    }

    func testAStartThatWasNotOverriddenFailsTheFlowInsteadOfCrashing() {
        let time = VirtualTime()
        let parent = ReactiveCoordinator<Void>()
        let result = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(10) { parent.coordinate(to: ReactiveCoordinator<Int>()).subscribe(result).disposed(by: bag) }
        time.run()

        XCTAssertEqual(result.events, [.error(10, RxError.unimplemented("start()"))])
        XCTAssertEqual(parent.childCoordinators.count, 0)
    }

    func testReleasingTheParentEndsTheChildFlowsInItsDisposeBag() {
        let time = VirtualTime()
        let source = time.hot([Recorded<Event<Int>>]())
        var parent: ReactiveCoordinator<Void>? = ReactiveCoordinator()
        var child: ScriptedCoordinator<Int>? = ScriptedCoordinator(flow: source.asObservable())
        weak let releasedChild = child
        time.at(10) {
            parent!.coordinate(to: child!).subscribe().disposed(by: parent!.disposeBag)
            child = nil
        }
        time.at(50) { parent = nil }
        time.run()

        XCTAssertNil(releasedChild)
        XCTAssertEqual(source.subscriptions, [Subscription(10, 50)])
    }
}
