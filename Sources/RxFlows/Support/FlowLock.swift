#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex. RxCore's own lock is internal to RxCore, and
/// `Synchronization.Mutex` demands `sending` results, which the non-`Sendable`
/// values kept here (closures, observables) cannot give; this small class is
/// what the flows need instead. Never call out (to observers, user closures)
/// while holding it.
final class FlowLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// State whose transitions are decided under a lock and whose consequences
/// (events sent to observers) run afterwards, one at a time, in the order the
/// transitions were decided.
///
/// The thread that finds nobody delivering delivers everything queued, including
/// what other threads queue meanwhile; a transition made from inside a delivery
/// (an observer reacting to an event) queues its consequences behind the delivery
/// in progress. This is how RxCore's subjects behave, and it is what lets an
/// `Action` be executed from any thread, or from its own `enabled` observer,
/// without deadlock and without its streams ever disagreeing on the order of events.
final class SerialState<State>: @unchecked Sendable {
    /// What a transition asks to be delivered once the lock is released.
    struct Outbox {
        fileprivate var work: [() -> Void] = []
        mutating func send(_ delivery: @escaping () -> Void) { work.append(delivery) }
    }

    private struct Guarded {
        var state: State
        var pending: [() -> Void] = []
        var pendingStart = 0
        var isDelivering = false
    }

    private let guarded: FlowLock<Guarded>

    init(_ state: State) {
        guarded = FlowLock(Guarded(state: state))
    }

    /// Decides a transition under the lock, then delivers its consequences (and any
    /// others queued) unless another delivery is in progress.
    @discardableResult
    func transition<Result>(_ body: (inout State, inout Outbox) -> Result) -> Result {
        let result = guarded.withLock { guarded -> Result in
            var outbox = Outbox()
            let result = body(&guarded.state, &outbox)
            guarded.pending.append(contentsOf: outbox.work)
            return result
        }
        deliver()
        return result
    }

    /// Reads the state under the lock.
    func read<Result>(_ body: (State) -> Result) -> Result {
        guarded.withLock { body($0.state) }
    }

    private func deliver() {
        let owns = guarded.withLock { guarded -> Bool in
            guard !guarded.isDelivering else { return false }
            guarded.isDelivering = true
            return true
        }
        guard owns else { return }
        while true {
            let next = guarded.withLock { guarded -> (() -> Void)? in
                guard guarded.pendingStart < guarded.pending.count else {
                    guarded.pending.removeAll(keepingCapacity: true)
                    guarded.pendingStart = 0
                    guarded.isDelivering = false
                    return nil
                }
                let work = guarded.pending[guarded.pendingStart]
                // Release the delivery's captures as soon as it has run, not when the drain ends.
                guarded.pending[guarded.pendingStart] = {}
                guarded.pendingStart += 1
                return work
            }
            guard let next else { return }
            next()
        }
    }
}
