import RxCore
import Dispatch
// Foundation, not FoundationEssentials: waiting on the main thread turns its RunLoop.
import Foundation
import Synchronization

/// A sequence whose outcome the calling thread waits for: `toArray()`, `first()`,
/// `last()`, `single()` and `materialize()` subscribe, block until the sequence
/// ends (or `timeout` passes), and return what it produced.
///
/// Use from any thread. On the main thread the wait turns the main run loop, as
/// RxBlocking does, so a sequence that observes on `MainScheduler` still finishes;
/// on another thread it blocks that thread, so never wait on a serial queue the
/// sequence needs in order to finish.
public struct BlockingObservable<Element>: Sendable {
    /// How long to wait at most, in seconds; `nil` waits as long as it takes.
    public let timeout: TimeInterval?
    let source: Observable<Element>
}

/// What a blocking sequence produced: every element, and how it ended.
@frozen
public enum MaterializedSequenceResult<T> {
    case completed(elements: [T])
    case failed(elements: [T], error: Error)
}

extension ObservableConvertibleType {
    /// This sequence, waited for on the calling thread. A wait longer than
    /// `timeout` seconds ends with `RxError.timeout`.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

extension BlockingObservable {
    /// Every element, once the sequence completes; its error if it fails.
    public func toArray() throws -> [Element] {
        try elementsOrThrow(materializeResult())
    }

    /// The first element (the subscription ends there), or nil if it completes empty.
    public func first() throws -> Element? {
        try elementsOrThrow(materializeResult(max: 1)).first
    }

    /// The last element, once the sequence completes, or nil if it completed empty.
    public func last() throws -> Element? {
        try elementsOrThrow(materializeResult()).last
    }

    /// The one element; `RxError.noElements` or `.moreThanOneElement` otherwise.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The one element that satisfies `predicate`; `RxError.noElements` or
    /// `.moreThanOneElement` otherwise. The subscription ends at a second match.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try elementsOrThrow(materializeResult(max: 2, predicate: predicate))
        if elements.count > 1 { throw RxError.moreThanOneElement }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// Every element and how the sequence ended, without throwing.
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }
}

extension BlockingObservable {
    private func elementsOrThrow(_ result: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch result {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }

    /// Subscribes, collects up to `max` matching elements, and waits for the end.
    private func materializeResult(
        max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let collector = BlockingCollector<Element>(max: max, predicate: predicate)
        let subscription = source.subscribe { collector.on($0) }
        collector.setSubscription(subscription)
        let finished = collector.wait(timeout: timeout)
        subscription.dispose()
        return collector.result(timedOut: !finished)
    }
}

/// Receives the events on whatever thread they arrive and wakes the waiting one.
private final class BlockingCollector<Element>: @unchecked Sendable {
    private struct State {
        var elements: [Element] = []
        var error: Swift.Error?
        var finished = false
        var subscription: Disposable?
        /// The main thread waits by turning its run loop, which the end must wake.
        var waiterTurnsMainRunLoop = false
    }

    private let max: Int?
    private let predicate: (Element) throws -> Bool
    private let done = DispatchSemaphore(value: 0)
    private let state = Mutex(UncheckedBox(State()))

    init(max: Int?, predicate: @escaping (Element) throws -> Bool) {
        self.max = max
        self.predicate = predicate
    }

    func setSubscription(_ subscription: Disposable) {
        let isFinished = state.withLock { box -> Bool in
            box.value.subscription = subscription
            return box.value.finished
        }
        if isFinished { subscription.dispose() }
    }

    func on(_ event: Event<Element>) {
        let (ended, subscription) = state.withLock { box -> (Bool, Disposable?) in
            guard !box.value.finished else { return (false, nil) }
            switch event {
            case .next(let element):
                do {
                    if try predicate(element) { box.value.elements.append(element) }
                    if let max, box.value.elements.count >= max { box.value.finished = true }
                } catch {
                    box.value.error = error
                    box.value.finished = true
                }
            case .error(let error):
                box.value.error = error
                box.value.finished = true
            case .completed:
                box.value.finished = true
            }
            return (box.value.finished, box.value.subscription)
        }
        guard ended else { return }
        // Stop the source as soon as enough is known (first(), single()).
        subscription?.dispose()
        done.signal()
        if state.withLock({ $0.value.waiterTurnsMainRunLoop }) {
            // Anything handled on the main queue ends the waiter's run-loop turn.
            DispatchQueue.main.async {}
        }
    }

    /// Waits for the end; false when `timeout` seconds passed first.
    func wait(timeout: TimeInterval?) -> Bool {
        let seconds = timeout.map { Swift.max(0, Swift.min($0, 1e9)) }
        if MainScheduler.isMainThread {
            return waitTurningMainRunLoop(until: seconds.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture)
        }
        guard let seconds else {
            done.wait()
            return true
        }
        return done.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9))) == .success
    }

    /// The main thread serves `MainScheduler` and the main queue: it keeps doing so
    /// while it waits, or a sequence observing on them would never end.
    private func waitTurningMainRunLoop(until deadline: Date) -> Bool {
        let finishedAlready = state.withLock { box -> Bool in
            box.value.waiterTurnsMainRunLoop = true
            return box.value.finished
        }
        if finishedAlready {
            done.wait()
            return true
        }
        while true {
            if done.wait(timeout: .now()) == .success { return true }
            if Date() >= deadline { return false }
            _ = RunLoop.current.run(mode: .default, before: deadline)
        }
    }

    /// What was produced; also lets go of the subscription, which holds this
    /// collector through its observer.
    func result(timedOut: Bool) -> MaterializedSequenceResult<Element> {
        state.withLock { box in
            box.value.subscription = nil
            if timedOut && !box.value.finished {
                box.value.finished = true
                return .failed(elements: box.value.elements, error: RxError.timeout)
            }
            if let error = box.value.error { return .failed(elements: box.value.elements, error: error) }
            return .completed(elements: box.value.elements)
        }
    }
}

/// State that holds non-Sendable values, guarded by the collector's mutex.
private struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
