#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Reads plugin descriptors in a separate process, as GStreamer's
/// gst-plugin-scanner does, so that a plugin whose entry function crashes,
/// exits or hangs costs the host nothing but a skipped file.
///
/// The host hands the scanner the very descriptors it checked (the scanner
/// never opens a path): the results pipe as descriptor 3, the files as 4, 5, …
/// The scanner program itself is opened and checked like a plugin and run
/// through `/proc/self/fd/N`. For each file it writes one line
/// `{"index": i, "reading": true}` before it loads the file and one line with
/// `"kind"` or `"skipped"` after, so when it dies the file it was reading is
/// known; that file is skipped with the signal or exit status, and a new
/// scanner goes on with the files after it. A file it takes longer than the
/// timeout to read is skipped the same way, the scanner killed.
///
/// Stateless; safe from any thread.
enum PluginScanner {
    /// The version of the pipe protocol; the scanner refuses another.
    static let protocolVersion = 1
    /// How long the scanner may take to read one file.
    static let defaultTimeoutSeconds = 10
    /// The first file's descriptor number in the scanner; the results pipe is 3.
    static let firstFileDescriptor: Int32 = 4
    static let resultsDescriptor: Int32 = 3

    typealias Outcome = Result<ScannedKind, SkippedPlugin.Reason>

    /// One line from the scanner.
    struct Message: Codable {
        var index: Int
        var reading: Bool? = nil
        var kind: ScannedKind? = nil
        var skipped: String? = nil
    }

    /// Each file's outcome, in order; or why the scanner could not be run at all.
    static func scan(_ files: [CheckedPluginFile], scanner path: String,
                     timeoutSeconds: Int = defaultTimeoutSeconds) -> Result<[Outcome], ScanFailure> {
        let scanner: CheckedProgram
        switch CheckedProgram.open(path) {
        case .success(let opened): scanner = opened
        case .failure(let reason): return .failure(ScanFailure("\(path): \(reason)"))
        }
        var outcomes = [Outcome?](repeating: nil, count: files.count)
        var next = 0
        while next < files.count {
            let batch = Array(next..<files.count)
            let run: BatchRun
            switch BatchRun.start(scanner: scanner, files: batch.map { files[$0].descriptor }) {
            case .success(let started): run = started
            case .failure(let failure): return .failure(ScanFailure("cannot start \(path): \(failure)"))
            }
            var reading: Int?
            var ended: SkippedPlugin.Reason?
            while true {
                switch run.nextLine(timeoutSeconds: timeoutSeconds) {
                case .line(let line):
                    guard let message = try? JSONDecoder().decode(Message.self, from: Data(line.utf8)),
                          batch.indices.contains(message.index) else { continue }
                    let index = batch[message.index]
                    if message.reading == true {
                        reading = index
                    } else if let kind = message.kind {
                        outcomes[index] = .success(kind)
                    } else if let skipped = message.skipped {
                        outcomes[index] = .failure(.refusedByScanner(skipped))
                    }
                    continue
                case .timedOut:
                    run.kill()
                    ended = .hungScanner(seconds: timeoutSeconds)
                case .ended:
                    break
                }
                break
            }
            let status = run.wait()
            if ended == nil {
                ended = status.signal.map { .crashedScanner(signal: $0) } ?? .exitedScanner(status: status.exitCode)
            }
            guard let stopped = reading ?? batch.first(where: { outcomes[$0] == nil }) else { break }
            if outcomes[stopped] == nil {
                if reading == nil {
                    // It died before reading anything: the scanner is broken, not a plugin.
                    return .failure(ScanFailure("\(path) stopped before reading a plugin: \(ended!)"))
                }
                outcomes[stopped] = .failure(ended!)
            }
            next = stopped + 1
            while next < files.count && outcomes[next] != nil { next += 1 }
        }
        return .success(outcomes.map { $0 ?? .failure(.refusedByScanner("the plugin scanner said nothing about it")) })
    }
}

/// Why the scanner could not be run at all.
struct ScanFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
    init(errno code: Int32) { description = String(cString: strerror(code)) }
}

/// The scanner program, opened through a trusted folder and checked like a
/// plugin file (owner, mode), so the program run is the file checked.
/// Owns its descriptor. Not for sharing between threads.
final class CheckedProgram {
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }
    deinit { close(descriptor) }

    static func open(_ path: String) -> Result<CheckedProgram, SkippedPlugin.Reason> {
        guard let slash = path.lastIndex(of: "/") else { return .failure(.relativeFolder) }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        let folder: TrustedFolder
        switch TrustedFolder.open(parent) {
        case .success(let opened): folder = opened
        case .failure(let refusal): return .failure(refusal.reason(for: parent))
        }
        let descriptor = openat(folder.descriptor, String(path[path.index(after: slash)...]), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.notASharedObject("\(path): \(String(cString: strerror(errno)))")) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o111 != 0 else {
            close(descriptor)
            return .failure(.notASharedObject("\(path): not an executable regular file"))
        }
        if let problem = PluginFileSafety.problem(path: path, status: PluginFileSafety.Status(info)) {
            close(descriptor)
            return .failure(problem)
        }
        return .success(CheckedProgram(descriptor: descriptor))
    }
}

/// One scanner process over some files: started with posix_spawn, read line by
/// line, waited for. Not for sharing between threads.
private final class BatchRun {
    enum Read { case line(String), timedOut, ended }

    struct Status {
        var signal: Int32?
        var exitCode: Int32
    }

    private let pid: pid_t
    private let results: Int32
    private var buffer: [UInt8] = []
    private var waited: Status?

    private init(pid: pid_t, results: Int32) {
        self.pid = pid
        self.results = results
    }

    deinit {
        close(results)
        if waited == nil { Glibc.kill(pid, SIGKILL); _ = wait() }
    }

    static func start(scanner: CheckedProgram, files: [Int32]) -> Result<BatchRun, ScanFailure> {
        // A socket pair made close-on-exec at once (Glibc's module has no
        // pipe2), so no child another thread starts meanwhile inherits it.
        var pipeEnds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &pipeEnds) == 0 else {
            return .failure(ScanFailure(errno: errno))
        }
        // Every source descriptor is first moved above the numbers the child
        // gets (3, 4, …), so no dup2 in the child overwrites a later source.
        let floor = PluginScanner.firstFileDescriptor + Int32(files.count) + 1
        var moved: [Int32] = []
        defer { for descriptor in moved { close(descriptor) } }
        func above(_ descriptor: Int32) -> Int32? {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, floor)
            if copy >= 0 { moved.append(copy) }
            return copy >= 0 ? copy : nil
        }
        guard let resultsSource = above(pipeEnds[1]), let program = above(scanner.descriptor) else {
            let failure = ScanFailure(errno: errno)
            close(pipeEnds[0]); close(pipeEnds[1])
            return .failure(failure)
        }
        close(pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, resultsSource, PluginScanner.resultsDescriptor)
        for (offset, file) in files.enumerated() {
            guard let source = above(file) else {
                let failure = ScanFailure(errno: errno)
                close(pipeEnds[0])
                return .failure(failure)
            }
            posix_spawn_file_actions_adddup2(&actions, source, PluginScanner.firstFileDescriptor + Int32(offset))
        }
        let arguments = [PluginScannerLocation.fileName, "--protocol", "\(PluginScanner.protocolVersion)", "--count", "\(files.count)"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        // The scanner's environment is the host's (a plugin may read it), but
        // without the Swift runtime's backtracer: a plugin that crashes should
        // kill the scanner at once, not have it print and carry on.
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }
            .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for entry in envp { free(entry) } }
        let spawned = posix_spawn(&pid, "/proc/self/fd/\(program)", &actions, nil, &argv, &envp)
        guard spawned == 0 else {
            close(pipeEnds[0])
            return .failure(ScanFailure(errno: spawned))
        }
        return .success(BatchRun(pid: pid, results: pipeEnds[0]))
    }

    /// The next line, waiting at most `timeoutSeconds` for it.
    func nextLine(timeoutSeconds: Int) -> Read {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutSeconds) * 1_000_000_000
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            var poller = pollfd(fd: results, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 16384)
            let count = chunk.withUnsafeMutableBytes { read(results, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .ended }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    func kill() { Glibc.kill(pid, SIGKILL) }

    func wait() -> Status {
        if let waited { return waited }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let result = Status(signal: signal != 0 && signal != 0x7F ? signal : nil, exitCode: (status >> 8) & 0xFF)
        waited = result
        return result
    }
}
