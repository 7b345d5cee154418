import XCTest
import Dispatch
import RxCore
import RxTesting

/// The time operators on a real `SerialDispatchQueueScheduler`. Waits are bounded
/// and generous; no test asserts how long anything took, only what arrived, in
/// what order, and on which queue. Due times stay well under a second because a
/// cancelled Dispatch timer still holds its work item until its deadline, and the
/// leak check in `tearDown` waits at most two seconds.
final class TimeOperatorDispatchTests: RxTestCase {
    private let waitLimit: TimeInterval = 10

    private func makeScheduler(_ name: String) -> (SerialDispatchQueueScheduler, QueueMarker) {
        let queue = DispatchQueue(label: "rx.tests.\(name)")
        return (SerialDispatchQueueScheduler(serialQueue: queue), QueueMarker(queue))
    }

    func testTimerEmitsZeroThenCompletesOnTheSchedulerQueue() {
        let (scheduler, marker) = makeScheduler("timer")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable<Int>.timer(.milliseconds(10), scheduler: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(0), .completed])
        XCTAssertTrue(recorder.allOnQueue)
    }

    func testIntervalWithTakeEmitsConsecutiveCountsThenCompletes() {
        let (scheduler, marker) = makeScheduler("interval")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable<Int>.interval(.milliseconds(5), scheduler: scheduler).take(3).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(2), .completed])
        XCTAssertTrue(recorder.allOnQueue)
    }

    func testDelayDeliversElementsAndCompletionInOrderOnTheSchedulerQueue() {
        let (scheduler, marker) = makeScheduler("delay")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.of(1, 2, 3).delay(.milliseconds(20), scheduler: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertTrue(recorder.allOnQueue)
    }

    func testDelaySubscriptionSubscribesOnTheSchedulerQueue() {
        let (scheduler, marker) = makeScheduler("delaySubscription")
        let subscribedOnQueue = SharedValue<Bool?>(nil)
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let source = Observable.of(1, 2).do(onSubscribe: { subscribedOnQueue.value = marker.isCurrent })
        let subscription = source.delaySubscription(.milliseconds(20), scheduler: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(subscribedOnQueue.value, true)
    }

    func testTimeoutFailsASilentSource() {
        let (scheduler, marker) = makeScheduler("timeout")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable<Int>.never().timeout(.milliseconds(20), scheduler: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.error(RxError.timeout)])
    }

    func testTimeoutSwitchesASilentSourceToOther() {
        let (scheduler, marker) = makeScheduler("timeoutOther")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable<Int>.never()
            .timeout(.milliseconds(20), other: Observable.just(7), scheduler: scheduler)
            .subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(7), .completed])
    }

    func testDebounceFlushesThePendingElementOfASynchronousSourceOnCompletion() {
        let (scheduler, marker) = makeScheduler("debounceSync")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.of(1, 2, 3).debounce(.milliseconds(300), scheduler: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(3), .completed])
    }

    func testDebounceEmitsAfterTheQuietPeriodThenFlushesOnCompletion() {
        let (scheduler, marker) = makeScheduler("debounce")
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let first = expectation(description: "first element")
        recorder.onFirstElement = { first.fulfill() }
        let subscription = subject.debounce(.milliseconds(10), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        wait(for: [first], timeout: waitLimit)
        subject.onNext(2)
        subject.onCompleted()
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        // Whether 2 leaves by its timer or by the flush on completion, the sequence is the same.
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testThrottleLatestSendsTheFirstElementThenTheLastOfTheWindow() {
        let (scheduler, marker) = makeScheduler("throttleLatest")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.of(1, 2, 3)
            .throttle(.milliseconds(300), latest: true, scheduler: scheduler)
            .subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed])
    }

    func testThrottleWithoutLatestSendsOnlyTheFirstElementOfTheWindow() {
        let (scheduler, marker) = makeScheduler("throttle")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.of(1, 2, 3)
            .throttle(.milliseconds(300), latest: false, scheduler: scheduler)
            .subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testObserveOnDeliversEveryEventInOrderOnTheSchedulerQueue() {
        let (scheduler, marker) = makeScheduler("observeOn")
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.range(start: 0, count: 100).observe(on: scheduler).subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, (0..<100).map { Event.next($0) } + [.completed])
        XCTAssertTrue(recorder.allOnQueue)
    }

    func testObserveOnDropsWhatWasQueuedButNotDeliveredWhenDisposed() {
        // The queue is held busy while three events are queued on it; once disposed,
        // none of them may reach the subscriber, and the sink is released.
        let queue = DispatchQueue(label: "rx.tests.observeOnDispose")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let before = Resources.total
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let delivered = SharedValue<[Int]>([])
        do {
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: scheduler).subscribe(onNext: { delivered.value.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            subscription.dispose()
            subject.onNext(3)
            XCTAssertFalse(subject.hasObservers)
        }
        gate.signal()
        queue.sync {}
        XCTAssertEqual(delivered.value, [])
        XCTAssertEqual(Resources.total, before)
    }

    func testSubscribeOnRunsTheSubscriptionOnTheSchedulerQueue() {
        let (scheduler, marker) = makeScheduler("subscribeOn")
        let subscribedOnQueue = SharedValue<Bool?>(nil)
        let recorder = EventRecorder<Int>(marker: marker, terminal: expectation(description: "terminal"))
        let subscription = Observable.of(1, 2, 3)
            .do(onSubscribe: { subscribedOnQueue.value = marker.isCurrent })
            .subscribe(on: scheduler)
            .subscribe(recorder)
        wait(for: [recorder.terminal], timeout: waitLimit)
        subscription.dispose()
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(subscribedOnQueue.value, true)
        XCTAssertTrue(recorder.allOnQueue, "a synchronous source subscribed on the queue emits there")
    }
}

/// Tells whether the calling code runs on one particular Dispatch queue.
private final class QueueMarker: Sendable {
    private let key = DispatchSpecificKey<Bool>()
    init(_ queue: DispatchQueue) { queue.setSpecific(key: key, value: true) }
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// An observer that records events from any thread, notes whether each arrived
/// on the marked queue, and fulfills `terminal` on the terminal event.
private final class EventRecorder<Element>: ObserverType, @unchecked Sendable {
    private struct State {
        var events: [Event<Element>] = []
        var onQueue: [Bool] = []
    }

    let terminal: XCTestExpectation
    var onFirstElement: (() -> Void)?   // set before subscribing
    private let marker: QueueMarker
    private let state = SharedValue(State())

    init(marker: QueueMarker, terminal: XCTestExpectation) {
        self.marker = marker
        self.terminal = terminal
    }

    func on(_ event: Event<Element>) {
        let isFirstElement = state.withLock { state -> Bool in
            state.events.append(event)
            state.onQueue.append(marker.isCurrent)
            return event.element != nil && state.events.count == 1
        }
        if isFirstElement { onFirstElement?() }
        if event.isStopEvent { terminal.fulfill() }
    }

    var events: [Event<Element>] { state.withLock { $0.events } }
    var allOnQueue: Bool { state.withLock { !$0.onQueue.isEmpty && !$0.onQueue.contains(false) } }
}

