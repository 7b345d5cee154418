import XCTest
@testable import RxCore
import RxTesting

/// The subscriber's own end keeps the grammar even when its source does not:
/// a raw description (not `create`, which filters on its own) that goes on
/// sending after its terminal event, from inside the terminal callback or later.
final class SubscriptionSinkTests: RxTestCase {
    private final class Captured: @unchecked Sendable {
        var observer: AnyObserver<Int>?
        var disposed = 0
    }

    /// What threads did, in the order they did it.
    private final class OrderLog: @unchecked Sendable {
        private let lock = NSLock()
        private var logged: [String] = []
        func append(_ entry: String) { lock.withLock { logged.append(entry) } }
        var entries: [String] { lock.withLock { logged } }
    }

    private func rawSource(_ captured: Captured) -> Observable<Int> {
        Observable { observer in
            captured.observer = observer
            return Disposables.create { captured.disposed += 1 }
        }
    }

    func testEventsSentFromInsideTheTerminalCallbackAreNotDelivered() {
        let captured = Captured()
        var events: [String] = []
        let subscription = rawSource(captured).subscribe(
            onNext: { events.append("next \($0)") },
            onError: { _ in events.append("error") },
            onCompleted: {
                events.append("completed")
                captured.observer?.onNext(2)
                captured.observer?.onError(TestError())
                captured.observer?.onCompleted()
            },
            onDisposed: { events.append("disposed") })
        captured.observer?.onNext(1)
        captured.observer?.onCompleted()
        captured.observer?.onNext(3)
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertEqual(captured.disposed, 1, "upstream disposed once, after the terminal event")
        subscription.dispose()
        XCTAssertEqual(captured.disposed, 1)
        captured.observer = nil
    }

    func testAnErrorFromInsideOnNextEndsTheSubscriptionAfterThatCallback() {
        let captured = Captured()
        var events: [String] = []
        _ = rawSource(captured).subscribe(
            onNext: { value in
                events.append("next \(value) begins")
                captured.observer?.onError(TestError())   // re-entrant: waits for this callback
                captured.observer?.onNext(value + 1)
                events.append("next \(value) ends")
            },
            onError: { _ in events.append("error") },
            onCompleted: { events.append("completed") })
        captured.observer?.onNext(1)
        captured.observer?.onNext(5)
        XCTAssertEqual(events, ["next 1 begins", "next 1 ends", "error"])
        XCTAssertEqual(captured.disposed, 1)
        captured.observer = nil
    }

    private final class Log: @unchecked Sendable { var entries: [String] = [] }

    /// Tells the log when it is freed: the moment its last owner let go.
    private final class Tracked: @unchecked Sendable {
        let log: Log
        init(_ log: Log) { self.log = log }
        deinit { log.entries.append("released") }
    }

    private final class Holder: @unchecked Sendable { var subscription: Disposable? }

    /// A handler is called where the subscription keeps it, without a copy of its
    /// own: a `dispose()` from inside it must not free what it captured until the
    /// call has returned, and must free it as soon as it has.
    func testAHandlerThatDisposesItsOwnSubscriptionRunsToItsEndBeforeItsCapturesAreReleased() {
        let log = Log()
        let forms = ["onNext", "event handler", "observer", "error handler", "completion handler"]
        for (index, form) in forms.enumerated() {
            let subject = PublishSubject<Int>()
            do {
                let tracked = Tracked(log)
                let holder = Holder()
                let handle: @Sendable (Int) -> Void = { [tracked, holder] value in
                    holder.subscription?.dispose()
                    holder.subscription = nil
                    tracked.log.entries.append("after dispose \(value)")
                }
                switch form {
                case "onNext":
                    holder.subscription = subject.subscribe(onNext: handle)
                case "event handler":
                    holder.subscription = subject.subscribe { event in if case .next(let value) = event { handle(value) } }
                case "observer":
                    holder.subscription = subject.subscribe(AnyObserver { event in if case .next(let value) = event { handle(value) } })
                case "error handler":
                    holder.subscription = subject.subscribe(onError: { _ in handle(index) })
                default:
                    holder.subscription = subject.subscribe(onCompleted: { handle(index) })
                }
            }
            XCTAssertEqual(log.entries, [], form)
            switch form {
            case "error handler": subject.onError(TestError())
            case "completion handler": subject.onCompleted()
            default: subject.onNext(index)
            }
            XCTAssertEqual(log.entries, ["after dispose \(index)", "released"], form)
            log.entries = []
        }
    }

    func testWhatASourceReturnsAfterEndingWhileSubscribedIsDisposedOnceAndDisposalStillMarksTheSubscription() {
        var events: [String] = []
        var upstreamDisposals = 0
        let subscription = Observable<Int> { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { upstreamDisposals += 1 }
        }.subscribe(onNext: { events.append("next \($0)") },
                    onCompleted: { events.append("completed") },
                    onDisposed: { events.append("disposed") })
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertEqual(upstreamDisposals, 1, "what subscribing returned is disposed as it arrives")
        let cancelable = subscription as? Cancelable
        XCTAssertEqual(cancelable?.isDisposed, false, "ended by its terminal event, not yet disposed")
        subscription.dispose()
        XCTAssertEqual(cancelable?.isDisposed, true)
        subscription.dispose()
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertEqual(upstreamDisposals, 1)
    }

    func testADisposeFromAnotherThreadAfterTheTerminalEventWaitsForOnDisposedStillRunning() {
        let subject = PublishSubject<Int>()
        let insideOnDisposed = DispatchSemaphore(value: 0)
        let leaveOnDisposed = DispatchSemaphore(value: 0)
        let order = OrderLog()
        let subscription = subject.subscribe(onDisposed: {
            insideOnDisposed.signal()
            leaveOnDisposed.wait()
            order.append("onDisposed returns")
        })
        let terminalDelivered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            subject.onCompleted()
            terminalDelivered.signal()
        }
        insideOnDisposed.wait()
        let disposed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            subscription.dispose()
            order.append("dispose returns")
            disposed.signal()
        }
        XCTAssertEqual(disposed.wait(timeout: .now() + .milliseconds(200)), .timedOut,
                       "dispose() returned while onDisposed was still running on the terminal event's thread")
        leaveOnDisposed.signal()
        XCTAssertEqual(disposed.wait(timeout: .now() + .seconds(10)), .success)
        XCTAssertEqual(terminalDelivered.wait(timeout: .now() + .seconds(10)), .success)
        XCTAssertEqual(order.entries, ["onDisposed returns", "dispose returns"])
    }
}
