import Foundation
import Synchronization
import RxCore
import RxModal

/// A Swift kind for testing the descriptor machinery: its methods cover every
/// signature code and record what arrives (in `received`, shared by all its
/// configurations); it counts its live configurations; `fail(code)` throws a
/// chosen error. Presenting emits `{"presented": true}` and completes at once.
final class ProbeKind: ModalKindDefinition, @unchecked Sendable {
    final class Configuration {
        let probe: ProbeKind
        init(probe: ProbeKind) {
            self.probe = probe
            probe.liveConfigurations.add(1, ordering: .relaxed)
        }
        deinit { probe.liveConfigurations.subtract(1, ordering: .relaxed) }
    }

    struct NotAModalError: Error, CustomStringConvertible {
        var description: String { "something Swift-only went wrong" }
    }

    let name: String
    let version = "2.1.0"
    let summary = "Records what its methods receive."
    let resultDescription = #"{"presented": true}"#
    let liveConfigurations = Atomic<Int>(0)
    private let lock = NSLock()
    private var calls: [[ModalValue]] = []

    init(name: String = "probe") { self.name = name }

    var received: [[ModalValue]] { lock.withLock { calls } }

    func makeConfiguration() -> Configuration { Configuration(probe: self) }

    var methods: [ModalKindMethod<Configuration>] {
        [
            ModalKindMethod("takeAll", signature: "bidsySv",
                            argumentNames: ["flag", "count", "ratio", "text", "data", "list", "tree"],
                            doc: "Takes one argument of every kind.") { configuration, arguments in
                configuration.probe.record(arguments)
            },
            ModalKindMethod("takeNothing", signature: "", argumentNames: [], doc: "") { configuration, arguments in
                configuration.probe.record(arguments)
            },
            ModalKindMethod("fail", signature: "i", argumentNames: ["how"], doc: "Throws: 2 unsupported, else a Swift error.") { _, arguments in
                if arguments[0] == .int(2) { throw ModalError.unsupported(kind: "probe", reason: "not here") }
                throw NotAModalError()
            },
        ]
    }

    func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
        observer.onNext(["presented": true])
        observer.onCompleted()
        observer.onNext(["after": "the end"])   // dropped: after a terminal event
        return Disposables.create()
    }

    private func record(_ arguments: [ModalValue]) { lock.withLock { calls.append(arguments) } }
}

/// The guarded test kind of the coordinator tests, written as a Swift kind: a
/// precondition and an authorization set through `setSupported(b)` and
/// `setStatus(i)`; a request that asks on the surface ("Allow" → authorized).
struct SwiftGuardedKind: ModalKindDefinition {
    final class Configuration {
        var supported = true
        var status = ModalAuthorizationStatus.authorized
    }

    let name = "swiftGuarded"
    let version = "0.1"
    let summary = "A Swift test kind with a precondition and an authorization."
    let resultDescription = #"{"presented": true}"#

    func makeConfiguration() -> Configuration { Configuration() }

    var methods: [ModalKindMethod<Configuration>] {
        [
            ModalKindMethod("setSupported", signature: "b", argumentNames: ["supported"], doc: "") { configuration, arguments in
                configuration.supported = arguments[0] == true
            },
            ModalKindMethod("setStatus", signature: "i", argumentNames: ["status"], doc: "0 not determined … 3 authorized") { configuration, arguments in
                let statuses: [ModalAuthorizationStatus] = [.notDetermined, .denied, .restricted, .authorized]
                guard let index = arguments[0].intValue, statuses.indices.contains(Int(index)) else {
                    throw ModalError.invalidArgument(method: "setStatus", reason: "a status is 0…3")
                }
                configuration.status = statuses[Int(index)]
            },
        ]
    }

    var precondition: (@Sendable (Configuration) throws -> Void)? {
        { configuration in
            if !configuration.supported { throw ModalError.unsupported(kind: "swiftGuarded", reason: "the test said so") }
        }
    }

    var authorization: ModalKindAuthorization<Configuration>? {
        ModalKindAuthorization(status: { $0.status }, request: { _, surface, answer in
            let spec: ModalValue = ["primitive": "prompt", "title": "Allow swiftGuarded?",
                                    "actions": [["title": "Allow", "style": "default"], ["title": "Deny", "style": "cancel"]]]
            do {
                let question = try surface.show(spec: spec, onResult: { answer($0["action"] == 0 ? .authorized : .denied) },
                                                onError: { _ in answer(.denied) })
                return Disposables.create { surface.dismiss(question) }
            } catch {
                answer(.denied)
                return Disposables.create()
            }
        })
    }

    func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
        observer.onNext(["presented": true])
        observer.onCompleted()
        return Disposables.create()
    }
}
