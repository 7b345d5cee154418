import RxModal

/// The kinds the command knows: the plugins on the standard search path
/// (``ModalRegistry/shared``) plus the kinds written in Swift that ship with the
/// runtime (the `confirmation` kind), registered once.
///
/// Thread safety: the registry is safe from any thread; `prepare` is idempotent.
enum KindCatalog {
    static var registry: ModalRegistry { ModalRegistry.shared }

    /// Loads the plugins and registers the built-in Swift kinds. A plugin file
    /// that already provides "confirmation" wins (first provider), and the
    /// refused registration is listed with the skipped plugins.
    static func prepare() {
        _ = try? ConfirmationKind.standard.kind(in: registry)
    }

    /// The kind called `name`, or a usage error listing the known kinds and the
    /// skipped plugins that look like they meant to provide it.
    static func kind(named name: String) throws -> ModalKind {
        do {
            return try registry.kind(named: name)
        } catch {
            let hint = NearestName.hint(for: name, among: registry.kindNames + CommandParser.commandNames.sorted())
            var message = "unknown modal kind “\(name)”\(hint); known kinds: \(registry.kindNames.joined(separator: ", "))"
            let related = registry.skipped.filter { entry in
                if case .duplicateKind(let kind, _) = entry.reason { return kind == name }
                return (entry.path.split(separator: "/").last.map(String.init) ?? entry.path).contains(name)
            }
            if !related.isEmpty {
                message += "\nskipped plugins that may provide it:\n" + related.map { "  \($0)" }.joined(separator: "\n")
            }
            throw UsageError(message, helpTopic: nil)
        }
    }
}
