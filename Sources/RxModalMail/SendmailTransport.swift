import Foundation

/// Hands a message to a sendmail-compatible command, without a shell.
///
/// Invocation: `<command> <leading arguments> -i -f <sender> -- <every To, Cc and Bcc
/// address>`, with the message (which has no Bcc header) on standard input.
///
/// Why not `-t`: with `-t` the program reads recipients from the headers, and what it
/// does with addresses also given as arguments differs: msmtp, Postfix and Sendmail
/// (per the O'Reilly book) add them, while Exim — Debian's default MTA — removes them by
/// default (`extract_addresses_remove_arguments`), as some vendor Sendmails did. Passing
/// Bcc recipients as arguments with `-t` would therefore silently drop them on Exim, and
/// putting a Bcc header on stdin relies on every program stripping it. Naming all
/// recipients as arguments, without `-t`, means the same thing to every
/// sendmail-compatible program and keeps Bcc out of every byte we hand over.
/// `-i` keeps a line holding a single "." from ending the message; `--` keeps an
/// address that starts with "-" from being read as an option.
///
/// `send` blocks until the command exits (or the timeout passes): call it from any
/// thread except one that must stay responsive. Instances are immutable: usable from
/// any thread, also concurrently.
public struct SendmailTransport: Sendable {
    public let command: SendmailCommand
    /// The environment the command runs with.
    public let environment: [String: String]
    /// How long the command may run before it is stopped.
    public let timeout: TimeInterval

    public init(command: SendmailCommand, environment: [String: String] = ProcessInfo.processInfo.environment,
                timeout: TimeInterval = 120) {
        self.command = command
        self.environment = environment
        self.timeout = timeout
    }

    /// The transport for the located command; throws `MailTransportError.noCommand` when there is none.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let command = SendmailCommand.locate(environment: environment) else { throw MailTransportError.noCommand }
        self.init(command: command, environment: environment)
    }

    /// The precondition of the mail composer: a sendmail-compatible command exists.
    public static func canSendMail(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        SendmailCommand.locate(environment: environment) != nil
    }

    /// The arguments for one message (after the command's leading arguments).
    public static func arguments(sender: MailAddress, recipients: [String]) -> [String] {
        ["-i", "-f", sender.asciiAddrSpec, "--"] + recipients
    }

    /// Sends `data` (written by `MIMEMessageWriter` for `.transmission`) from `sender` to `recipients`.
    public func send(_ data: Data, sender: MailAddress, recipients: [String]) throws {
        let name = URL(fileURLWithPath: command.executablePath).lastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executablePath)
        process.arguments = command.leadingArguments + Self.arguments(sender: sender, recipients: recipients)
        process.environment = environment
        let input = Pipe(), errors = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw MailTransportError.launchFailed(command: command.executablePath, detail: error.localizedDescription)
        }
        // Read stderr and stdout while writing stdin, so that a chatty command cannot
        // block us on a full pipe.
        let collected = CollectedOutput()
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) { collected.setErrors(errors.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: readers) { _ = output.fileHandleForReading.readDataToEndOfFile() }
        Self.writeIgnoringBrokenPipe(data, to: input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()

        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = exited.wait(timeout: .now() + 5)
            throw MailTransportError.timedOut(command: name, seconds: timeout)
        }
        _ = readers.wait(timeout: .now() + 5)
        let stderr = String(decoding: collected.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch process.terminationReason {
        case .exit where process.terminationStatus == 0:
            return
        case .exit:
            throw MailTransportError.commandFailed(command: name, status: process.terminationStatus, stderr: stderr)
        case .uncaughtSignal:
            throw MailTransportError.commandKilled(command: name, signal: process.terminationStatus, stderr: stderr)
        @unknown default:
            throw MailTransportError.commandFailed(command: name, status: process.terminationStatus, stderr: stderr)
        }
    }

    /// Writes everything unless the reader went away (EPIPE): a command that exits early
    /// is reported by its exit status and stderr, not by the write. SIGPIPE is blocked
    /// for this thread only while writing (and a pending one consumed), so the process's
    /// signal disposition is left alone.
    private static func writeIgnoringBrokenPipe(_ data: Data, to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE {
                        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                        _ = sigtimedwait(&pipeSignal, nil, &noWait)
                    }
                    return
                }
                pointer += written
                remaining -= written
            }
        }
    }
}

/// Stderr collected on a reader thread; the lock makes it safe to hand back.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var storedErrors = Data()

    func setErrors(_ data: Data) {
        lock.lock(); storedErrors = data; lock.unlock()
    }

    var errors: Data {
        lock.lock(); defer { lock.unlock() }
        return storedErrors
    }
}
