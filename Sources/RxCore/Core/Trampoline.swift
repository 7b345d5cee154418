import CThreadLocals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A unit of work that the current thread's trampoline runs later.
@usableFromInline
internal protocol TrampolineTask: AnyObject {
    func runTrampolined()
}

/// The per-thread work queue behind `CurrentThreadScheduler`.
///
/// The outermost subscription on a thread makes the trampoline *active*: while it
/// is, synchronous producers (`of`, `from`, `range`, …) queue their elements
/// instead of emitting them inside `subscribe`. The queue runs once the whole
/// chain is subscribed and every disposable is stored, so that an operator that
/// stops early (`take(3)` on an endless `repeatElement`) can stop its source,
/// and several synchronous sources interleave as they do in RxSwift.
///
/// Only ever touched by its own thread.
@usableFromInline
internal final class Trampoline {
    // Touched only by the trampoline's own thread, so never checked for exclusivity.
    @exclusivity(unchecked) @usableFromInline internal var isActive = false
    @exclusivity(unchecked) @usableFromInline internal var queue: [TrampolineTask] = []
    @exclusivity(unchecked) private var head = 0

    /// Owns each thread's trampoline and releases it when the thread ends; the
    /// thread-local slot beside it is only for finding it fast.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // A destructor that runs after this one and subscribes gets a new one.
            rxcore_set_current_trampoline(nil)
            if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling thread's trampoline.
    @usableFromInline
    internal static var current: Trampoline { currentReference.takeUnretainedValue() }

    /// The calling thread's trampoline, without a retain: the thread-specific key
    /// holds it until the thread ends, so a caller on this thread can borrow it.
    @inlinable
    internal static var currentReference: Unmanaged<Trampoline> {
        if let pointer = rxcore_current_trampoline() {
            return Unmanaged<Trampoline>.fromOpaque(pointer)
        }
        return makeCurrent()
    }

    /// The first trampoline of the calling thread.
    @usableFromInline
    internal static func makeCurrent() -> Unmanaged<Trampoline> {
        let trampoline = Unmanaged.passRetained(Trampoline())
        pthread_setspecific(key, trampoline.toOpaque())
        rxcore_set_current_trampoline(trampoline.toOpaque())
        return trampoline
    }

    @usableFromInline
    internal func enqueue(_ task: TrampolineTask) {
        queue.append(task)
    }

    /// Runs `body` with the trampoline active; if it was not active before, runs
    /// the queued work afterwards and deactivates it.
    @inlinable
    internal static func run(_ body: () -> Void) {
        currentReference._withUnsafeGuaranteedRef { trampoline in
            if trampoline.isActive {
                body()
                return
            }
            trampoline.isActive = true
            body()
            trampoline.drainIfQueued()
            trampoline.isActive = false
        }
    }

    /// Like ``run(_:)`` for `subscribe(observer)`, returning the subscription. The
    /// arguments are passed rather than captured by a closure, which spares a
    /// retain and a release on a hot path (an inner subscription of `flatMap`).
    @inlinable
    internal static func runReturning<Observer>(_ subscribe: (__owned Observer) -> Disposable, _ observer: __owned Observer) -> Disposable {
        currentReference._withUnsafeGuaranteedRef { trampoline in
            if trampoline.isActive { return subscribe(observer) }
            trampoline.isActive = true
            let result = subscribe(observer)
            trampoline.drainIfQueued()
            trampoline.isActive = false
            return result
        }
    }

    /// Most subscriptions queue nothing: the test is made where the trampoline
    /// is run, without a call, and the empty queue is left as it is.
    @inlinable @inline(__always)
    internal func drainIfQueued() {
        if !queue.isEmpty { drain() }
    }

    @usableFromInline
    internal func drain() {
        while head < queue.count {
            let task = queue[head]
            head += 1
            task.runTrampolined()
        }
        queue.removeAll(keepingCapacity: queue.capacity <= 64)
        head = 0
    }
}
