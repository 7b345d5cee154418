import XCTest
import RxCore
import RxTesting
import RxFlows

/// AlertReactor's state, and what reaches the view.
final class AlertReactorTests: RxTestCase {
    func testPrepareYieldsExactlyFiveActionListStates() {
        let time = VirtualTime()
        let later = time.hot([
            .next(20, AlertReactor<ItemAlertAction>.Mutation.setActions([.edit, .cancel])),
            .next(30, .setActions([.edit, .delete, .cancel])),
            .next(40, .setActions([.edit, .share, .delete, .cancel])),
        ])
        let reactor = ScriptedAlertReactor<ItemAlertAction>(immediate: [.setActions([.cancel])], later: later.asObservable())
        let actionLists = time.observer([ItemAlertAction].self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.actions).subscribe(actionLists).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(.prepare) }
        time.run()

        XCTAssertEqual(actionLists.events, [
            .next(5, []),
            .next(10, [.cancel]),
            .next(20, [.edit, .cancel]),
            .next(30, [.edit, .delete, .cancel]),
            .next(40, [.edit, .share, .delete, .cancel]),
        ])
    }

    func testTitleMessageAndActionsReachTheView() {
        let time = VirtualTime()
        let later = time.hot([
            .next(30, AlertReactor<ItemAlertAction>.Mutation.setMessage("Saved")),
            .next(40, .setTitle("Item")), // unchanged: the view is not told again
            .next(50, .setActions([.edit, .cancel])),
        ])
        let reactor = ScriptedAlertReactor<ItemAlertAction>(
            immediate: [.setTitle("Item"), .setMessage("Choose"), .setActions([.cancel])],
            later: later.asObservable()
        )
        let view = FakeAlertView<ItemAlertAction>(time: time)
        var binding: Disposable?
        time.at(10) { binding = reactor.bind(to: view) }
        time.at(60) { view.select(.edit) }
        time.at(70) { binding?.dispose() }
        time.at(80) { view.select(.cancel) } // unbound: not forwarded
        time.run()

        XCTAssertEqual(view.log, [
            Recorded(time: 10, value: "title nil"),
            Recorded(time: 10, value: "message nil"),
            Recorded(time: 10, value: "actions "),
            Recorded(time: 10, value: "title Item"),
            Recorded(time: 10, value: "message Choose"),
            Recorded(time: 10, value: "actions Cancel"),
            Recorded(time: 30, value: "message Saved"),
            Recorded(time: 50, value: "actions Edit,Cancel"),
        ])
        XCTAssertEqual(reactor.selected, ["Edit"])
    }

    func testTheLiveActionListChangesWithTitlesStylesAndEnabledState() {
        let time = VirtualTime()
        let save = ButtonAction(title: "Save")
        let cancel = ButtonAction(title: "Cancel", style: .cancel)
        let later = time.hot([
            .next(20, AlertReactor<ButtonAction>.Mutation.setActions([save, cancel])), // same look
            .next(30, .setActions([ButtonAction(title: "Save", isEnabled: false), cancel])),
            .next(40, .setActions([ButtonAction(title: "Save", style: .destructive, isEnabled: false), cancel])),
            .next(50, .setActions([ButtonAction(title: "Save now", style: .destructive, isEnabled: false), cancel])),
            .next(60, .setActions([ButtonAction(title: "Save now", style: .destructive, isEnabled: false), cancel])),
        ])
        let reactor = ScriptedAlertReactor<ButtonAction>(immediate: [.setActions([save, cancel])], later: later.asObservable())
        let live = time.observer([ButtonAction].self)
        let bag = DisposeBag()
        time.at(5) { reactor.liveActions.subscribe(live).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(.prepare) }
        time.run()

        XCTAssertEqual(live.events.map(\.time), [5, 10, 30, 40, 50])
        XCTAssertEqual(live.events[ifPresent: 2]?.value.element?.first?.isEnabled, false)
        XCTAssertEqual(live.events[ifPresent: 3]?.value.element?.first?.style, .destructive)
        XCTAssertEqual(live.events[ifPresent: 4]?.value.element?.first?.title, "Save now")
    }

    func testAnAppearanceComparisonSeesEveryVisibleDifference() {
        let save = ButtonAction(title: "Save")
        XCTAssertTrue([save].looksTheSame(as: [ButtonAction(title: "Save")]))
        XCTAssertFalse([save].looksTheSame(as: [ButtonAction(title: "Save", isEnabled: false)]))
        XCTAssertFalse([save].looksTheSame(as: [ButtonAction(title: "Save", style: .cancel)]))
        XCTAssertFalse([save].looksTheSame(as: [ButtonAction(title: "Keep")]))
        XCTAssertFalse([save].looksTheSame(as: [save, save]))
    }

    func testAlertActionDefaultsAreDefaultStyleAndEnabled() {
        struct TitleOnly: AlertActionType { let title = "OK" }
        XCTAssertEqual(TitleOnly().style, .default)
        XCTAssertTrue(TitleOnly().isEnabled)
    }

    func testTheBindingDoesNotRetainTheView() {
        let time = VirtualTime()
        let reactor = ScriptedAlertReactor<ItemAlertAction>(immediate: [.setActions([.cancel])])
        var view: FakeAlertView<ItemAlertAction>? = FakeAlertView(time: time)
        weak let released = view
        let binding = reactor.bind(to: view!)
        view = nil

        XCTAssertNil(released)
        reactor.action.onNext(.prepare) // nobody to tell; must not crash
        binding.dispose()
    }
}
