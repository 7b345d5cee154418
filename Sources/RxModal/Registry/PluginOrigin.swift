/// Where a modal kind came from: a shared object on disk, or a descriptor
/// registered in-process from Swift. Immutable; safe to share between threads.
public enum PluginOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Loaded with `dlopen` from this path (as found on the search path).
    case file(String)
    /// Registered with ``ModalRegistry/register(descriptor:)``.
    case inProcess
    /// Linked into the program with the RxModal product and registered by
    /// ``ModalRegistry/registerBuiltInKinds()``.
    case builtIn

    public var description: String {
        switch self {
        case .file(let path): return path
        case .inProcess: return "in-process"
        case .builtIn: return "built into this program"
        }
    }
}
