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
    // Producers append under the lock, the drainer removes under it. Plain
    // fields, not a `Locked<ElementQueue<Command>>`: this class is generic, and
    // destroying a field of a type built from its parameter would look that
    // type's metadata up at run time in every deinit.
    @usableFromInline internal let queueLock = SpinLock()
    @exclusivity(unchecked) @usableFromInline internal var queue: [Command] = []
    @exclusivity(unchecked) @usableFromInline internal var queueHead = 0

    @usableFromInline
    internal init() {}

    /// Processes `command` now, or queues it for the thread that is draining.
    ///
    /// `process` receives the `target` (the sink itself) rather than capturing it:
    /// a closure that captures nothing costs no retain and release per event.
    @inlinable
    internal final func submit<Target: AnyObject>(_ command: Command, to target: Target, _ process: (Target, Command) -> Void) {
        if workInProgress.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            process(target, command)
            let missed = workInProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
            if missed != 0 { drain(missed: missed, target, process) }
        } else {
            enqueue(command)
            if workInProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
                drain(missed: 1, target, process)
            }
        }
    }

    @inlinable
    internal final func enqueue(_ command: Command) {
        queueLock.lock()
        queue.append(command)
        queueLock.unlock()
    }

    @inlinable
    internal final func dequeue() -> Command {
        // Every counted command was enqueued before it was counted.
        queueLock.lock()
        defer { queueLock.unlock() }
        let command = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return command
    }

    @inlinable
    internal final func drain<Target: AnyObject>(missed initial: Int, _ target: Target, _ process: (Target, Command) -> Void) {
        var missed = initial
        while true {
            for _ in 0..<missed { process(target, dequeue()) }
            missed = workInProgress.wrappingSubtract(missed, ordering: .acquiringAndReleasing).newValue
            if missed == 0 { return }
        }
    }
}
