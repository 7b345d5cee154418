import RxCore
import RxModal

/// `rxmodal KIND [options]`: configures the kind with the calls the options
/// name, presents it on the chosen surface, and prints its result as one JSON
/// document on standard output — only once the modal has ended, so an error, a
/// timeout or Ctrl-C leaves standard output empty. Messages go to standard error.
enum PresentCommand {
    static func run(kindName: String, arguments: [String], console: Console) throws -> ExitStatus {
        let kind = try KindCatalog.kind(named: kindName)
        let options = try PresentOptionsParser.parse(arguments, for: kind)
        if options.wantsHelp {
            console.text(HelpText.present(kind: kind))
            return .value
        }
        var calls = options.calls
        // A dialog given no action gets one OK, as dialog --msgbox has: without
        // one it could not be answered at all.
        if kind.methods.contains(where: { $0.name == "addAction" }),
           !calls.contains(where: { $0.method == "addAction" || $0.method == "setActions" }),
           let addAction = try? kind.method(named: "addAction") {
            calls.insert(MethodCall(method: "addAction", arguments: DialogShortcut.action.arguments(forParsed: ["title": "OK", "style": "default"], method: addAction),
                                    option: "(the default OK action)"), at: 0)
        }
        // The values are checked before a surface is looked for: a bad one is a
        // usage error (2) whether or not there is a terminal to show on.
        try checkCalls(calls, on: kind)
        let selection = try SurfaceSelection(option: options.surface, transcriptPath: options.transcriptPath,
                                             helpTopic: kind.name)
        let modal = ModalCoordinator.shared.present(kind: kind, presenter: selection.presenter) { configurator in
            for call in calls {
                do { try configurator.call(call.method, arguments: call.arguments) } catch {
                    throw ConfigurationFailure(option: call.option, underlying: error)
                }
            }
        }
        let outcome = ModalRun.run(modal, timeoutSeconds: options.timeoutSeconds,
                                   presentationQueue: selection.presentationQueue)
        let transcriptWritten = selection.writeTranscript(to: options.transcriptPath, console: console)
        switch outcome {
        case .value(let value):
            console.output(value.json)
            let status: ExitStatus = CancellationRule.isFailure(value) ? .failure
                : CancellationRule.isCancellation(value) ? .cancelled : .value
            return status == .value && !transcriptWritten ? .failure : status
        case .empty:
            console.error("rxmodal: \(kind.name) ended without a value")
            return .cancelled
        case .timedOut:
            console.error("rxmodal: \(kind.name) timed out after \(TimeText.seconds(options.timeoutSeconds ?? 0)) s; dismissed")
            return .timeout
        case .failed(let error):
            let status = ErrorStatus.status(for: error)
            if let usage = error as? UsageError {
                console.error("rxmodal: \(usage.message)\n\(usage.hint)")
            } else if status == .usage {
                console.error("rxmodal: \(kind.name): \(error)\nTry 'rxmodal help \(kind.name)'.")
            } else if status == .authorizationDenied,
                      let hint = ResetAuthorizationCommand.hint(afterDenialOf: kind.name, application: options.applicationIdentifier) {
                console.error("rxmodal: \(kind.name): \(error)\n\(hint)")
            } else {
                console.error("rxmodal: \(kind.name): \(error)")
            }
            return status
        }
    }
}

extension PresentCommand {
    /// Makes each call on a configuration of its own, which is then thrown away,
    /// so that what the plugin refuses while configuring is known at once.
    static func checkCalls(_ calls: [MethodCall], on kind: ModalKind) throws {
        let scratch = try kind.makeConfiguration()
        let table = try kind.methodTable()
        for call in calls {
            do {
                try table.invoker(named: call.method).invoke(config: scratch.pointer, arguments: call.arguments)
            } catch {
                throw ConfigurationFailure(option: call.option, underlying: error)
            }
        }
    }
}

/// Seconds as people write them: `2`, `0.5`.
enum TimeText {
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
