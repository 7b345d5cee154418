import CThreadLocals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The registry behind `Resources.total`: every thread that counts a resource
/// gets a counter of its own (C thread-local storage, see thread_locals.h), and
/// the total is what the live threads' counters hold plus what finished threads
/// left behind.
///
/// Counters are never freed: a finished thread's count moves to `retired`, and
/// its counter waits, cleared, for the next thread to start counting. A reader
/// adding up the counters therefore never reads freed memory.
///
/// Thread-safe: the registry's lock is taken when a thread starts or stops
/// counting and when the total is read, never when a resource is counted.
@usableFromInline
internal enum ResourceCounters {
    private struct Registry: @unchecked Sendable {
        var attached: [UnsafeMutablePointer<rxcore_resource_counter>] = []
        var spare: [UnsafeMutablePointer<rxcore_resource_counter>] = []
        var retired = 0
    }

    /// Shared by every thread; `Locked` serializes every access to it.
    nonisolated(unsafe) private static let registry = Locked(Registry())

    /// Moves a finished thread's count to `retired` when the thread ends. A
    /// resource counted on that thread later still (by another key's destructor)
    /// attaches a counter again, and POSIX runs this destructor again for it.
    private static let detachKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            ResourceCounters.detach(pointer.assumingMemoryBound(to: rxcore_resource_counter.self))
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Counts `change` on a thread that has no counter yet.
    @usableFromInline
    internal static func attachAndCount(_ change: Int) {
        let key = detachKey
        let counter = registry.withLock { registry in
            let counter = registry.spare.popLast() ?? {
                let made = UnsafeMutablePointer<rxcore_resource_counter>.allocate(capacity: 1)
                made.initialize(to: rxcore_resource_counter())
                return made
            }()
            registry.attached.append(counter)
            return counter
        }
        pthread_setspecific(key, counter)
        rxcore_set_current_resource_counter(counter)
        rxcore_resource_counter_add(counter, change)
    }

    private static func detach(_ counter: UnsafeMutablePointer<rxcore_resource_counter>) {
        rxcore_set_current_resource_counter(nil)
        registry.withLock { registry in
            registry.retired &+= rxcore_resource_counter_value(counter)
            rxcore_resource_counter_clear(counter)
            if let index = registry.attached.firstIndex(of: counter) { registry.attached.remove(at: index) }
            registry.spare.append(counter)
        }
    }

    /// Every live resource counted by any thread: exact when no thread is counting
    /// and the reader has synchronized with those that did.
    internal static var total: Int {
        registry.withLock { registry in
            registry.attached.reduce(registry.retired) { $0 &+ rxcore_resource_counter_value($1) }
        }
    }
}
