import Foundation
import RxCore

/// Runs one demo flow to its end: subscribes, collects its values until it
/// completes or fails (or `limit` seconds pass, when the flow is disposed),
/// then disposes. Values arrive on the surface's threads; the caller blocks.
enum DemoFlowRun {
    static func collect<T>(_ flow: Observable<T>, limitSeconds: Int = 120) -> Result<[T], Error> {
        let box = Collected<T>()
        let subscription = flow.subscribe(
            onNext: { box.append($0) },
            onError: { box.finish($0) },
            onCompleted: { box.finish(nil) })
        let ended = box.done.wait(timeout: .now() + .seconds(limitSeconds)) == .success
        subscription.dispose()
        guard ended else { return .failure(DemoTimeout(seconds: limitSeconds)) }
        return box.result
    }

    struct DemoTimeout: Error, CustomStringConvertible {
        let seconds: Int
        var description: String { "the flow did not end within \(seconds) s" }
    }

    /// Guarded by a lock: filled on the surface's thread, read on the caller's.
    private final class Collected<T>: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var values: [T] = []
        private var failure: Error?

        func append(_ value: T) { lock.lock(); values.append(value); lock.unlock() }

        func finish(_ error: Error?) {
            lock.lock(); failure = error; lock.unlock()
            done.signal()
        }

        var result: Result<[T], Error> {
            lock.lock(); defer { lock.unlock() }
            if let failure { return .failure(failure) }
            return .success(values)
        }
    }
}
