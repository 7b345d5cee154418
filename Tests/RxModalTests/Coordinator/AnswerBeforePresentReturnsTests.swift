import XCTest
import Foundation
import RxCore
import RxModal
import RxModalPluginABI
import Synchronization

/// A plugin may answer before its `present` has returned — from a surface's
/// thread while the call is still finishing, or from inside it. The terminal
/// event still reaches the subscriber only after the presentation is
/// dismissed, and values after it are dropped.
final class AnswerBeforePresentReturnsTests: RxTestCase {
    private func run(_ kind: AnswersBeforeReturningKind) throws -> (events: [Event<ModalValue>], dismissalsAtEvents: [Int]) {
        let registry = ModalRegistry()
        try ModalKindDescriptor(kind).register(in: registry)
        let coordinator = ModalCoordinator(registry: registry)
        let surface = try ScriptedSurface(json: "[]")
        let seen = EventLog(dismissals: { kind.dismissals.load(ordering: .relaxed) })
        let subscription = coordinator.present(kind: kind.name, presenter: .surface(surface)).subscribe(seen.observer)
        XCTAssertTrue(seen.ended.wait(timeout: .now() + 5) == .success, "no terminal event")
        subscription.dispose()
        surface.queue.sync {}   // the presentation queue: a deferred end has run
        XCTAssertEqual(kind.dismissals.load(ordering: .relaxed), 1, "dismissed once")
        return seen.snapshot
    }

    func testCompletionFromAnotherThreadWhilePresentRunsIsForwardedAfterTheDismissal() throws {
        let (events, dismissals) = try run(AnswersBeforeReturningKind(answersFromItsOwnThread: true))
        XCTAssertEqual(events.count, 2, "\(events)")
        XCTAssertEqual(events.first?.element, .string("answer"))
        XCTAssertEqual(dismissals, [0, 1], "the value while shown, the completion after the dismissal")
    }

    func testCompletionFromInsidePresentIsForwardedAfterTheDismissal() throws {
        let (events, dismissals) = try run(AnswersBeforeReturningKind(answersFromItsOwnThread: false))
        XCTAssertEqual(events.count, 2, "\(events)")
        XCTAssertEqual(dismissals, [0, 1])
    }

    /// A C plugin may break the grammar: completed, then a value and an error,
    /// all from inside `present`. The completion is held until after the
    /// dismissal; the value and the error are dropped, not forwarded ahead of it.
    func testASecondTerminalEventFromACPluginInsidePresentIsDropped() throws {
        Self.cDismissals.store(0, ordering: .relaxed)
        let descriptor = InProcessDescriptor.make(kind: "endsTwice", for: self) { descriptor in
            descriptor.present = { _, _, observer, _ in
                observer.on_completed?(observer.context)
                ModalValue.string("late").withCValue { observer.on_next?(observer.context, $0) }
                var late = rxm_error()
                late.code = Int32(RXM_ERR_UNSUPPORTED)
                observer.on_error?(observer.context, &late)
                return rxm_disposable(context: nil, dispose: { _ in
                    AnswerBeforePresentReturnsTests.cDismissals.add(1, ordering: .relaxed)
                })
            }
        }
        let registry = ModalRegistry()
        try registry.register(descriptor: descriptor)
        let surface = try ScriptedSurface(json: "[]")
        let seen = EventLog(dismissals: { Self.cDismissals.load(ordering: .relaxed) })
        let subscription = ModalCoordinator(registry: registry).present(kind: "endsTwice", presenter: .surface(surface))
            .subscribe(seen.observer)
        XCTAssertTrue(seen.ended.wait(timeout: .now() + 5) == .success, "no terminal event")
        subscription.dispose()
        surface.queue.sync {}
        let (events, dismissals) = seen.snapshot
        XCTAssertEqual(events.count, 1, "\(events)")
        XCTAssertEqual(events.first.map { if case .completed = $0 { true } else { false } }, true, "\(events)")
        XCTAssertEqual(dismissals, [1])
    }

    private static let cDismissals = Atomic<Int>(0)

    /// What the subscriber saw, and how many dismissals there had been at each event.
    private final class EventLog: @unchecked Sendable {
        let ended = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var events: [Event<ModalValue>] = []
        private var dismissalsAtEvents: [Int] = []
        private let dismissals: @Sendable () -> Int

        init(dismissals: @escaping @Sendable () -> Int) { self.dismissals = dismissals }

        var observer: (Event<ModalValue>) -> Void {
            { [self] event in
                let count = dismissals()
                lock.withLock { events.append(event); dismissalsAtEvents.append(count) }
                if event.isStopEvent { ended.signal() }
            }
        }

        var snapshot: (events: [Event<ModalValue>], dismissalsAtEvents: [Int]) {
            lock.withLock { (events, dismissalsAtEvents) }
        }
    }
}
