import XCTest
import RxCore
import RxTesting
import RxFlows

/// A button without UIKit: taps come from a relay it owns, and it records what
/// it is told about being enabled.
private final class FakeButton: TappableControl {
    private let tapRelay = PublishRelay<Void>()
    private let time: VirtualTime
    private(set) var enabledChanges: [Recorded<Bool>] = []

    init(time: VirtualTime) { self.time = time }

    var taps: Observable<Void> { tapRelay.asObservable() }
    func setEnabled(_ isEnabled: Bool) { enabledChanges.append(Recorded(time: time.clock, value: isEnabled)) }
    func tap() { tapRelay.accept(()) }
}

/// Binding an action to a control: taps execute it, the control follows `enabled`.
final class ActionControlBindingTests: RxTestCase {
    func testTapsExecuteAndTheControlFollowsEnabledUntilUnbound() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let work = time.cold([.next(3, "saved"), .completed(5)])
        var factoryCalls = 0
        let action = Action<Void, String>(workFactory: {
            factoryCalls += 1
            return work.asObservable()
        })
        let errors = time.observer(ActionError.self)
        action.errors.subscribe(errors).disposed(by: bag)
        let button = FakeButton(time: time)
        var binding: Disposable?
        time.at(1) { binding = button.bind(to: action) }
        time.at(10) { button.tap() }
        time.at(12) { button.tap() } // while executing: rejected
        time.at(20) { button.tap() }
        time.at(30) { binding?.dispose() }
        time.at(40) { button.tap() } // unbound: executes nothing
        time.at(50) { action.execute() } // the control is no longer told
        time.run()

        XCTAssertEqual(button.enabledChanges, [
            Recorded(time: 1, value: true), Recorded(time: 10, value: false), Recorded(time: 15, value: true),
            Recorded(time: 20, value: false), Recorded(time: 25, value: true),
        ])
        XCTAssertEqual(errors.events, [.next(12, .notEnabled)])
        XCTAssertEqual(factoryCalls, 3) // taps at 10 and 20, and the direct call at 50
        XCTAssertEqual(work.subscriptions, [Subscription(10, 15), Subscription(20, 25), Subscription(50, 55)])
    }

    func testABindingRetainsNeitherTheControlNorTheAction() {
        let time = VirtualTime()
        var button: FakeButton? = FakeButton(time: time)
        var action: CocoaAction? = CocoaAction(workFactory: { _ in Observable.just(()) })
        weak let releasedButton = button
        weak let releasedAction = action
        let binding = button!.bind(to: action!)
        button = nil
        action = nil

        XCTAssertNil(releasedButton)
        XCTAssertNil(releasedAction)
        binding.dispose()
    }

    func testABindingCanBeAskedToRetainTheAction() {
        let time = VirtualTime()
        let button = FakeButton(time: time)
        var runs = 0
        var action: CocoaAction? = CocoaAction(workFactory: { _ in
            runs += 1
            return Observable.just(())
        })
        weak let releasedAction = action
        let binding = button.bind(to: action!, retainingAction: true)
        action = nil
        button.tap()

        XCTAssertNotNil(releasedAction)
        XCTAssertEqual(runs, 1)
        binding.dispose()
        XCTAssertNil(releasedAction)
    }

    func testAnySourceOfTapsAndSinkOfEnabledCanBeBound() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let taps = time.hot([.next(10, "left"), .next(20, "right")])
        let action = Action<String, String>(enabledIf: .just(true), workFactory: { Observable.just("went \($0)") })
        let elements = time.observer(String.self)
        let enabled = time.observer(Bool.self)
        action.elements.subscribe(elements).disposed(by: bag)
        action.bind(taps: taps, input: { $0 }, enabled: { enabled.onNext($0) }).disposed(by: bag)
        time.run()

        XCTAssertEqual(elements.events, [.next(10, "went left"), .next(20, "went right")])
        XCTAssertEqual(enabled.events, [.next(0, true), .next(10, false), .next(10, true), .next(20, false), .next(20, true)])
    }
}
