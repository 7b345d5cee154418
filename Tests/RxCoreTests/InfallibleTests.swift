import XCTest
import RxCore
import RxTesting

/// Infallible: how a failing sequence becomes one, creation, subscription, the
/// operators keeping the guarantee, and async iteration.
final class InfallibleTests: RxTestCase {
    func testAnErrorIsReplacedByAnElementAFallbackOrARecovery() {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("x"))])
        let fallback = scheduler.createColdObservable([.next(5, 9), .completed(6)]).asInfallible(onErrorJustReturn: 0)
        let justReturn = scheduler.record(failing.asInfallible(onErrorJustReturn: -1), subscribeAt: 200)
        let fellBack = scheduler.record(failing.asInfallible(onErrorFallbackTo: fallback), subscribeAt: 200)
        var recoveredFrom: [TestError] = []
        let recovered = scheduler.record(failing.asInfallible(onErrorRecover: { error in
            recoveredFrom.append(error as! TestError)
            return .just(7)
        }), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(justReturn.events, [.next(210, 1), .next(220, -1), .completed(220)])
        XCTAssertEqual(fellBack.events, [.next(210, 1), .next(225, 9), .completed(226)])
        XCTAssertEqual(recovered.events, [.next(210, 1), .next(220, 7), .completed(220)])
        XCTAssertEqual(recoveredFrom, [TestError("x")])
    }

    func testCreateDropsEventsAfterDisposalAndAfterCompletion() {
        var send: ((InfallibleEvent<Int>) -> Void)!
        var disposals = 0
        let infallible = Infallible<Int>.create { observer in
            send = observer
            return Disposables.create { disposals += 1 }
        }
        var elements: [Int] = []
        var completions = 0
        let first = infallible.subscribe(onNext: { elements.append($0) }, onCompleted: { completions += 1 })
        send(.next(1))
        first.dispose()
        send(.next(2))
        XCTAssertEqual(elements, [1])
        XCTAssertEqual(disposals, 1)

        _ = infallible.subscribe(onNext: { elements.append($0) }, onCompleted: { completions += 1 })
        send(.next(3))
        send(.completed)
        send(.next(4))
        XCTAssertEqual(elements, [1, 3])
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(disposals, 2, "completion releases what create returned")
    }

    func testRelaysAreInfallible() {
        let scheduler = TestScheduler()
        let behavior = BehaviorRelay(value: 1)
        let publish = PublishRelay<Int>()
        scheduler.scheduleAt(210) { behavior.accept(2); publish.accept(3) }
        let fromBehavior = scheduler.record(behavior.asInfallible(), subscribeAt: 200)
        let fromPublish = scheduler.record(publish.asInfallible(), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(fromBehavior.events, [.next(200, 1), .next(210, 2)])
        XCTAssertEqual(fromPublish.events, [.next(210, 3)])
    }

    func testSubscribeWithAnObjectHoldsItWeakly() {
        final class Owner { var seen: [Int] = [] }
        var owner: Owner? = Owner()
        weak let gone = owner
        let subject = PublishSubject<Int>()
        let subscription = subject.asInfallible(onErrorJustReturn: 0)
            .subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
        subject.onNext(1)
        XCTAssertEqual(owner?.seen, [1])
        owner = nil
        XCTAssertNil(gone)
        subject.onNext(2)
        subscription.dispose()
    }

    func testOperatorsCombineAndFlattenInfallibles() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)]).asInfallible(onErrorFallbackTo: .never())
        let b = scheduler.createColdObservable([.next(20, 10), .completed(50)]).asInfallible(onErrorFallbackTo: .never())
        let combined = scheduler.record(Infallible.combineLatest(a, b).map { $0 + $1 }, subscribeAt: 200)
        let zipped = scheduler.record(Infallible.zip([a, b]), subscribeAt: 200)
        let flattened = scheduler.record(a.flatMap { Infallible.just($0 * 2) }.scan(0, accumulator: +), subscribeAt: 200)
        scheduler.start()
        XCTAssertEqual(combined.events, [.next(220, 11), .next(230, 13), .completed(250)])
        XCTAssertEqual(zipped.events, [.next(220, [1, 10]), .completed(250)], "a completes holding 3, which b could still pair")
        XCTAssertEqual(flattened.events, [.next(210, 2), .next(230, 8), .completed(240)])
    }

    func testValuesIterateToCompletion() async {
        var values: [Int] = []
        for await value in Infallible.from(1...5).values {
            values.append(value)
        }
        XCTAssertEqual(values, [1, 2, 3, 4, 5])
    }
}
