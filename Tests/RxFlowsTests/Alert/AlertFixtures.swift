import RxCore
import RxTesting
import RxFlows

/// The actions of an item's action sheet.
enum ItemAlertAction: AlertActionType, Equatable {
    case edit
    case share
    case delete
    case cancel

    var title: String {
        switch self {
        case .edit: return "Edit"
        case .share: return "Share"
        case .delete: return "Delete"
        case .cancel: return "Cancel"
        }
    }

    var style: AlertActionStyle {
        switch self {
        case .delete: return .destructive
        case .cancel: return .cancel
        default: return .default
        }
    }
}

/// An action whose appearance the tests change freely.
struct ButtonAction: AlertActionType, Equatable {
    var title: String
    var style: AlertActionStyle = .default
    var isEnabled: Bool = true
}

/// Answers `prepare` with the mutations at once, then with `later` as it emits;
/// records selections.
final class ScriptedAlertReactor<AlertAction: AlertActionType>: AlertReactor<AlertAction> {
    private let immediate: [Mutation]
    private let later: Observable<Mutation>
    private(set) var selected: [String] = []

    init(immediate: [Mutation], later: Observable<Mutation> = .empty()) {
        self.immediate = immediate
        self.later = later
        super.init()
    }

    override func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .prepare:
            return Observable.concat(Observable.from(immediate), later)
        case .selectAction(let alertAction):
            selected.append(alertAction.title)
            return .empty()
        }
    }
}

/// An alert view without UIKit: records what it is told, and lets the test tap buttons.
final class FakeAlertView<AlertAction: AlertActionType>: AlertViewType {
    private let time: VirtualTime
    private let selections = PublishRelay<AlertAction>()
    private(set) var log: [Recorded<String>] = []

    init(time: VirtualTime) { self.time = time }

    func setTitle(_ title: String?) { record("title \(title ?? "nil")") }
    func setMessage(_ message: String?) { record("message \(message ?? "nil")") }
    func setActions(_ actions: [AlertAction]) {
        record("actions " + actions.map { "\($0.title)\($0.isEnabled ? "" : "(disabled)")" }.joined(separator: ","))
    }

    var selectedActions: Observable<AlertAction> { selections.asObservable() }
    func select(_ action: AlertAction) { selections.accept(action) }

    private func record(_ entry: String) { log.append(Recorded(time: time.clock, value: entry)) }
}
