import XCTest
import RxCore
import RxTesting
import RxFlows

/// A counter: the smallest reactor with its own mutation type.
private final class CounterReactor: Reactor {
    enum Action: Equatable {
        case increase
        case add(Int)
        /// Adds 100, then its mutation stream fails.
        case addThenFail
    }

    enum Mutation {
        case add(Int)
    }

    struct State: Equatable {
        var count = 0
    }

    let initialState = State()
    let reactorStorage = ReactorStorage<Action, State>()
    private(set) var mutateCalls = 0

    func mutate(action: Action) -> Observable<Mutation> {
        mutateCalls += 1
        switch action {
        case .increase: return .just(.add(1))
        case .add(let amount): return .just(.add(amount))
        case .addThenFail: return Observable.concat(.just(.add(100)), .error(TestError("mutation failed")))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.count += amount
        }
        return state
    }
}

/// A reactor that uses every transform, and the default `mutate` of a reactor
/// whose actions are its mutations.
private final class TransformingReactor: Reactor {
    typealias Action = Int
    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage<Int, Int>()
    private let external: Observable<Int>

    init(external: Observable<Int>) {
        self.external = external
    }

    func transform(action: Observable<Int>) -> Observable<Int> {
        Observable.merge(action, external)
    }

    func transform(mutation: Observable<Int>) -> Observable<Int> {
        mutation.map { $0 * 10 }
    }

    func reduce(state: Int, mutation: Int) -> Int {
        state + mutation
    }

    func transform(state: Observable<Int>) -> Observable<Int> {
        state.map { $0 + 1000 }
    }
}

/// ReactorKit's pipeline: action → mutate → reduce → state, with its transforms.
final class ReactorPipelineTests: RxTestCase {
    func testActionsBecomeStatesStartingWithTheInitialState() {
        let time = VirtualTime()
        let reactor = CounterReactor()
        let counts = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.count).subscribe(counts).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(.increase) }
        time.at(20) { reactor.action.onNext(.add(5)) }
        time.run()

        XCTAssertEqual(counts.events, [.next(5, 0), .next(10, 1), .next(20, 6)])
        XCTAssertEqual(reactor.currentState, CounterReactor.State(count: 6))
    }

    func testTheStateStreamReplaysTheLatestStateToLateSubscribers() {
        let time = VirtualTime()
        let reactor = CounterReactor()
        let early = time.observer(Int.self)
        let late = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.count).subscribe(early).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(.increase) }
        time.at(20) { reactor.action.onNext(.increase) }
        time.at(30) { reactor.state.map(\.count).subscribe(late).disposed(by: bag) }
        time.at(40) { reactor.action.onNext(.increase) }
        time.run()

        XCTAssertEqual(early.events, [.next(5, 0), .next(10, 1), .next(20, 2), .next(40, 3)])
        XCTAssertEqual(late.events, [.next(30, 2), .next(40, 3)])
        XCTAssertEqual(reactor.mutateCalls, 3, "one pipeline, shared by every subscriber")
    }

    func testAMutationErrorIsSwallowedAndTheReactorKeepsWorking() {
        let time = VirtualTime()
        let reactor = CounterReactor()
        let counts = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.count).subscribe(counts).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(.addThenFail) }
        time.at(20) { reactor.action.onNext(.increase) }
        time.run()

        XCTAssertEqual(counts.events, [.next(5, 0), .next(10, 100), .next(20, 101)])
    }

    func testTheActionSubjectIgnoresErrorAndCompleted() {
        let time = VirtualTime()
        let reactor = CounterReactor()
        let counts = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.map(\.count).subscribe(counts).disposed(by: bag) }
        time.at(10) { reactor.action.onError(TestError()) }
        time.at(20) { reactor.action.onCompleted() }
        time.at(30) { reactor.action.onNext(.increase) }
        time.run()

        XCTAssertEqual(counts.events, [.next(5, 0), .next(30, 1)])
    }

    func testCurrentStateIsTheInitialStateBeforeTheStreamRuns() {
        let reactor = CounterReactor()
        XCTAssertEqual(reactor.currentState, CounterReactor.State(count: 0))
        reactor.action.onNext(.increase) // nobody built the stream: nothing happens
        XCTAssertEqual(reactor.currentState, CounterReactor.State(count: 0))
        XCTAssertEqual(reactor.mutateCalls, 0)
    }

    func testTransformsApplyInPipelineOrderAndCurrentStateIsTheTransformedState() {
        let time = VirtualTime()
        let external = time.hot([.next(20, 2)])
        let reactor = TransformingReactor(external: external.asObservable())
        let states = time.observer(Int.self)
        let bag = DisposeBag()
        time.at(5) { reactor.state.subscribe(states).disposed(by: bag) }
        time.at(10) { reactor.action.onNext(1) }
        time.run()

        // Actions 1 and 2 (merged in by transform(action:)) become mutations 10 and
        // 20 (transform(mutation:)), summed from 0, then shifted by transform(state:).
        XCTAssertEqual(states.events, [.next(5, 1000), .next(10, 1010), .next(20, 1030)])
        XCTAssertEqual(reactor.currentState, 1030)
    }

    func testAReleasedReactorFreesItsPipeline() {
        var reactor: CounterReactor? = CounterReactor()
        weak let released = reactor
        let subscription = reactor!.state.subscribe()
        reactor!.action.onNext(.increase)
        reactor = nil

        XCTAssertNil(released)
        subscription.dispose()
    }
}
