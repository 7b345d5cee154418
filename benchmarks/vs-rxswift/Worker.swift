// A thread that runs the shapes for the driver, so that a shape which never returns
// (a library losing the completion a shape waits for) costs its own row, not the
// whole run: the driver stops waiting, gives up on the thread and starts another.
import Dispatch
import Foundation

final class Worker {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    // Written by the driver before `start` is signalled, read by the thread after.
    private var job: () -> Void = {}

    init() {
        // The thread keeps its worker alive: a worker given up on may still be in
        // its job, and outlives the driver's interest in it.
        let thread = Thread { [self] in
            while true {
                start.wait()
                self.job()
                done.signal()
            }
        }
        // As much stack as the main thread has: some shapes nest deeply.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs `job` on the thread; false when it has not returned after `seconds`,
    /// in which case this worker must not be used again (its thread is still in
    /// the job, and whatever the job writes must not be read).
    func run(timeout seconds: Double, _ job: @escaping () -> Void) -> Bool {
        self.job = job
        start.signal()
        return done.wait(timeout: .now() + seconds) == .success
    }
}
