import XCTest
import RxCore
import RxFlows

// The examples of docs/guides, verbatim (their result comments written as
// assertions), so that the guides are known to work.

private final class ConfirmCoordinator: ReactiveCoordinator<Bool> {
    let answers: PublishRelay<Bool>
    private(set) var started = false

    init(answers: PublishRelay<Bool>) { self.answers = answers }

    override func start() -> Observable<Bool> {
        started = true // show the confirmation screen here
        return answers.asObservable()
    }
}

private final class CounterReactor: Reactor {
    enum Action { case increase, decrease }
    enum Mutation { case add(Int) }
    struct State { var count = 0 }

    let initialState = State()
    let reactorStorage = ReactorStorage<Action, State>()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .increase: return .just(.add(1))
        case .decrease: return .just(.add(-1))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        if case .add(let amount) = mutation { state.count += amount }
        return state
    }
}

final class GuideExampleTests: RxTestCase {
    func testActionGuideExample() {
        let validEmail = BehaviorRelay(value: false)
        let checkEmail = Action<String, Bool>(enabledIf: validEmail.asObservable(), workFactory: { email in
            Observable.just(email.hasSuffix("@example.com")) // stands in for a network call
        })
        var log: [String] = []
        let bag = DisposeBag()
        checkEmail.elements.subscribe(onNext: { log.append("exists: \($0)") }).disposed(by: bag)
        checkEmail.errors.subscribe(onNext: { log.append("error: \($0)") }).disposed(by: bag)

        checkEmail.execute("ash@example.com") // rejected: the address is not valid yet
        validEmail.accept(true)
        checkEmail.execute("ash@example.com")

        XCTAssertEqual(log, ["error: ActionError.notEnabled", "exists: true"])
    }

    func testReactiveCoordinatorGuideExample() {
        let root = ReactiveCoordinator<Void>()
        let answers = PublishRelay<Bool>()
        let confirm = ConfirmCoordinator(answers: answers)
        var results: [Bool] = []

        let flow = root.coordinate(to: confirm) // nothing has started yet
        XCTAssertFalse(confirm.started)
        let subscription = flow.subscribe(onNext: { results.append($0) })
        XCTAssertTrue(confirm.started)
        XCTAssertEqual(root.childCoordinators.count, 1)
        answers.accept(true)
        XCTAssertEqual(results, [true])
        XCTAssertTrue(root.childCoordinators.isEmpty)
        subscription.dispose()
    }

    func testReactorGuideExample() {
        let reactor = CounterReactor()
        var counts: [Int] = []
        let subscription = reactor.state.map(\.count).subscribe(onNext: { counts.append($0) })
        reactor.action.onNext(.increase)
        reactor.action.onNext(.increase)
        reactor.action.onNext(.decrease)

        XCTAssertEqual(counts, [0, 1, 2, 1])
        XCTAssertEqual(reactor.currentState.count, 1)
        subscription.dispose()
    }
}
