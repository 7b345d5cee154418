import RxCore
import RxModal

/// `rxmodal demo`: runs ``DemoSections/all`` in order. On the default surface
/// (a scripted one, with the steps of every section that runs) the output is
/// the same on every run, so CI can check it; `--surface terminal` asks a
/// person, `--surface script:FILE` answers from FILE. A section whose kind is
/// not loaded prints "skipped: <kind> plugin not loaded". Exits 0 when every
/// section that ran ended without an error, 6 otherwise.
enum DemoCommand {
    static func run(surface option: SurfaceOption?, transcriptPath: String?, console: Console) throws -> ExitStatus {
        let resourcesAtStart = Resources.total
        let registry = KindCatalog.registry
        let sections = DemoSections.all
        let scratch = try DemoScratch()
        defer { scratch.finish() }
        let probe = DemoContext(presenter: .default, scripted: nil, console: console, registry: registry, scratch: scratch)
        let runnable = sections.filter { section in section.requiredKinds.allSatisfy(probe.isLoaded) }

        let presenter: Presenter
        let scripted: ScriptedSurface?
        switch option {
        case nil:
            let steps = runnable.flatMap { $0.scriptSteps(probe) }
            let surface = try ScriptedSurface(json: "[" + steps.joined(separator: ", ") + "]")
            (presenter, scripted) = (.surface(surface), surface)
        case .some(let option):
            let selection = try SurfaceSelection(option: option, transcriptPath: transcriptPath, helpTopic: "demo")
            (presenter, scripted) = (selection.presenter, selection.scripted)
        }
        if transcriptPath != nil && scripted == nil {
            throw UsageError("--transcript needs a scripted surface (the default, or --surface script:FILE)", helpTopic: "demo")
        }
        let context = DemoContext(presenter: presenter, scripted: scripted, console: console, registry: registry, scratch: scratch)

        let surfaceName: String
        switch (scripted, option) {
        case (.some, _): surfaceName = "scripted (headless)"
        case (nil, .desktop?): surfaceName = "desktop"
        default: surfaceName = "terminal"
        }
        console.text("RxModal demo: the seed's modal flows on the \(surfaceName) surface")
        console.text("kinds loaded: \(registry.kindNames.joined(separator: ", "))")
        var allEnded = true
        for (number, section) in sections.enumerated() {
            console.text("\n\(number + 1). \(section.title)")
            if let missing = section.requiredKinds.first(where: { !context.isLoaded($0) }) {
                console.text("   skipped: \(missing) plugin not loaded")
                continue
            }
            let start = scripted?.transcript.count ?? 0
            let outcome = section.run(context)
            context.printShown(since: start)
            outcome.lines.forEach { console.text("   " + $0) }
            allEnded = allEnded && outcome.ended
        }
        // Every subscription, sink and presentation above has been released.
        console.text("\nlive resources left: \(Resources.total - resourcesAtStart)")
        if let transcriptPath, let scripted {
            do { try scripted.writeTranscript(to: transcriptPath) } catch {
                console.error("rxmodal: --transcript: \(error)")
                return .failure
            }
        }
        return allEnded ? .value : .failure
    }
}
