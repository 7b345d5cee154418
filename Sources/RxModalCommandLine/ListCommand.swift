import RxModal

/// `rxmodal list [--verbose] [--json]`: the kinds with their summaries; with
/// `--verbose`, where each comes from, every skipped plugin with its reason, and
/// every folder searched with why it was on the path and what became of it.
/// `--json` prints the registry's whole description (``ModalRegistry/describedValue``).
enum ListCommand {
    static func run(verbose: Bool, json: Bool, console: Console) -> ExitStatus {
        let registry = KindCatalog.registry
        let kinds = registry.kinds
        let skipped = registry.skipped
        if json {
            console.output(registry.describedValue.json)
            return .value
        }
        let width = kinds.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for kind in kinds {
            lines.append(kind.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + kind.summary)
            if verbose { lines.append(String(repeating: " ", count: width + 2) + "\(kind.version), from \(kind.origin)") }
        }
        if kinds.isEmpty { lines.append("no modal kinds found") }
        if verbose {
            lines.append("")
            if skipped.isEmpty {
                lines.append("skipped plugins: none")
            } else {
                lines.append("skipped plugins:")
                lines.append(contentsOf: skipped.map { "  \($0.path): \($0.reason)" })
            }
            lines.append("")
            lines.append("searched folders, in order:")
            lines.append(contentsOf: registry.searchedFolders.map { "  \($0)" })
        } else if !skipped.isEmpty {
            lines.append("(\(skipped.count) plugin\(skipped.count == 1 ? "" : "s") skipped; rxmodal list --verbose says why)")
        }
        console.text(lines.joined(separator: "\n"))
        return .value
    }
}
