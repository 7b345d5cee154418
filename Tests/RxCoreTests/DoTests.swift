import XCTest
import RxCore
import RxTesting

/// Operators that observe or reshape the event stream itself: do, debug,
/// materialize, dematerialize, startWith.
final class DoTests: RxTestCase {

    // MARK: do — order of callbacks

    func testDoCallbacksRunInOrderAroundSubscriptionAndDelivery() {
        var log: [String] = []
        let box = DrivenObserver<Int>()
        let source = Observable<Int>.create { observer in
            log.append("source subscribed")
            box.observer = observer
            return Disposables.create { log.append("source disposed") }
        }
        let subscription = source.do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onNext: { log.append("deliver \($0)") }, onCompleted: { log.append("deliver completed") })
        log.append("subscribe returned")
        box.observer?.onNext(1)
        box.observer?.onNext(2)
        box.observer?.onCompleted()

        XCTAssertEqual(log, [
            "onSubscribe", "source subscribed", "onSubscribed", "subscribe returned",
            "onNext 1", "deliver 1", "afterNext 1",
            "onNext 2", "deliver 2", "afterNext 2",
            "onCompleted", "deliver completed", "afterCompleted", "source disposed", "onDispose",
        ])
        subscription.dispose()
        XCTAssertEqual(log.filter { $0 == "onDispose" }.count, 1, "onDispose runs once")
        box.observer = nil
    }

    func testDoAfterCompletedRunsBeforeOnDispose() {
        // RxSwift runs the "after" handler as part of the sequence, then disposes.
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.do(
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onCompleted: { log.append("deliver completed") })
        subject.onCompleted()
        XCTAssertEqual(log, ["onCompleted", "deliver completed", "afterCompleted", "onDispose"])
        subscription.dispose()
    }

    func testDoAfterErrorRunsBeforeOnDispose() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.do(
            onError: { _ in log.append("onError") },
            afterError: { _ in log.append("afterError") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onError: { _ in log.append("deliver error") })
        subject.onError(TestError())
        XCTAssertEqual(log, ["onError", "deliver error", "afterError", "onDispose"])
        subscription.dispose()
    }

    func testDoErrorCallbacksRunAroundDelivery() {
        var log: [String] = []
        _ = Observable<Int>.error(TestError("e")).do(
            onError: { log.append("onError \($0)") },
            afterError: { log.append("afterError \($0)") }
        ).subscribe(onError: { log.append("deliver \($0)") })
        XCTAssertEqual(log, ["onError TestError(e)", "deliver TestError(e)", "afterError TestError(e)"])
    }

    func testDoOnSubscribeAndOnDisposeFollowTheTimeline() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var subscribedAt: [TestTime] = [], disposedAt: [TestTime] = [], nextAt: [TestTime] = []
        let observer = scheduler.start {
            source.asObservable().do(
                onNext: { _ in nextAt.append(scheduler.clock) },
                onSubscribe: { subscribedAt.append(scheduler.clock) },
                onDispose: { disposedAt.append(scheduler.clock) }
            )
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(subscribedAt, [200])
        XCTAssertEqual(nextAt, [210, 220])
        XCTAssertEqual(disposedAt, [300])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testDoOnDisposeRunsWhenTheSubscriptionIsDisposed() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        var disposedAt: [TestTime] = []
        let observer = scheduler.start(disposed: 300) {
            source.asObservable().do(onDispose: { disposedAt.append(scheduler.clock) })
        }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(disposedAt, [300])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testDoRunsItsSubscribeCallbacksForEverySubscription() {
        var subscribes = 0, disposes = 0
        let source = Observable.of(1, 2).do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
        _ = source.subscribe()
        _ = source.subscribe()
        XCTAssertEqual(subscribes, 2)
        XCTAssertEqual(disposes, 2)
    }

    // MARK: do — throwing handlers

    func testDoThrowingOnNextReplacesTheElementWithTheErrorAndStops() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var calls: [Int] = []
        let observer = scheduler.start {
            source.asObservable().do(onNext: { value in
                calls.append(value)
                if value == 2 { throw TestError("onNext") }
            })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("onNext"))])
        XCTAssertEqual(calls, [1, 2])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDoThrowingAfterNextDeliversTheElementThenFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().do(afterNext: { value in
                if value == 2 { throw TestError("afterNext") }
            })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .error(220, TestError("afterNext"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDoThrowingOnErrorReplacesTheError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let observer = scheduler.start {
            source.asObservable().do(onError: { _ in throw TestError("handler") })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("handler"))])
    }

    func testDoThrowingOnCompletedTurnsCompletionIntoError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().do(onCompleted: { throw TestError("onCompleted") })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(300, TestError("onCompleted"))])
    }

    func testDoThrowingAfterCompletedCannotAddAnEventAfterCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start {
            source.asObservable().do(afterCompleted: { throw TestError("afterCompleted") })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(300)])
    }

    // MARK: debug

    func testDebugPassesEveryEventThrough() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError())])
        let observer = scheduler.start { source.asObservable().debug("DoTests") }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .error(230, TestError())])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testDebugPassesCompletionAndDisposalThrough() {
        let scheduler = TestScheduler()
        let completing = scheduler.createHotObservable([.next(210, "a"), .completed(250)])
        let completed = scheduler.start { completing.asObservable().debug("DoTests", trimOutput: true) }
        XCTAssertEqual(completed.events, [.next(210, "a"), .completed(250)])

        let endless = scheduler.createHotObservable([.next(1210, "b"), .next(1300, "c")])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) { endless.asObservable().debug() }
        XCTAssertEqual(disposed.events, [.next(1210, "b")])
        XCTAssertEqual(endless.subscriptions, [Subscription(1200, 1250)])
    }

    // MARK: materialize / dematerialize

    func testMaterializeTurnsEventsIntoElementsThenCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start { source.asObservable().materialize() }
        XCTAssertEqual(observer.events, [
            .next(210, Event.next(1)), .next(220, Event.next(2)), .next(300, Event<Int>.completed), .completed(300),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testMaterializeTurnsAnErrorIntoAnElementAndCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let observer = scheduler.start { source.asObservable().materialize() }
        XCTAssertEqual(observer.events, [
            .next(210, Event.next(1)), .next(220, Event<Int>.error(TestError("source"))), .completed(220),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testMaterializeDisposalUnsubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(500)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().materialize() }
        XCTAssertEqual(observer.events, [.next(210, Event.next(1))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testDematerializeTurnsElementsBackIntoEventsAndStopsAtTheFirstTerminal() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event<Int>.error(TestError("inner"))), .next(230, Event.next(2)),
            .completed(300),
        ])
        let observer = scheduler.start { source.asObservable().dematerialize() }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("inner"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeCompletesAtAnInnerCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event<Int>.completed), .next(230, Event.next(2)),
        ])
        let observer = scheduler.start { source.asObservable().dematerialize() }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeForwardsTheSourcesOwnTerminalEvents() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, Event.next(1)), .error(220, TestError("outer"))])
        let failed = scheduler.start { failing.asObservable().dematerialize() }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(220, TestError("outer"))])

        let completing = scheduler.createHotObservable([.next(1210, Event.next(2)), .completed(1220)])
        let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            completing.asObservable().dematerialize()
        }
        XCTAssertEqual(completed.events, [.next(1210, 2), .completed(1220)])
    }

    func testMaterializeThenDematerializeIsTheIdentity() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError())])
        let observer = scheduler.start { source.asObservable().materialize().dematerialize() }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .error(230, TestError())])
    }

    // MARK: startWith

    func testStartWithEmitsItsElementsAtSubscriptionThenTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .next(210, 3), .completed(300)])
        let observer = scheduler.start { source.asObservable().startWith(1, 2) }
        XCTAssertEqual(observer.events, [.next(200, 1), .next(200, 2), .next(210, 3), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testStartWithChainedPutsTheOutermostElementsFirst() {
        var received: [Int] = []
        _ = Observable.of(4).startWith(3).startWith(1, 2).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testStartWithForwardsErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.error(210, TestError(), Int.self)])
        let failed = scheduler.start { failing.asObservable().startWith(1) }
        XCTAssertEqual(failed.events, [.next(200, 1), .error(210, TestError())])

        let endless = scheduler.createHotObservable([.next(1210, 2), .next(1300, 3)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) { endless.asObservable().startWith(1) }
        XCTAssertEqual(disposed.events, [.next(1200, 1), .next(1210, 2)])
        XCTAssertEqual(endless.subscriptions, [Subscription(1200, 1250)])
    }

    func testStartWithRunsAgainForEverySubscription() {
        let source = Observable<Int>.empty().startWith(7)
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [7, 7])
    }

    func testSideEffectsRunInRxSwiftsOrderAroundASourceThatEndsWhileSubscribing() {
        // create disposes its closure's resources with the terminal event, so the
        // source is gone before do's onSubscribed runs, as in RxSwift.
        for failing in [false, true] {
            var log: [String] = []
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(0)
                if failing { observer.onError(TestError()) } else { observer.onCompleted() }
                return Disposables.create { log.append("source disposed") }
            }
            _ = source.do(
                onNext: { _ in log.append("onNext") },
                onError: { _ in log.append("onEnd") },
                onCompleted: { log.append("onEnd") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            ).subscribe { _ in }
            XCTAssertEqual(log, ["onSubscribe", "source subscribed", "onNext", "onEnd", "source disposed", "onSubscribed", "onDispose"], "failing: \(failing)")
        }
    }
}

/// Holds the observer a `create` closure received, so that a test can drive it.
private final class DrivenObserver<Element>: @unchecked Sendable {
    var observer: AnyObserver<Element>?
}
