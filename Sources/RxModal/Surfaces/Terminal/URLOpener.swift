import Foundation
import Glibc
import RxModalPluginABI

/// Starts a browser for an openURL presentation, without a shell: the spec's
/// "browser" command if given, else the first entry of `$BROWSER` (a
/// colon-separated list, by convention), else `xdg-open`. A command with
/// spaces is split on whitespace into a program and its arguments (no quoting
/// or expansion); the URL is the last argument. The program is looked up on
/// `PATH` of the given environment.
///
/// "Opened" means the program was started: its exit status is not waited for
/// by the caller (a thread reaps it, so no zombie is left).
///
/// Stateless; safe from any thread.
enum URLOpener {
    static func command(for spec: ModalValue, environment: [String: String]) -> [String] {
        let configured = spec["browser"]?.stringValue
            ?? environment["BROWSER"].flatMap { $0.split(separator: ":").first.map(String.init) }
            ?? "xdg-open"
        var words = configured.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.isEmpty { words = ["xdg-open"] }
        return words + [spec["url"]?.stringValue ?? ""]
    }

    /// Starts `arguments[0]` with the rest as arguments; throws `ModalError`
    /// (code RXM_ERR_IO) if it cannot be started.
    static func start(_ arguments: [String], environment: [String: String]) throws {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        // The browser must not read the keys meant for us, nor draw into our screen.
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        // posix_spawnp searches the PATH of the calling process; give the
        // environment's PATH by resolving here.
        let program = resolve(arguments[0], path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        let status = posix_spawn(&pid, program, &fileActions, nil, argv, envp)
        guard status == 0 else {
            throw ModalError.plugin(code: Int32(RXM_ERR_IO),
                                    message: "openURL: cannot start \(ModalValue.string(arguments[0]).json): \(String(cString: strerror(status)))")
        }
        let child = pid
        Thread.detachNewThread { var ignored: Int32 = 0; _ = waitpid(child, &ignored, 0) }
    }

    private static func resolve(_ program: String, path: String) -> String {
        if program.contains("/") { return program }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return program
    }
}
