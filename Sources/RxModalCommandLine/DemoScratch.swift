import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The private scratch space of one `rxmodal demo` run: a fresh directory under
/// the temporary directory holding the demo's drafts Maildir, its small photo and
/// music libraries, and the configuration and cache the picker plugins write
/// (`XDG_CONFIG_HOME` and `XDG_CACHE_HOME` point into it while the demo runs), so
/// the demo touches nothing of the user's. Removed, environment restored, by
/// ``finish()``. Used on the main thread only.
final class DemoScratch {
    let path: String
    private let savedEnvironment: [(name: String, value: String?)]

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/rxmodal-demo-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot create the demo's scratch directory: \(String(cString: strerror(errno)))"])
        }
        path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
        let isolated = ["XDG_CONFIG_HOME": path + "/config", "XDG_CACHE_HOME": path + "/cache"]
        savedEnvironment = isolated.keys.sorted().map { name in (name, ProcessInfo.processInfo.environment[name]) }
        for (name, value) in isolated { setenv(name, value, 1) }
    }

    /// A directory inside the scratch space, created if needed.
    func directory(_ name: String) throws -> String {
        let directory = path + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    func finish() {
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
