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
        let dialog = coordinator.present(kind: kind, presenter: presenter) { dialog in
            if let title { try dialog.call("setTitle", .string(title)) }
            if let message { try dialog.call("setMessage", .string(message)) }
            if let source { try dialog.call("setSource", .string(source.name)) }
            for field in textFields {
                try dialog.call("addTextField", .string(field.kind.rawValue), .string(field.placeholder), .string(field.text))
            }
            for action in actions {
                try dialog.call("addAction", .string(action.title), .string(action.style.rawValue))
            }
            // A closure, not a key path: in generic code a key path is built anew on every call.
            if let preferred = actions.lastIndex(where: { $0.isPreferred }) {
                try dialog.call("setPreferredAction", .int(Int64(preferred)))
            }
            for (index, action) in actions.enumerated() {
                guard let enabled = action.enabled else { continue }
                // Replays its current value at once (an Action's does), so the
                // dialog is first shown in that state; later changes update it.
                dialog.keepWhilePresented(enabled.distinctUntilChanged().subscribe(onNext: { isEnabled in
                    try? dialog.call("setActionEnabled", .int(Int64(index)), .bool(isEnabled))
                }))
            }
        }
        return Observable.create { observer in
            let inner = SerialDisposable()
            let chosen = ChosenFlow<T>()
            let subscription = dialog.subscribe { event in
                switch event {
                case .next(let answer):
                    chosen.set(Self.flow(for: answer, actions: actions, textFields: textFields))
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if let flow = chosen.take() {
                        inner.disposable = flow.subscribe(observer)
                    } else {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(subscription, inner)
        }
    }

    /// The chosen action's observable, made now (the text fields as chosen).
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

/// The observable of the chosen action, between the answer and completion.
private final class ChosenFlow<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var flow: Observable<T>?

    func set(_ flow: Observable<T>) { lock.withLock { self.flow = flow } }
    func take() -> Observable<T>? { lock.withLock { defer { flow = nil }; return flow } }
}
