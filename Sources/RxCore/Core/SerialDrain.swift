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
///
/// Whoever drains works for everyone, which is right for a producer but not for a
/// thread that only came to subscribe or dispose: with a producer pumping events,
/// it could be kept draining them indefinitely. Such *control* submissions may
/// therefore hand the drain over: after their own command, they raise `handoff`
/// and the next producer to queue an event takes the drain back. If no producer
/// takes it within a moment (the producers stopped), the control thread drains
/// what is left itself — a finite amount.
@usableFromInline
internal class SerialDrain<Command>: @unchecked Sendable {
    /// Commands submitted and not yet processed, counting the one in progress.
    @usableFromInline internal let workInProgress = Atomic<Int>(0)
    // Producers append under the lock, the drainer removes under it. Plain
    // fields, not a `Locked<ElementQueue<Command>>`: this class is generic, and
    // destroying a field of a type built from its parameter would look that
    // type's metadata up at run time in every deinit.
    @usableFromInline internal let queueLock = SpinLock()
    /// Raised by a control drainer that wants to leave; taken by the next producer.
    @usableFromInline internal let handoff = Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline internal var queue: [Command] = []
    @exclusivity(unchecked) @usableFromInline internal var queueHead = 0

    @usableFromInline
    internal init() {}

    /// Processes `command` now, or queues it for the thread that is draining.
    ///
    /// `process` receives the `target` (the sink itself) rather than capturing it:
    /// a closure that captures nothing costs no retain and release per event.
    ///
    /// A `control` submission (a subscription or a disposal, not an event) hands
    /// the drain over to producers rather than draining their events; see above.
    @inlinable
    internal final func submit<Target: AnyObject>(_ command: Command, to target: Target, control: Bool = false,
                                                  _ process: (Target, Command) -> Void) {
        if tryEnter() {
            process(target, command)
            leave(target, control: control, process)
        } else {
            submitQueued(command, to: target, control: control, process)
        }
    }

    /// Takes the drain if nobody holds it. The caller then does its work on the
    /// spot, as `process` would, and calls ``leave(_:control:_:)``. For a command
    /// that costs something to build and take apart (one holding references): the
    /// work needs no command unless it must wait (``submitQueued(_:to:control:_:)``).
    @inlinable
    internal final func tryEnter() -> Bool {
        workInProgress.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
    }

    /// Gives up the drain taken by ``tryEnter()``, after processing what others
    /// queued meanwhile (or handing it over, for a control submission).
    @inlinable
    internal final func leave<Target: AnyObject>(_ target: Target, control: Bool, _ process: (Target, Command) -> Void) {
        let missed = workInProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        if missed != 0 {
            if control { handOver(missed: missed, target, process) } else { drain(missed: missed, target, process) }
        }
    }

    /// Queues `command` for the thread draining, found busy by ``tryEnter()``, or
    /// drains it (and the rest) if that thread left meanwhile.
    @usableFromInline
    internal final func submitQueued<Target: AnyObject>(_ command: Command, to target: Target, control: Bool,
                                                        _ process: (Target, Command) -> Void) {
        enqueue(command)
        if workInProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            if control { handOver(missed: 1, target, process) } else { drain(missed: 1, target, process) }
        } else if !control, handoff.load(ordering: .relaxed) {
            takeOver(target, process)
        }
    }

    /// Leaves the drain (holding `missed` counted commands) to the next producer,
    /// or drains them after all if no producer comes for it within a moment.
    @usableFromInline
    internal final func handOver<Target: AnyObject>(missed: Int, _ target: Target, _ process: (Target, Command) -> Void) {
        handoff.store(true, ordering: .releasing)
        var backoff = Backoff()
        for _ in 0..<64 {
            if !handoff.load(ordering: .acquiring) { return }   // a producer took it
            backoff.pause()
        }
        // Nobody came: take it back, unless a producer did in the last instant.
        guard handoff.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged else { return }
        drain(missed: workInProgress.load(ordering: .acquiring), target, process)
    }

    /// A producer takes over a drain that a control thread handed over.
    @usableFromInline
    internal final func takeOver<Target: AnyObject>(_ target: Target, _ process: (Target, Command) -> Void) {
        guard handoff.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged else { return }
        // Every counted command is queued; this producer's own is among them.
        drain(missed: workInProgress.load(ordering: .acquiring), target, process)
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
