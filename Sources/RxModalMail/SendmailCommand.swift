import Foundation

/// A sendmail-compatible program and the arguments that come before the ones the
/// transport adds (for example `["-C", "/path/msmtprc"]` for msmtp).
///
/// A plain value: usable from any thread.
public struct SendmailCommand: Equatable, Sendable {
    public let executablePath: String
    public let leadingArguments: [String]

    public init(executablePath: String, leadingArguments: [String] = []) {
        self.executablePath = executablePath
        self.leadingArguments = leadingArguments
    }

    /// The command the precondition names: `RXMODAL_SENDMAIL` if set (a path, or a
    /// name looked up on PATH), else `sendmail` or `msmtp` on PATH, else `/usr/sbin/sendmail`.
    /// Nil when none of them is an executable file.
    ///
    /// `RXMODAL_SENDMAIL` names one program, never a command line: it is not split on
    /// spaces and never passed to a shell.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> SendmailCommand? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let configured = environment["RXMODAL_SENDMAIL"], !configured.isEmpty {
            // When set, it is the only candidate: a configured but missing command must not
            // silently fall back to another transport.
            return resolve(configured, searchPath: path).map { SendmailCommand(executablePath: $0) }
        }
        for name in ["sendmail", "msmtp"] {
            if let found = resolve(name, searchPath: path) { return SendmailCommand(executablePath: found) }
        }
        return resolve("/usr/sbin/sendmail", searchPath: path).map { SendmailCommand(executablePath: $0) }
    }

    static func resolve(_ name: String, searchPath: String) -> String? {
        if name.contains("/") {
            return isExecutableFile(name) ? name : nil
        }
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
