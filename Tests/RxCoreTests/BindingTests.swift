import Dispatch
import XCTest
import RxCore
import RxTesting

/// Binder, Reactive and `.rx`, binding to relays of optionals, and a completion-only
/// test observable as a Completable.
final class BindingTests: RxTestCase {
    private final class Label: ReactiveCompatible {
        var text = ""
        var updates = 0
    }

    private struct Counter: ReactiveCompatible {
        var count = 3
    }

    private var savedHandler: Hooks.DefaultErrorHandler!

    override func setUp() {
        super.setUp()
        savedHandler = Hooks.defaultErrorHandler
    }

    override func tearDown() {
        Hooks.defaultErrorHandler = savedHandler
        super.tearDown()
    }

    func testBinderOnTheMainThreadSetsAtOnceAndFromElsewhereOnTheMainThread() {
        let label = Label()
        let binder = Binder(label) { (label, text: String) in
            MainScheduler.ensureRunningOnMainThread()
            label.text = text
        }
        binder.on(.next("now"))
        XCTAssertEqual(label.text, "now")

        let done = expectation(description: "bound from another thread")
        let checked = Binder(label) { (label, text: String) in
            XCTAssertTrue(MainScheduler.isMainThread)
            label.text = text
            done.fulfill()
        }
        DispatchQueue.global().async { checked.on(.next("later")) }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(label.text, "later")
    }

    func testBinderRunsOnTheSchedulerItIsGiven() {
        let label = Label()
        let scheduler = TestScheduler()
        let binder = Binder(label, scheduler: scheduler) { (label, text: String) in label.text = text }
        binder.on(.next("queued"))
        XCTAssertEqual(label.text, "", "not before the scheduler runs it")
        scheduler.start()
        XCTAssertEqual(label.text, "queued")
    }

    func testBinderDoesNotKeepItsTargetAndDropsElementsOnceItIsGone() {
        var label: Label? = Label()
        weak let gone = label
        var calls = 0
        let binder = Binder(label!) { (_, _: Int) in calls += 1 }
        label = nil
        XCTAssertNil(gone)
        binder.on(.next(1))
        XCTAssertEqual(calls, 0)
    }

    func testBinderIgnoresCompletionAndReportsAnErrorAsUnhandled() {
        var reported: [String] = []
        Hooks.defaultErrorHandler = { _, error in reported.append("\(error)") }
        let label = Label()
        let binder = Binder(label) { (label, text: String) in label.text = text }
        binder.on(.completed)
        binder.on(.next("after completion"))
        XCTAssertEqual(label.text, "after completion")
        binder.on(.error(TestError("bound")))
        XCTAssertEqual(reported, ["Binding error: TestError(bound)"])
    }

    func testRxOfAClassBindsWritablePropertiesByName() {
        let label = Label()
        let subscription = Observable.of("a", "b").bind(to: label.rx.text)
        XCTAssertEqual(label.text, "b")
        subscription.dispose()
    }

    func testRxOfAStructReachesItsValue() {
        var counter = Counter()
        counter.count = 8
        XCTAssertEqual(counter.rx.base.count, 8)
    }

    func testBindingToRelaysOfOptionalsWrapsEachElement() {
        let publish = PublishRelay<Int?>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int?>.create(bufferSize: 2)
        var published: [Int?] = []
        let recording = publish.subscribe(onNext: { published.append($0) })
        let bindings = [
            Observable.of(1, 2).bind(to: publish),
            Observable.of(3).bind(to: behavior),
            Observable.of(4, 5).bind(to: replay, replay),
        ]
        var replayed: [Int?] = []
        let replaying = replay.subscribe(onNext: { replayed.append($0) })
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(behavior.value, 3)
        XCTAssertEqual(replayed, [5, 5])
        (bindings + [recording, replaying]).forEach { $0.dispose() }
    }

    func testATestObservableOfOnlyCompletionIsACompletable() {
        let scheduler = TestScheduler()
        // Compiles only if asCompletable() infers Never for the elements, as in RxSwift.
        let completable = scheduler.createColdObservable([.completed(20)]).asCompletable()
        let observer = scheduler.start { completable.asObservable() }
        XCTAssertEqual(observer.events, [.completed(220)])
    }
}
