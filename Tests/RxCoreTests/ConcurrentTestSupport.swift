import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that test code on several threads reads and changes under a lock.
///
/// `Synchronization.Mutex` cannot hold a non-`Sendable` value that crosses
/// threads in the Swift 6 language mode, and tests record non-`Sendable` events;
/// this box takes responsibility for that with a plain POSIX mutex.
final class SharedValue<Value>: @unchecked Sendable {
    private var storage: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ value: Value) {
        storage = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage)
    }

    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }
}

/// An atomic integer in a class, so that escaping closures can share it.
final class SharedCounter: Sendable {
    private let atomic = Atomic<Int>(0)

    init() {}

    var value: Int { atomic.load(ordering: .sequentiallyConsistent) }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int { atomic.add(1, ordering: .sequentiallyConsistent).newValue }
}

/// Detects overlapping callbacks: `enter()` returns false if another thread is
/// already between `enter()` and `leave()`.
final class OverlapDetector: Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlaps = Atomic<Int>(0)

    init() {}

    /// Marks the start of a callback.
    func enter() {
        if inside.exchange(true, ordering: .sequentiallyConsistent) {
            overlaps.add(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Marks the end of a callback.
    func leave() { inside.store(false, ordering: .sequentiallyConsistent) }

    /// How many callbacks started while another was running.
    var overlapCount: Int { overlaps.load(ordering: .sequentiallyConsistent) }
}

/// An atomic flag in a class, so that escaping closures can share it.
final class SharedFlag: Sendable {
    private let atomic = Atomic<Bool>(false)

    init() {}

    var isSet: Bool { atomic.load(ordering: .sequentiallyConsistent) }

    func set() { atomic.store(true, ordering: .sequentiallyConsistent) }
}
