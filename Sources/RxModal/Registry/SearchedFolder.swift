/// One folder of a search path as the registry met it: where it is, why it was
/// on the path, and what became of it. `rxmodal list --verbose` and
/// `rxm_registry_describe` print these, so a user can see where plugins were
/// looked for. Immutable; safe to share between threads.
public struct SearchedFolder: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// Read; `candidates` files in it were considered.
        case searched(candidates: Int)
        /// Does not exist (or is not a folder).
        case absent(String)
        /// Not read: the reason (unsafe permissions or owner, a relative path, …).
        case refused(SkippedPlugin.Reason)
        /// The same folder as an earlier entry (also through a link): read once.
        case alreadySearched

        public var description: String {
            switch self {
            case .searched(let count): return "searched, \(count) candidate file\(count == 1 ? "" : "s")"
            case .absent(let message): return "not used: \(message)"
            case .refused(let reason): return "refused: \(reason)"
            case .alreadySearched: return "not used: already searched"
            }
        }
    }

    public let path: String
    public let source: PluginSearchPath.Source
    public let outcome: Outcome

    public init(path: String, source: PluginSearchPath.Source, outcome: Outcome) {
        self.path = path
        self.source = source
        self.outcome = outcome
    }

    /// `/usr/lib/rxmodal/plugins-1 (system folder): searched, 7 candidate files`
    public var description: String { "\(path) (\(source)): \(outcome)" }
}
