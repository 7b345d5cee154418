#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number that identifies the calling thread while it runs; never zero, and
/// even (it is the address of the thread's descriptor), so that its lowest bit
/// can carry a flag.
///
/// Used to recognise re-entrant calls (an observer that disposes its own
/// subscription, a subscriber that subscribes again from inside a callback).
@inlinable @inline(__always)
internal func currentThreadIdentity() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
