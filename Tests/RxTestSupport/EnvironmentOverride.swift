#if canImport(Glibc)
import Glibc
#endif

/// Sets environment variables for one test and puts every one of them back as it
/// was — set to its old value, or unset if it was not set — in `restore()`.
/// Tests run serially, one process; a variable left behind would steer every
/// later test and every child process they start.
public final class EnvironmentOverride {
    /// The value each changed variable had before its first change (nil: unset).
    private var originals: [(name: String, value: String?)] = []

    public init() {}

    public func set(_ name: String, _ value: String?) {
        if !originals.contains(where: { $0.name == name }) {
            originals.append((name, getenv(name).map { String(cString: $0) }))
        }
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    public func restore() {
        for (name, value) in originals.reversed() {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        originals = []
    }
}
