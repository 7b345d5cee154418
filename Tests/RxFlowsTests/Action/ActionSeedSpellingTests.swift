import XCTest
import RxCore
import RxTesting
import RxFlows

/// The Action seed's initializer as its users wrote it: implicit members in the
/// work factory (`.just`, `.error`, `.empty`) resolve to Observable, and any
/// trait still fits through the one generic initializer.
final class ActionSeedSpellingTests: RxTestCase {
    func testImplicitJustInTheWorkFactoryIsAnObservable() {
        let bag = DisposeBag()
        let action: Action<String, Bool> = Action(workFactory: { _ in .just(true) })
        var results: [Bool] = []
        action.execute("ash@ashfurrow.com").subscribe(onNext: { results.append($0) }).disposed(by: bag)
        XCTAssertEqual(results, [true])
    }

    func testImplicitErrorInTheWorkFactoryFailsTheExecution() {
        let bag = DisposeBag()
        let action = Action<Void, Int>(workFactory: { _ in .error(TestError("offline")) })
        var failure: Error?
        action.execute().subscribe(onError: { failure = $0 }).disposed(by: bag)
        guard case .underlyingError(let underlying)? = failure as? ActionError else {
            return XCTFail("expected underlyingError, got \(String(describing: failure))")
        }
        XCTAssertEqual(underlying as? TestError, TestError("offline"))
    }

    func testTheSeedReadmeTrailingClosureAndEnabledIf() {
        let time = VirtualTime()
        let bag = DisposeBag()
        let validEmailAddress = time.hot([.next(5, false), .next(15, true)]).asObservable()
        let action = Action<String, String>(enabledIf: validEmailAddress) { input in
            return .just(input)
        }
        let elements = time.observer(String.self)
        action.elements.subscribe(elements).disposed(by: bag)
        time.at(10) { action.execute("refused") }
        time.at(20) { action.execute("Hello") }
        time.run()
        XCTAssertEqual(elements.events, [.next(20, "Hello")])
    }

    func testTraitsStillFitTheGenericInitializer() {
        let bag = DisposeBag()
        let single = Action<Int, Int> { Single.just($0 * 2) }
        let maybe = Action<Int, Int>(workFactory: { $0 > 0 ? Maybe.just($0) : Maybe.empty() })
        let completable = CompletableAction<String> { _ -> Completable in
            Observable<Never>.empty().asCompletable()
        }
        var values: [Int] = []
        var completions = 0
        completable.completions.subscribe(onNext: { completions += 1 }).disposed(by: bag)
        single.execute(4).subscribe(onNext: { values.append($0) }).disposed(by: bag)
        maybe.execute(-1).subscribe(onNext: { values.append($0) }).disposed(by: bag)
        maybe.execute(3).subscribe(onNext: { values.append($0) }).disposed(by: bag)
        completable.execute("a")
        XCTAssertEqual(values, [8, 3])
        XCTAssertEqual(completions, 1)
    }

    func testImplicitEmptyFitsACompletableAction() {
        let bag = DisposeBag()
        let action = CompletableAction<Void>(workFactory: { _ in .empty() })
        var completions = 0
        action.completions.subscribe(onNext: { completions += 1 }).disposed(by: bag)
        action.execute()
        action.execute()
        XCTAssertEqual(completions, 2)
    }

    func testTheWorkFactoryIsReadableAsInTheSeed() {
        let bag = DisposeBag()
        let action = Action<Int, Int>(enabledIf: .just(false)) { .just($0 + 1) }
        var made: [Int] = []
        action.workFactory(1).subscribe(onNext: { made.append($0) }).disposed(by: bag)
        XCTAssertEqual(made, [2], "the factory's work, made although the action is disabled")
        var rejected: Error?
        action.execute(1).subscribe(onError: { rejected = $0 }).disposed(by: bag)
        XCTAssertEqual(rejected as? ActionError, .notEnabled)
    }
}
