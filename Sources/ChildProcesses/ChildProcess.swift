#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a command to its end without a shell: `posix_spawn`, its standard input
/// written from memory while its output and errors are read, all on the calling
/// thread, then reaped. Every descriptor it makes is close-on-exec from birth
/// (socket pairs made with `SOCK_CLOEXEC`), so no other child inherits them,
/// and every one is closed before it returns: a host that sends a thousand
/// mails keeps the descriptors and memory it had (Foundation's `Process`
/// leaked about two descriptors and several kilobytes a run on Linux).
///
/// Blocks until the command exits or the timeout passes (then SIGTERM, and
/// SIGKILL five seconds later): call it from a thread that may wait. Stateless;
/// safe from any thread, also concurrently.
package enum ChildProcess {
    package struct Outcome: Sendable {
        /// The exit status, or nil when a signal ended it.
        package var status: Int32?
        /// The signal that ended it, if one did.
        package var signal: Int32?
        package var output: Data
        package var errors: Data
        /// Whether the timeout passed and the command was stopped.
        package var timedOut: Bool

        package var succeeded: Bool { status == 0 && !timedOut }
    }

    /// Why the command could not be started (`posix_spawn`'s error).
    package struct LaunchFailure: Error, CustomStringConvertible {
        package let description: String
    }

    package static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                            input: Data = Data(), timeout: TimeInterval) throws(LaunchFailure) -> Outcome {
        var stdin: [Int32] = [-1, -1], stdout: [Int32] = [-1, -1], stderr: [Int32] = [-1, -1]
        for index in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                let failure = LaunchFailure(description: String(cString: strerror(errno)))
                for descriptor in stdin + stdout + stderr where descriptor >= 0 { close(descriptor) }
                throw failure
            }
            switch index {
            case 0: stdin = pair
            case 1: stdout = pair
            default: stderr = pair
            }
        }
        // The child gets pair[1] of each; the parent keeps pair[0].
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[1], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
        // The child starts with no signal blocked and SIGPIPE at its default,
        // whatever this thread had.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        for descriptor in [stdin[1], stdout[1], stderr[1]] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [stdin[0], stdout[0], stderr[0]] { close(descriptor) }
            throw LaunchFailure(description: String(cString: strerror(spawned)))
        }
        return exchange(pid: pid, input: input, stdin: stdin[0], stdout: stdout[0], stderr: stderr[0], timeout: timeout)
    }

    /// Writes `input`, reads both outputs to their end, waits for the exit;
    /// closes the three descriptors.
    private static func exchange(pid: pid_t, input: Data, stdin: Int32, stdout: Int32, stderr: Int32,
                                 timeout: TimeInterval) -> Outcome {
        var outcome = Outcome(status: nil, signal: nil, output: Data(), errors: Data(), timedOut: false)
        var writer: Int32 = stdin
        var readers: [Int32] = [stdout, stderr]
        var written = 0
        if input.isEmpty { close(stdin); writer = -1 }
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while writer >= 0 || !readers.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { outcome.timedOut = true; break }
            var polled = readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writer >= 0 { polled.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(remaining * 1000 + 1, 60_000)))
            if ready < 0 && errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                if entry.fd == writer {
                    let sent = input.withUnsafeBytes { bytes in
                        send(writer, bytes.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    }
                    if sent > 0 { written += sent }
                    // Everything written, or the reader went away (its status says why).
                    if written == input.count || (sent < 0 && errno != EAGAIN && errno != EINTR) {
                        close(writer)
                        writer = -1
                    }
                } else {
                    let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        if entry.fd == stdout { outcome.output.append(contentsOf: chunk[0..<count]) }
                        else { outcome.errors.append(contentsOf: chunk[0..<count]) }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(entry.fd)
                        readers.removeAll { $0 == entry.fd }
                    }
                }
            }
        }
        if writer >= 0 { close(writer) }
        for descriptor in readers { close(descriptor) }
        if outcome.timedOut {
            kill(pid, SIGTERM)
            if !reap(pid, within: 5, into: &outcome) { kill(pid, SIGKILL) }
        }
        if outcome.status == nil && outcome.signal == nil { _ = reap(pid, within: nil, into: &outcome) }
        return outcome
    }

    /// Waits for `pid` (at most `seconds`, or for good); whether it was reaped.
    private static func reap(_ pid: pid_t, within seconds: TimeInterval?, into outcome: inout Outcome) -> Bool {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return true }
            if let deadline, Date() >= deadline { return false }
            if deadline != nil { usleep(10_000) }
        }
        let signal = status & 0x7F
        if signal == 0 { outcome.status = (status >> 8) & 0xFF } else { outcome.signal = signal }
        return true
    }
}
