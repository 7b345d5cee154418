import Foundation
import RxCore
import RxModal

/// How one presentation ended.
enum ModalOutcome {
    case value(ModalValue)
    /// Completed without a value.
    case empty
    case failed(Error)
    /// `--timeout` elapsed; the subscription was disposed (the modal dismissed).
    case timedOut
}

/// Subscribes to a modal, waits for its first value (then disposes, which
/// dismisses it), its error, its completion, or the timeout, and disposes in
/// every case. The modal's events arrive on the surface's threads; the caller
/// (the main thread) blocks on a semaphore meanwhile.
///
/// Returns only once the modal is dismissed, so that what the command does next
/// (write the transcript, print, exit) finds it gone and the terminal restored:
/// a disposal that reaches the modal while its plugin's `present` is still
/// running is done by `presentationQueue` when `present` returns, so the run
/// waits for that queue's current work too.
enum ModalRun {
    static func run(_ modal: Observable<ModalValue>, timeoutSeconds: Double?,
                    presentationQueue: DispatchQueue) -> ModalOutcome {
        let outcome = outcome(of: modal, timeoutSeconds: timeoutSeconds)
        presentationQueue.sync {}
        return outcome
    }

    private static func outcome(of modal: Observable<ModalValue>, timeoutSeconds: Double?) -> ModalOutcome {
        let box = OutcomeBox()
        let subscription = modal.take(1).subscribe(
            onNext: { box.settle(.value($0)) },
            onError: { box.settle(.failed($0)); box.done.signal() },
            onCompleted: { box.settle(.empty); box.done.signal() })
        if let timeoutSeconds {
            let deadline = DispatchTime.now() + .nanoseconds(Int(min(timeoutSeconds, 1e9) * 1e9))
            if box.done.wait(timeout: deadline) == .timedOut {
                subscription.dispose()
                // An answer that raced the deadline and was delivered first still wins.
                return box.outcome ?? .timedOut
            }
        } else {
            box.done.wait()
        }
        subscription.dispose()
        return box.outcome ?? .empty
    }

    /// The first outcome wins; guarded by a lock.
    private final class OutcomeBox: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var settled: ModalOutcome?

        func settle(_ outcome: ModalOutcome) {
            lock.lock(); defer { lock.unlock() }
            if settled == nil { settled = outcome }
        }

        var outcome: ModalOutcome? {
            lock.lock(); defer { lock.unlock() }
            return settled
        }
    }
}
