import RxModal

/// One part of `rxmodal demo`: the kinds it needs, the script steps that
/// answer it on the default scripted surface, and the flow itself.
///
/// `run` presents on `context.presenter` and returns what came of it, as
/// lines to print, and whether the flow ended as a flow should (a value, a
/// cancellation; an error is false). Immutable; used on the main thread.
struct DemoSection {
    let title: String
    /// Every kind the section presents; if one is not registered the section
    /// prints "skipped: <kind> plugin not loaded" instead of running.
    let requiredKinds: [String]
    /// JSON script steps (objects), in the order the section presents.
    let scriptSteps: (DemoContext) -> [String]
    let run: (DemoContext) -> (lines: [String], ended: Bool)
}

/// What a section runs with.
struct DemoContext {
    let presenter: Presenter
    /// The scripted surface in use, if any (to print what it showed).
    let scripted: ScriptedSurface?
    let console: Console
    let registry: ModalRegistry
    /// Where the sections write their files (drafts, small libraries).
    let scratch: DemoScratch

    func isLoaded(_ kind: String) -> Bool { registry.kindNames.contains(kind) }

    /// Prints what the scripted surface showed since record `start`.
    func printShown(since start: Int) {
        guard let scripted else { return }
        for record in scripted.transcript.dropFirst(start) {
            let spec = record["spec"]
            let primitive = record["primitive"]?.stringValue ?? "?"
            let title = spec?["title"]?.stringValue.map { " “\($0)”" } ?? ""
            let actions = spec?["actions"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
            let fields = spec?["textFields"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
            var line = "   shown: \(primitive)\(title)"
            if !fields.isEmpty { line += " fields [\(fields.joined(separator: ", "))]" }
            if !actions.isEmpty { line += " actions [\(actions.joined(separator: " | "))]" }
            if let result = record["result"] { line += " → answered \(result.json)" }
            if let error = record["error"]?.stringValue { line += " → error: \(error)" }
            line += ", dismissed \(record["dismissals"]?.intValue ?? 0)×"
            console.text(line)
        }
    }
}
