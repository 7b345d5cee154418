#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as it is now (read from `environ` on each call, so
/// a variable set with setenv after start is seen), and program lookup on PATH.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let key = String(text[..<equals])
                if result[key] == nil { result[key] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// `name` if it contains a slash and is an executable file, else the first
    /// executable file called `name` in `searchPath`'s directories; nil if none.
    public static func findProgram(_ name: String, searchPath: String?) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
