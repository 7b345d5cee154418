import Foundation
import RxModal
import RxModalMedia

/// `rxmodal reset-authorization [mediaPicker] [--application ID | --all] [--json]`:
/// forgets the media-library answer the media picker keeps for an application
/// (``MediaLibraryAuthorizationStore``), so that the next opening asks again.
/// Without it a "Don’t Allow" given once would refuse every later opening with
/// exit status 4 and no way shown to change the answer.
///
/// The answer is kept per application identifier; the media picker's default
/// identifier is the name of the process presenting it, which for `rxmodal
/// mediaPicker` is this process's name, so that is the default here too.
///
/// Runs on the main thread, once.
enum ResetAuthorizationCommand {
    /// The kinds whose answers this command can forget.
    static let kinds = ["mediaPicker"]

    /// The identifier `rxmodal mediaPicker` is asked and answered under.
    static var defaultApplication: String { ProcessInfo.processInfo.processName }

    static func run(kind: String?, target: AuthorizationResetTarget?, json: Bool, console: Console) throws -> ExitStatus {
        let kindName = kind ?? kinds[0]
        guard kinds.contains(kindName) else {
            throw UsageError("\(kindName) keeps no answer that rxmodal can reset; reset-authorization knows "
                             + kinds.joined(separator: ", ") + NearestName.hint(for: kindName, among: kinds),
                             helpTopic: "reset-authorization")
        }
        let store = MediaLibraryAuthorizationStore.standard()
        let recorded = store.recordedStatuses()
        let applications: [String]
        switch target ?? .application(defaultApplication) {
        case .all: applications = recorded.keys.sorted()
        case .application(let identifier): applications = [identifier]
        }
        var forgotten: [(String, MediaLibraryAuthorizationStore.Status)] = []
        for application in applications {
            guard let status = recorded[application] else { continue }
            try store.setStatus(.notDetermined, for: application)
            forgotten.append((application, status))
        }
        if json {
            console.output(ModalValue.object([
                "kind": .string(kindName), "file": .string(store.file),
                "reset": .array(forgotten.map { .object(["application": .string($0.0), "was": .string($0.1.rawValue)]) }),
            ]).json)
            return .value
        }
        if forgotten.isEmpty {
            let whom = target == .all ? "any application" : "“\(applications.first ?? "")”"
            console.text("\(kindName): no media-library answer is kept for \(whom); nothing to reset")
        } else {
            console.text(forgotten.map { "\(kindName): forgot the answer “\($0.1.rawValue)” for “\($0.0)”; it will be asked again" }
                .joined(separator: "\n"))
        }
        return .value
    }

    /// The hint printed after a denial, naming the command that undoes it.
    static func hint(afterDenialOf kind: String, application: String?) -> String? {
        guard kinds.contains(kind) else { return nil }
        let option = application.map { " --application \(ShellQuoting.quote($0))" } ?? ""
        return "The answer is remembered; 'rxmodal reset-authorization \(kind)\(option)' forgets it so that you are asked again."
    }
}
