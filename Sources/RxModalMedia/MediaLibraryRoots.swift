import Foundation

/// Where the user's libraries are: `XDG_MUSIC_DIR` and `XDG_PICTURES_DIR`
/// resolved as `xdg-user-dir` does — the value in
/// `$XDG_CONFIG_HOME/user-dirs.dirs` (or `~/.config/user-dirs.dirs`), else the
/// environment variable of that name — falling back to `~/Music` and
/// `~/Pictures`. Also the cache and configuration folders of the XDG Base
/// Directory specification (relative values are ignored, as it requires).
///
/// Thread safety: stateless; use from any thread.
public enum MediaLibraryRoots {
    public enum Library: String, Sendable {
        case music = "MUSIC"
        case pictures = "PICTURES"
        var fallbackFolder: String { self == .music ? "Music" : "Pictures" }
    }

    public static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }

    /// The folder of `library`.
    public static func folder(of library: Library, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = home(environment)
        let key = "XDG_\(library.rawValue)_DIR"
        let file = configHome(environment) + "/user-dirs.dirs"
        if let text = try? String(contentsOfFile: file, encoding: .utf8), let value = userDirsValue(key, in: text, home: home) {
            return value
        }
        if let value = environment[key], value.hasPrefix("/") { return value }
        return home + "/" + library.fallbackFolder
    }

    /// The value of `key` in the text of a `user-dirs.dirs` file: lines of the
    /// form `XDG_MUSIC_DIR="$HOME/Music"` or `XDG_MUSIC_DIR="/abs/path"`, `#`
    /// comments; the last assignment wins, as when the shell sources the file.
    /// A value equal to `$HOME` itself means the folder is disabled (nil).
    static func userDirsValue(_ key: String, in text: String, home: String) -> String? {
        var found: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), line.hasPrefix(key + "=") else { continue }
            var value = String(line.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            value = value.replacingOccurrences(of: "\\\"", with: "\"")
            if value == "$HOME" || value == "$HOME/" { found = nil; continue }
            if value.hasPrefix("$HOME/") { found = home + value.dropFirst(5); continue }
            if value.hasPrefix("/") { found = value }
        }
        return found
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    public static func configHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") { return value }
        return home(environment) + "/.config"
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache`.
    public static func cacheHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let value = environment["XDG_CACHE_HOME"], value.hasPrefix("/") { return value }
        return home(environment) + "/.cache"
    }

    /// The scan cache file for a set of roots: one per set, under
    /// `$XDG_CACHE_HOME/rxmodal/`, named by a hash of the roots.
    public static func cacheFile(forRoots roots: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var hash: UInt64 = 0xcbf29ce484222325   // FNV-1a
        for byte in roots.sorted().joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100000001b3
        }
        return cacheHome(environment) + "/rxmodal/media-scan-" + String(hash, radix: 16) + ".tsv"
    }
}
