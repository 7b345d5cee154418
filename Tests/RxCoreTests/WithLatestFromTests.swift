import XCTest
import RxCore
import RxTesting

/// withLatestFrom (both forms) and sample (with and without a default value).
final class WithLatestFromTests: RxTestCase {
    // MARK: withLatestFrom

    func testWithLatestFromDropsElementsBeforeTheSecondEmits() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(290)])
        let second = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(260)])
        let observer = scheduler.start { source.withLatestFrom(second) { "\($0)\($1)" } }
        XCTAssertEqual(observer.events, [.next(230, "2a"), .next(250, "3b"), .completed(290)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 290)])
        // The second source's completion releases its subscription; its last element stays in use.
        XCTAssertEqual(second.subscriptions, [Subscription(200, 260)])
    }

    func testWithLatestFromWithoutSelectorEmitsTheSecondsLatestElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3)])
        let second = scheduler.createHotObservable([.next(220, "a"), .next(235, "b"), .next(236, "c")])
        let observer = scheduler.start { source.withLatestFrom(second) }
        XCTAssertEqual(observer.events, [.next(230, "a"), .next(240, "c")])
    }

    func testWithLatestFromSourceCompletionDisposesTheSecond() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let second = scheduler.createHotObservable([.next(220, "a"), .next(300, "b")])
        let observer = scheduler.start { source.withLatestFrom(second) }
        XCTAssertEqual(observer.events, [.next(230, "a"), .completed(240)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromErrorOfEitherSourceEndsEverything() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 1), .next(260, 2)])
        let second = scheduler.createHotObservable([.next(220, "a"), .error(240, TestError("second"))])
        let observer = scheduler.start { source.withLatestFrom(second) }
        XCTAssertEqual(observer.events, [.next(230, "a"), .error(240, TestError("second"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 240)])

        let otherScheduler = TestScheduler()
        let failing = otherScheduler.createHotObservable([.next(230, 1), .error(240, TestError("source"))])
        let other = otherScheduler.createHotObservable([.next(220, "a"), .next(300, "b")])
        let failed = otherScheduler.start { failing.withLatestFrom(other) }
        XCTAssertEqual(failed.events, [.next(230, "a"), .error(240, TestError("source"))])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromThrowingSelectorFailsAndDisposesBoth() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
        let second = scheduler.createHotObservable([.next(220, 10)])
        let observer = scheduler.start {
            source.withLatestFrom(second) { x, y -> Int in
                if x == 2 { throw TestError("selector") }
                return x + y
            }
        }
        XCTAssertEqual(observer.events, [.next(230, 11), .error(240, TestError("selector"))])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 240)])
    }

    func testWithLatestFromDisposalDisposesBoth() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 1), .next(300, 2)])
        let second = scheduler.createHotObservable([.next(220, 10)])
        let observer = scheduler.start(disposed: 250) { source.withLatestFrom(second) }
        XCTAssertEqual(observer.events, [.next(230, 10)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 250)])
    }

    func testWithLatestFromSeesAValueTheSecondHasAtSubscription() {
        // The second source is subscribed first, so a current value is there for the first element.
        let relay = BehaviorRelay(value: "x")
        var received: [String] = []
        var completed = false
        _ = Observable.of(1, 2).withLatestFrom(relay) { "\($0)\($1)" }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, ["1x", "2x"])
        XCTAssertTrue(completed)
    }

    // MARK: sample

    func testSampleEmitsTheLatestElementOnlyIfANewOneArrived() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .completed(300)])
        let sampler = scheduler.createHotObservable([
            .next(205, "s"), .next(230, "s"), .next(250, "s"), .next(255, "s"), .next(270, "s"), .completed(280),
        ])
        let observer = scheduler.start { source.sample(sampler) }
        // The sampler completed (280) before the source (300): nothing samples the
        // source's end, so, as in RxSwift, the result never completes.
        XCTAssertEqual(observer.events, [.next(230, 2), .next(250, 3), .next(270, 4)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 280)])
    }

    func testSampleSamplerCompletionSamplesOnceMoreAndEndsNothingWhileTheSourceGoesOn() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let sampler = scheduler.createHotObservable([.completed(220, Int.self)])
        let observer = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(observer.events, [.next(220, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 1000)])
    }

    func testSampleSourceCompletionReleasesItAndEndsTheResultAtTheNextSample() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let sampler = scheduler.createHotObservable([.next(230, ()), .next(240, ()), .completed(250)])
        let observer = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(observer.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 230)])
    }

    func testSampleSamplerCompletionAfterTheSourceEndedGivesTheLastElementAndCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let sampler = scheduler.createHotObservable([.next(215, ()), .completed(240, Void.self)])
        let observer = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(observer.events, [.next(215, 1), .next(240, 2), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 240)])
    }

    func testSampleWithDefaultValueEmitsItWhenNothingNewArrived() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 1)])
        let sampler = scheduler.createHotObservable([.next(210, ()), .next(240, ()), .next(250, ()), .completed(260)])
        let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
        // The source never ends, so the sampler's completion only samples.
        XCTAssertEqual(observer.events, [.next(210, 0), .next(240, 1), .next(250, 0), .next(260, 0)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 1000)])
    }

    func testSampleErrorOfEitherSourceEndsEverything() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("source"))])
        let sampler = scheduler.createHotObservable([.next(220, ()), .next(240, ())])
        let observer = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(observer.events, [.next(220, 1), .error(230, TestError("source"))])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 230)])

        let otherScheduler = TestScheduler()
        let other = otherScheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let failingSampler = otherScheduler.createHotObservable([.error(230, TestError("sampler"), Int.self)])
        let failed = otherScheduler.start { other.sample(failingSampler) }
        XCTAssertEqual(failed.events, [.error(230, TestError("sampler"))])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }
}
