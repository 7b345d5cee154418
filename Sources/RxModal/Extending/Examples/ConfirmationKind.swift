import RxCore

/// The `confirmation` modal kind, written in Swift: a prompt with a message and
/// two actions, Cancel and Confirm, whose result is `{"confirmed": b}` (true
/// when Confirm was chosen, false for Cancel or for a dismissal by the user).
/// It is the worked example of docs/guides/Extending.md, and a real kind:
/// ``RxModal/confirmation(presenter:title:message:confirmTitle:cancelTitle:destructive:coordinator:)``
/// presents it.
///
/// Its methods: `setTitle(title) [s]`, `setMessage(message) [s]`,
/// `setConfirmTitle(title) [s]`, `setCancelTitle(title) [s]` (action titles must
/// not be empty), `setDestructive(destructive) [b]` (the Confirm action's style).
///
/// Immutable; safe to share between threads.
public struct ConfirmationKind: ModalKindDefinition {
    /// One presentation's settings. Touched only by the methods and `present`,
    /// which the host calls serially for one configuration.
    public final class Configuration {
        var title: String?
        var message = ""
        var confirmTitle = "Confirm"
        var cancelTitle = "Cancel"
        var destructive = false
    }

    /// The kind made by ``RxModal/confirmation(presenter:title:message:confirmTitle:cancelTitle:destructive:coordinator:)``,
    /// with its descriptor built once for the process.
    public static let standard = try! ModalKindDescriptor(ConfirmationKind())

    public let name: String
    public let version = "1.0.0"
    public let summary = "Asks the user to confirm something: a message with Cancel and Confirm actions."
    public let resultDescription = #"{"confirmed": b}  (true for Confirm; false for Cancel or Esc)"#
    private let unavailableReason: @Sendable () -> String?

    /// A confirmation kind called `name`. `unavailableReason` is its precondition:
    /// when it returns a reason, presenting fails with
    /// ``ModalError/unsupported(kind:reason:)`` (an app that runs unattended can
    /// refuse to ask, for example).
    public init(name: String = "confirmation", unavailableReason: @escaping @Sendable () -> String? = { nil }) {
        self.name = name
        self.unavailableReason = unavailableReason
    }

    public func makeConfiguration() -> Configuration { Configuration() }

    public var methods: [ModalKindMethod<Configuration>] {
        [
            ModalKindMethod("setTitle", signature: "s", argumentNames: ["title"], doc: "The prompt's title.") { configuration, arguments in
                configuration.title = arguments[0].stringValue
            },
            ModalKindMethod("setMessage", signature: "s", argumentNames: ["message"], doc: "What is being confirmed.") { configuration, arguments in
                configuration.message = arguments[0].stringValue ?? ""
            },
            ModalKindMethod("setConfirmTitle", signature: "s", argumentNames: ["title"], doc: "The Confirm action's title.") { configuration, arguments in
                configuration.confirmTitle = try Self.actionTitle(arguments[0], method: "setConfirmTitle")
            },
            ModalKindMethod("setCancelTitle", signature: "s", argumentNames: ["title"], doc: "The Cancel action's title.") { configuration, arguments in
                configuration.cancelTitle = try Self.actionTitle(arguments[0], method: "setCancelTitle")
            },
            ModalKindMethod("setDestructive", signature: "b", argumentNames: ["destructive"],
                            doc: "Shows Confirm as a destructive action.") { configuration, arguments in
                configuration.destructive = arguments[0].boolValue ?? false
            },
        ]
    }

    public var precondition: (@Sendable (Configuration) throws -> Void)? {
        let (name, unavailableReason) = (self.name, self.unavailableReason)
        return { _ in
            if let reason = unavailableReason() { throw ModalError.unsupported(kind: name, reason: reason) }
        }
    }

    public func present(configuration: Configuration, surface: any ModalSurface,
                        observer: ModalResultObserver) throws -> Disposable {
        var spec: [String: ModalValue] = [
            "primitive": "dialog", "style": "alert", "message": .string(configuration.message),
            "actions": [
                ["title": .string(configuration.cancelTitle), "style": "cancel"],
                ["title": .string(configuration.confirmTitle), "style": configuration.destructive ? "destructive" : "default",
                 "preferred": true],
            ],
        ]
        if let title = configuration.title { spec["title"] = .string(title) }
        // The dialog answers {"action": i, …}: 1 is Confirm (Esc chooses the cancel action, 0).
        let presentation = try surface.show(spec: .object(spec), onResult: { answer in
            observer.onNext(["confirmed": .bool(answer["action"] == 1)])
            observer.onCompleted()
        }, onError: { error in
            observer.onError(error)
        })
        // Runs once, when the host disposes: after the answer, or to cancel.
        return Disposables.create { surface.dismiss(presentation) }
    }

    private static func actionTitle(_ value: ModalValue, method: String) throws -> String {
        guard let title = value.stringValue, !title.isEmpty else {
            throw ModalError.invalidArgument(method: method, reason: "an action title must not be empty")
        }
        return title
    }
}
