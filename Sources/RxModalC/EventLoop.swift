import Foundation

/// What an `rxm_loop *` points to: callbacks waiting to run on the host's
/// thread, and a pipe whose read end is readable while any wait, for the host's
/// poll loop.
///
/// Thread safety: `enqueue` from any thread; `dispatch` from the host's thread
/// (any thread, but the callbacks then run there). `lock` guards the queue and
/// is never held while a callback runs.
final class EventLoop: @unchecked Sendable {
    let readFD: Int32
    private let writeFD: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending: [() -> Void] = []
    private var signalled = false
    /// The thread inside `dispatch`, so that a nested call runs nothing: running
    /// later callbacks inside an earlier one would break their order.
    private var dispatcher: pthread_t?

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw BridgeError(6 /* RXM_ERR_IO */, "cannot make the loop's pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Queues `work` and makes the descriptor readable.
    func enqueue(_ work: @escaping () -> Void) {
        lock.lock()
        pending.append(work)
        let wake = !signalled
        signalled = true
        lock.unlock()
        if wake {
            var byte: UInt8 = 1
            _ = write(writeFD, &byte, 1)
        }
    }

    /// Runs what is queued now, on this thread; returns how many ran (0 when
    /// called from inside one of the callbacks it runs).
    @discardableResult
    func dispatch() -> Int {
        let me = pthread_self()
        lock.lock()
        if let dispatcher, pthread_equal(dispatcher, me) != 0 {
            lock.unlock()
            return 0
        }
        dispatcher = me
        let work = pending
        pending = []
        if signalled {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(readFD, &buffer, buffer.count) > 0 {}
            signalled = false
        }
        lock.unlock()
        for item in work { item() }
        lock.withLock { dispatcher = nil }
        return work.count
    }

    /// Waits up to `milliseconds` (-1: no limit) for the descriptor to become readable.
    func waitReadable(milliseconds: Int32) {
        var entry = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, milliseconds)
    }
}
