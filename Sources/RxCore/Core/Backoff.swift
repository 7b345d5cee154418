#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for another thread to finish something short: spin briefly, then
/// yield the processor, then sleep in growing steps (up to 1 ms), so that a long
/// wait costs little CPU on a machine with few cores. Visible to the package's
/// other modules, like ``SpinLock``.
@usableFromInline
package struct Backoff {
    @usableFromInline package var attempts = 0

    @inlinable package init() {}

    @usableFromInline
    package mutating func pause() {
        attempts += 1
        if attempts < 16 {
            return
        } else if attempts < 64 {
            sched_yield()
        } else {
            usleep(useconds_t(min(1_000, (attempts - 63) * 20)))
        }
    }
}
