import XCTest
import Foundation
import RxCore
import RxFlows
import RxModal

/// An RxFlows AlertReactor shown as a dialog on the scripted surface: the
/// reactor's title, message and actions reach the shown dialog live, the
/// choice reaches the reactor as .selectAction and is emitted.
final class AlertReactorDialogTests: RxTestCase {
    enum ItemAction: AlertActionType, Equatable {
        case edit, share, delete, cancel
        case send(enabled: Bool)

        var title: String {
            switch self {
            case .edit: return "Edit"
            case .share: return "Share"
            case .delete: return "Delete"
            case .cancel: return "Cancel"
            case .send: return "Send"
            }
        }

        var style: AlertActionStyle {
            switch self {
            case .delete: return .destructive
            case .cancel: return .cancel
            default: return .default
            }
        }

        var isEnabled: Bool {
            if case .send(let enabled) = self { return enabled }
            return true
        }
    }

    /// `prepare` gives `firstActions` at once, then whatever the test sends to `later`.
    final class ItemReactor: AlertReactor<ItemAction> {
        let later = PublishSubject<Mutation>()
        private let firstActions: [ItemAction]
        private let lock = NSLock()
        private var recorded: [ItemAction] = []

        init(firstActions: [ItemAction]) {
            self.firstActions = firstActions
            super.init()
        }

        var selected: [ItemAction] { lock.withLock { recorded } }

        override func mutate(action: Action) -> Observable<Mutation> {
            switch action {
            case .prepare:
                return firstActions.isEmpty ? later.asObservable() : later.asObservable().startWith(.setActions(firstActions))
            case .selectAction(let chosen):
                lock.withLock { recorded.append(chosen) }
                return .empty()
            }
        }
    }

    private func shown(_ actions: [ItemAction]) -> ModalValue {
        .array(actions.map { action in
            let style: String
            switch action.style {
            case .default: style = "default"
            case .cancel: style = "cancel"
            case .destructive: style = "destructive"
            }
            return ["title": .string(action.title), "style": .string(style), "enabled": .bool(action.isEnabled), "preferred": false]
        })
    }

    /// The seed guide's reactor: [.cancel] at once, then three more lists while shown.
    func testActionListsGivenWhileShownReachTheDialogInOrderAndTheChoiceReachesTheReactor() throws {
        let final: [ItemAction] = [.edit, .share, .delete, .cancel]
        let surface = try ScriptedSurface(json: """
            [{"expect": {"actions": \(shown(final).json), "title": "Item", "message": "What now?"},
              "choose": "Share", "afterMilliseconds": 400}]
            """)
        let reactor = ItemReactor(firstActions: [.cancel])
        let recorder = EventRecorder<ItemAction>()
        let subscription = RxModal.alert(reactor: reactor, presenter: .surface(surface)).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        reactor.later.onNext(.setActions([.edit, .cancel]))
        reactor.later.onNext(.setTitle("Item"))
        reactor.later.onNext(.setMessage("What now?"))
        reactor.later.onNext(.setActions([.edit, .delete, .cancel]))
        reactor.later.onNext(.setActions(final))
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements, [.share])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(reactor.selected, [.share])
        let record = try XCTUnwrap(surface.transcript.first)
        XCTAssertEqual(record["spec"]?["actions"], shown([.cancel]))
        XCTAssertNil(record["spec"]?["title"])
        XCTAssertEqual(record["updates"], [
            ["actions": shown([.edit, .cancel])],
            ["title": "Item"],
            ["message": "What now?"],
            ["actions": shown([.edit, .delete, .cancel])],
            ["actions": shown(final)],
        ])
        XCTAssertEqual(record["result"]?["action"], 1)
        XCTAssertEqual(record["dismissals"], 1)
    }

    func testAnEnabledStateChangeIsSentAndTheEnabledActionCanBeChosen() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Send", "afterMilliseconds": 300}]"#)
        let reactor = ItemReactor(firstActions: [.send(enabled: false), .cancel])
        let recorder = EventRecorder<ItemAction>()
        let subscription = RxModal.alert(reactor: reactor, presenter: .surface(surface)).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        reactor.later.onNext(.setActions([.send(enabled: true), .cancel]))
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements, [.send(enabled: true)])
        XCTAssertEqual(reactor.selected, [.send(enabled: true)])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[0]?["enabled"], false)
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["updates"], [["actions": shown([.send(enabled: true), .cancel])]])
    }

    func testTheSameListAgainSendsNoUpdate() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true, "afterMilliseconds": 200}]"#)
        let reactor = ItemReactor(firstActions: [.edit, .cancel])
        let recorder = EventRecorder<ItemAction>()
        let subscription = RxModal.alert(reactor: reactor, presenter: .surface(surface)).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        reactor.later.onNext(.setActions([.edit, .cancel]))
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements, [.cancel])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["updates"], [])
    }

    func testDisposeWhileShownDismissesOnceAndSelectsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let reactor = ItemReactor(firstActions: [.edit, .cancel])
        let recorder = EventRecorder<ItemAction>()
        let subscription = RxModal.alert(reactor: reactor, presenter: .surface(surface)).subscribe(recorder.observer)
        surface.waitUntilShown(1)
        reactor.later.onNext(.setTitle("Still loading"))
        surface.drain()
        subscription.dispose()
        surface.waitUntilDismissed(0)
        reactor.later.onNext(.setTitle("After the dispose"))
        surface.drain()

        XCTAssertEqual(recorder.events.count, 0)
        XCTAssertEqual(reactor.selected, [])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["updates"], [["title": "Still loading"]])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["dismissals"], 1)
    }

    func testNothingIsShownUntilTheReactorGivesActions() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Edit"}]"#)
        let reactor = ItemReactor(firstActions: [])
        let recorder = EventRecorder<ItemAction>()
        let subscription = RxModal.alert(reactor: reactor, presenter: .surface(surface)).subscribe(recorder.observer)
        reactor.later.onNext(.setTitle("Item"))
        surface.drain()
        XCTAssertEqual(surface.transcript.count, 0)
        reactor.later.onNext(.setActions([.edit, .cancel]))
        recorder.waitForTerminal()
        subscription.dispose()

        XCTAssertEqual(recorder.elements, [.edit])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["title"], "Item")
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["updates"], [])
    }

    func testAnActionSheetShowsTheReactorWithItsSource() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"style": "actionSheet", "source": "More button"}, "cancel": true}]"#)
        let reactor = ItemReactor(firstActions: [.edit, .delete, .cancel])
        let recorder = runModal(RxModal.actionSheet(reactor: reactor, source: "More button", presenter: .surface(surface)))

        XCTAssertEqual(recorder.elements, [.cancel])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(reactor.selected, [.cancel])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["actions"], shown([.edit, .delete, .cancel]))
    }
}
