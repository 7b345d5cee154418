import Foundation
import RxCore

/// Runs a dialog of the alert or actionSheet plugin with ``DialogAction``s:
/// configures it through the coordinator (title, message, text fields,
/// actions, preferred action, live enabled states), then turns its answer into
/// the chosen action's observable, subscribed once the dialog has completed —
/// that is, after it was dismissed (the coordinator dismisses before it
/// forwards completion), as UIKit dismisses an alert before running the
/// action's handler.
enum DialogFlow {
    static func run<T>(kind: String, coordinator: ModalCoordinator, presenter: Presenter,
                       title: String?, message: String?, source: DialogSource?,
                       textFields: [DialogTextField], actions: [DialogAction<T>]) -> Observable<T> {
        guard !actions.isEmpty else {
            return .error(ModalError.invalidArgument(method: kind, reason: "a dialog needs at least one action; none was given"))
        }
        // What the plugin is told, taken out of the actions once: this runs for every
        // subscription, and code generic over T looks type metadata up at run time
        // for every value of a generic type it touches.
        let buttons = actions.map { Button(title: $0.title, style: $0.style.rawValue, enabled: $0.enabled) }
        // A closure, not a key path: in generic code a key path is built anew on every call.
        let preferred = actions.lastIndex(where: { $0.isPreferred })
        let dialog = coordinator.present(kind: kind, presenter: presenter) { dialog in
            if let title { try dialog.call("setTitle", .string(title)) }
            if let message { try dialog.call("setMessage", .string(message)) }
            if let source { try dialog.call("setSource", .string(source.name)) }
            for field in textFields {
                try dialog.call("addTextField", .string(field.kind.rawValue), .string(field.placeholder), .string(field.text))
            }
            for button in buttons {
                try dialog.call("addAction", .string(button.title), .string(button.style))
            }
            if let preferred {
                try dialog.call("setPreferredAction", .int(Int64(preferred)))
            }
            for index in buttons.indices {
                guard let enabled = buttons[index].enabled else { continue }
                // Replays its current value at once (an Action's does), so the
                // dialog is first shown in that state; later changes update it.
                dialog.keepWhilePresented(enabled.distinctUntilChanged().subscribe(onNext: { isEnabled in
                    try? dialog.call("setActionEnabled", .int(Int64(index)), .bool(isEnabled))
                }))
            }
        }
        return Observable.create { observer in
            let inner = SerialDisposable()
            let answer = DialogAnswer()
            let subscription = dialog.subscribe { event in
                switch event {
                case .next(let value):
                    answer.set(value)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if let value = answer.take() {
                        inner.disposable = Self.flow(for: value, actions: actions, textFields: textFields).subscribe(observer)
                    } else {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(subscription, inner)
        }
    }

    /// An action as the plugin sees it.
    private struct Button {
        let title: String
        let style: String
        let enabled: Observable<Bool>?
    }

    /// The chosen action's observable, made once the dialog has completed (the text fields as chosen).
    private static func flow<T>(for answer: ModalValue, actions: [DialogAction<T>], textFields: [DialogTextField]) -> Observable<T> {
        guard let index = answer["action"]?.intValue, actions.indices.contains(Int(index)) else {
            return .error(ModalError.malformedValue("the dialog answered \(answer.json), which names none of its \(actions.count) actions"))
        }
        let texts = answer["textFields"]?.arrayValue ?? []
        let values = textFields.enumerated().map { offset, field in
            DialogTextFieldValue(kind: field.kind, placeholder: field.placeholder,
                                 text: offset < texts.count ? texts[offset].stringValue ?? field.text : field.text)
        }
        return actions[Int(index)].onNext(values)
    }
}

/// The dialog's answer, between the answer and completion (when the chosen
/// action's observable is made and subscribed).
private final class DialogAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var value: ModalValue?

    func set(_ value: ModalValue) { lock.withLock { self.value = value } }
    func take() -> ModalValue? { lock.withLock { defer { value = nil }; return value } }
}
