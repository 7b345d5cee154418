import RxCore

/// A value behind the core's spin lock. Used instead of `Synchronization.Mutex`
/// where ThreadSanitizer must see the ordering: the spin lock's atomics are compiled
/// in this package, with the sanitizer, while `Mutex` locks inside the standard
/// library, which is not, so the sanitizer reports data handed over through it as
/// raced. Critical sections must be short and must not call out.
final class SpinGuarded<Value>: @unchecked Sendable {
    private let lock = SpinLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
