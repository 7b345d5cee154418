import Synchronization

/// Serializes commands from any number of threads without blocking any of them.
///
/// The first thread to submit becomes the *drainer*: it processes its command and
/// then every command that others submitted meanwhile, in submission order. Others
/// queue their command and return at once. A command submitted re-entrantly from
/// inside processing is queued the same way, so processing never overlaps and never
/// nests. This is the "queue-drain" emitter loop of Rx.NET and RxJava.
///
/// The uncontended path costs two atomic operations and no lock. Sinks that need
/// serializing inherit from it, which saves them an allocation.
@usableFromInline
internal class SerialDrain<Command>: @unchecked Sendable {
    /// Commands submitted and not yet processed, counting the one in progress.
    @usableFromInline internal let workInProgress = Atomic<Int>(0)
    // Producers append under the lock, the drainer removes under it.
    @usableFromInline internal let queue = Locked(ElementQueue<Command>())

    @usableFromInline
    internal init() {}

    /// Processes `command` now, or queues it for the thread that is draining.
    @inlinable
    internal final func submit(_ command: Command, _ process: (Command) -> Void) {
        if workInProgress.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            process(command)
            let missed = workInProgress.subtract(1, ordering: .acquiringAndReleasing).newValue
            if missed != 0 { drain(missed: missed, process) }
        } else {
            enqueue(command)
            if workInProgress.add(1, ordering: .acquiringAndReleasing).oldValue == 0 {
                drain(missed: 1, process)
            }
        }
    }

    @inlinable
    internal final func enqueue(_ command: Command) {
        queue.withLock { $0.append(command) }
    }

    @inlinable
    internal final func dequeue() -> Command {
        // Every counted command was enqueued before it was counted.
        queue.withLock { $0.removeFirst() }
    }

    @inlinable
    internal final func drain(missed initial: Int, _ process: (Command) -> Void) {
        var missed = initial
        while true {
            for _ in 0..<missed { process(dequeue()) }
            missed = workInProgress.subtract(missed, ordering: .acquiringAndReleasing).newValue
            if missed == 0 { return }
        }
    }
}
