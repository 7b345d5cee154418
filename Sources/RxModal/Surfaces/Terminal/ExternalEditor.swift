import Foundation
import Glibc

/// Edits text in the user's editor, the way `git commit` and mutt do: the text is
/// written to a private temporary file, the editor is run on it with the terminal,
/// and the file is read back when the editor exits successfully.
///
/// Which editor (as git decides): `$VISUAL` unless `TERM` is `dumb`, else
/// `$EDITOR`, else `vi` — except on a dumb terminal, where there is no default.
/// The variable's value is split into words the way a shell would split it —
/// whitespace separates words, '…' and "…" quote (with \" and \\ inside double
/// quotes), a backslash escapes the next character — but nothing is expanded and
/// no shell runs: `EDITOR="code --wait"` and `EDITOR="'/opt/My Editor/bin/ed' -n"`
/// work, `EDITOR='vim $(rm -rf ~)'` runs vim with two odd arguments. The temporary
/// file's path is appended as the last argument. The program is looked up on the
/// environment's PATH.
///
/// `edit` returns nil — keep the old text — when there is no editor, the editor
/// cannot be started, or it exits unsuccessfully (as `git commit` aborts). A final
/// newline that the editor added (most do) is removed when the text had none.
///
/// Blocks until the editor exits: ``TerminalSurface`` calls it (as its
/// `textEditor` hook) on its reader thread with the terminal restored.
/// Immutable: usable from any thread.
public struct ExternalEditor: Sendable {
    /// The editor's words, program first (before the file's path).
    public let command: [String]
    public let environment: [String: String]
    /// The descriptors the editor gets as standard input, output and error.
    public let inputFD: Int32
    public let outputFD: Int32

    public init(command: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) {
        self.command = command
        self.environment = environment
        self.inputFD = inputFD
        self.outputFD = outputFD
    }

    /// The user's editor from `environment` (see the type's documentation); nil
    /// when there is none, or the variable's quotes do not close.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment,
                 inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) {
        let dumb = environment["TERM"] == "dumb"
        let configured = [dumb ? nil : environment["VISUAL"], environment["EDITOR"]]
            .compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let words: [String]?
        if let configured { words = Self.words(configured) } else { words = dumb ? nil : ["vi"] }
        guard let words, !words.isEmpty else { return nil }
        self.init(command: words, environment: environment, inputFD: inputFD, outputFD: outputFD)
    }

    /// `text` split into words as described above; nil for an unclosed quote.
    public static func words(_ text: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }

    /// Runs the editor on `text`; the edited text, or nil to keep `text`.
    public func edit(_ text: String) -> String? {
        guard let program = command.first, let path = Self.resolve(program, searchPath: environment["PATH"]) else { return nil }
        let directory = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(directory)/rxmodal-edit-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { return nil }
        let file = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(file) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return true
        }
        close(fd)
        guard written, run(path, arguments: Array(command.dropFirst()) + [file]) else { return nil }
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        var edited = String(decoding: data, as: UTF8.self)
        if !text.hasSuffix("\n"), edited.hasSuffix("\n") { edited.removeLast() }
        return edited
    }

    /// Spawns `path` (no shell) with the editor's descriptors and waits; true when it exited with 0.
    private func run(_ path: String, arguments: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputFD, 0)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return false }
        }
        // WIFEXITED && WEXITSTATUS == 0
        return (status & 0x7F) == 0 && ((status >> 8) & 0xFF) == 0
    }

    private static func resolve(_ program: String, searchPath: String?) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            var status = stat()
            if stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
