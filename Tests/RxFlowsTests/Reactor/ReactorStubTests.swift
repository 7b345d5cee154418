import XCTest
import RxCore
import RxTesting
import RxFlows

private final class ToggleReactor: Reactor {
    enum Action: Equatable {
        case toggle
        case reset
    }

    struct State: Equatable {
        var isOn = false
    }

    typealias Mutation = Action

    let initialState = State()
    let reactorStorage = ReactorStorage<Action, State>()
    private(set) var mutateCalls = 0

    func mutate(action: Action) -> Observable<Action> {
        mutateCalls += 1
        return .just(action)
    }

    func reduce(state: State, mutation: Action) -> State {
        switch mutation {
        case .toggle: return State(isOn: !state.isOn)
        case .reset: return State()
        }
    }
}

/// Stub mode: the test sets the state and reads the actions.
final class ReactorStubTests: RxTestCase {
    func testTheStubServesTheStateTheTestSets() {
        let time = VirtualTime()
        let reactor = ToggleReactor()
        reactor.isStubEnabled = true
        let states = time.observer(Bool.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.isOn).subscribe(states).disposed(by: bag) }
        time.at(10) { reactor.stub.state.accept(ToggleReactor.State(isOn: true)) }
        time.run()

        XCTAssertEqual(states.events, [.next(5, false), .next(10, true)])
        XCTAssertEqual(reactor.currentState, ToggleReactor.State(isOn: true))
    }

    func testTheStubRecordsActionsAndBypassesThePipeline() {
        let reactor = ToggleReactor()
        reactor.isStubEnabled = true
        let subscription = reactor.state.subscribe()
        reactor.action.onNext(.toggle)
        reactor.action.onNext(.reset)

        XCTAssertEqual(reactor.stub.actions, [.toggle, .reset])
        XCTAssertEqual(reactor.mutateCalls, 0)
        XCTAssertEqual(reactor.currentState, ToggleReactor.State(isOn: false))
        subscription.dispose()
    }

    func testWithoutStubModeTheStubIsUnused() {
        let reactor = ToggleReactor()
        let subscription = reactor.state.subscribe()
        reactor.action.onNext(.toggle)

        XCTAssertEqual(reactor.currentState, ToggleReactor.State(isOn: true))
        XCTAssertEqual(reactor.stub.actions, [])
        subscription.dispose()
    }
}
