import XCTest
import RxCore
import RxTesting

/// flatMap, flatMapFirst, flatMapLatest, concatMap, merge, concat and switchLatest:
/// which inner sequences are subscribed when, what reaches the subscriber, and when
/// everything ends.
final class FlatteningTests: RxTestCase {
    // MARK: flatMap

    func testFlatMapMergesInnerElementsAsTheyArrive() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)]),
            2: scheduler.createColdObservable([.next(10, 20), .next(30, 21), .completed(40)]),
        ]
        let observer = scheduler.start { outer.flatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(230, 20), .next(240, 11), .next(250, 21), .completed(300)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(220, 260)])
    }

    func testFlatMapOuterCompletionWaitsForRunningInners() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(225)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .completed(40)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(60)]),
        ]
        let observer = scheduler.start { outer.flatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(230, 20), .completed(280)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(220, 280)])
    }

    func testFlatMapInnerErrorEndsEverythingAtOnce() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(400)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(100, 11), .completed(150)]),
            2: scheduler.createColdObservable([.next(5, 20), .error(20, TestError("inner"))]),
            3: scheduler.createColdObservable([.next(1, 30), .completed(2)]),
        ]
        let observer = scheduler.start { outer.flatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(225, 20), .error(240, TestError("inner"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(inners[3]!.subscriptions, [])
    }

    func testFlatMapOuterErrorDisposesRunningInners() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("outer"))])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)])
        let observer = scheduler.start { outer.flatMap { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, 10), .error(230, TestError("outer"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testFlatMapThrowingSelectorFailsAndDisposesEverything() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(50, 11), .completed(60)])
        let observer = scheduler.start {
            outer.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw TestError("selector") }
                return inner
            }
        }
        XCTAssertEqual(observer.events, [.next(215, 10), .error(220, TestError("selector"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
    }

    func testFlatMapDisposalDisposesOuterAndEveryInner() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(100, 11), .completed(200)])
        let observer = scheduler.start(disposed: 250) { outer.flatMap { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(230, 10)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250), Subscription(220, 250)])
    }

    func testFlatMapOfSynchronousSourcesInterleavesOneElementPerTurn() {
        // As in RxSwift: each `of` emits one element per trampoline turn, so the
        // inner sequences and the outer one take turns.
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.of(1, 2).flatMap { value in Observable.of(value * 10, value * 10 + 1) }
        }
        XCTAssertEqual(observer.events, [.next(200, 10), .next(200, 11), .next(200, 20), .next(200, 21), .completed(200)])
    }

    func testFlatMapReentrantOuterElementFromDownstreamIsProcessedAfterTheCurrentOne() {
        // The subscriber feeds the outer subject from inside its own delivery: the new
        // element must be handled after the current one, never nested inside it.
        let outer = PublishSubject<Int>()
        var received: [Int] = []
        var depth = 0, maxDepth = 0
        let subscription = outer.flatMap { value in Observable.just(value) }
            .subscribe(onNext: { value in
                depth += 1
                maxDepth = max(maxDepth, depth)
                received.append(value)
                if value < 5 { outer.onNext(value + 1) }
                depth -= 1
            })
        outer.onNext(1)
        subscription.dispose()
        XCTAssertEqual(received, [1, 2, 3, 4, 5])
        XCTAssertEqual(maxDepth, 1)
    }

    func testFlatMapInnerThatKeepsItsObserverStillGetsItsOwnElementsAfterSynchronousInners() {
        // The observer of an inner that ended at once is reused for the next inner;
        // one that an inner keeps must never be, or its later elements would be
        // taken for another inner's (and dropped once that one ended).
        var kept: AnyObserver<Int>?
        var received: [Event<Int>] = []
        let outer = PublishSubject<Int>()
        let subscription = outer.flatMap { value -> Observable<Int> in
            if value == 1 {
                return Observable.create { observer in
                    kept = observer
                    observer.onNext(10)
                    return Disposables.create()
                }
            }
            return Observable.just(value * 10)
        }.subscribe { received.append($0) }
        outer.onNext(1)
        outer.onNext(2)
        outer.onNext(3)
        kept?.onNext(11)
        outer.onCompleted()
        XCTAssertEqual(received, [.next(10), .next(20), .next(30), .next(11)], "the kept inner is still running")
        kept?.onCompleted()
        XCTAssertEqual(received, [.next(10), .next(20), .next(30), .next(11), .completed])
        kept = nil
        subscription.dispose()
    }

    func testFlatMapOfManySynchronousInnersDeliversEveryElementInOrder() {
        var received: [Int] = []
        var completed = false
        let subscription = Observable.from(Array(0..<1_000))
            .flatMap { value in value.isMultiple(of: 3) ? Observable.empty() : Observable.just(value) }
            .flatMap { value in Observable.just(value * 2) }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, (0..<1_000).filter { !$0.isMultiple(of: 3) }.map { $0 * 2 })
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    func testFlatMapInnerElementFromAnotherThreadAfterSynchronousInnersReachesTheSubscriber() {
        // The kept observer is called from another thread while the outer keeps
        // sending synchronous inners on this one.
        let inner = PublishSubject<Int>()
        let outer = PublishSubject<Int>()
        let lock = NSLock()
        var received: [Int] = []
        let subscription = outer.flatMap { value in value == 0 ? inner.asObservable() : Observable.just(value) }
            .subscribe(onNext: { value in lock.lock(); received.append(value); lock.unlock() })
        outer.onNext(0)
        let other = DispatchGroup()
        DispatchQueue.global().async(group: other) { for value in 1_000..<2_000 { inner.onNext(value) } }
        for value in 1..<1_000 { outer.onNext(value) }
        other.wait()
        subscription.dispose()
        lock.lock()
        XCTAssertEqual(received.filter { $0 < 1_000 }, Array(1..<1_000))
        XCTAssertEqual(received.filter { $0 >= 1_000 }, Array(1_000..<2_000))
        lock.unlock()
    }

    // MARK: `just` inners, which flattening handles without subscribing

    /// `just` as any other source would be: an element and completion, emitted on subscription.
    private func subscribedJust(_ value: Int) -> Observable<Int> {
        Observable.create { observer in
            observer.onNext(value)
            observer.onCompleted()
            return Disposables.create()
        }
    }

    func testJustInnersBehaveAsSubscribedOnesForEveryFlatteningOperator() {
        // Odd elements get a slow inner, even ones a `just`: queued, dropped and
        // replaced inners, and completion after the outer, all meet a `just`.
        typealias Flatten = (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>
        let operators: [(String, Flatten)] = [
            ("flatMap", { $0.flatMap($1) }),
            ("flatMapFirst", { $0.flatMapFirst($1) }),
            ("flatMapLatest", { $0.flatMapLatest($1) }),
            ("concatMap", { $0.concatMap($1) }),
            ("merge(maxConcurrent: 2)", { source, selector in source.map(selector).merge(maxConcurrent: 2) }),
        ]
        for (name, flatten) in operators {
            func run(_ just: @escaping (Int) -> Observable<Int>) -> [Recorded<Event<Int>>] {
                let scheduler = TestScheduler()
                let outer = scheduler.createHotObservable([
                    .next(210, 1), .next(215, 2), .next(220, 3), .next(225, 4), .next(226, 6), .completed(230),
                ])
                let slow = scheduler.createColdObservable([.next(5, 100), .next(20, 101), .completed(25)])
                return scheduler.start {
                    flatten(outer.asObservable()) { value in value.isMultiple(of: 2) ? just(value) : slow.asObservable() }
                }.events
            }
            let reference = run(subscribedJust)
            XCTAssertEqual(run(Observable.just), reference, name)
            XCTAssertTrue(reference.contains { $0.value == .next(2) } || name == "flatMapFirst", "\(name): the case exercises a `just`")
        }
    }

    func testJustsWhoseOnlyCopiesAreInFlightStillEmitTheirElements() {
        // A `just` is kept alive by its subscribe handler alone: here the copies
        // carried by the outer events and queued behind a running inner are the
        // only ones left, and each still emits its (heap-allocated) element.
        let outer = PublishSubject<Observable<String>>()
        let first = PublishSubject<String>()
        var received: [String] = []
        let subscription = outer.concat().subscribe(onNext: { received.append($0) })
        outer.onNext(first.asObservable())
        do {
            var justs = (0..<3).map { Observable.just(String(repeating: "element \($0) ", count: 4)) }
            for just in justs { outer.onNext(just) }
            justs.removeAll()
        }
        outer.onNext(Observable.just(String(repeating: "direct ", count: 4)))
        first.onNext("first")
        first.onCompleted()
        XCTAssertEqual(received, ["first"] + (0..<3).map { String(repeating: "element \($0) ", count: 4) }
                       + [String(repeating: "direct ", count: 4)])
        subscription.dispose()
    }

    func testJustInnerWhoseElementMakesTheSubscriberDisposeStopsEverything() {
        let outer = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = outer.concatMap { Observable.just($0) }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 2 { subscription?.dispose() }
            })
        outer.onNext(1)
        outer.onNext(2)
        outer.onNext(3)
        XCTAssertEqual(received, [1, 2])
        XCTAssertFalse(outer.hasObservers)
    }

    func testJustSubscribedDirectlyEmitsItsElementThenCompletes() {
        var events: [Event<String>] = []
        _ = Observable.just("a").subscribe { events.append($0) }
        XCTAssertEqual(events, [.next("a"), .completed])
    }

    // MARK: flatMapFirst

    func testFlatMapFirstDropsElementsWhileAnInnerRuns() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(270)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(40)]),
            3: scheduler.createColdObservable([.next(10, 30), .completed(20)]),
        ]
        let observer = scheduler.start { outer.flatMapFirst { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(240, 11), .next(270, 30), .completed(280)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[2]!.subscriptions, [])
        XCTAssertEqual(inners[3]!.subscriptions, [Subscription(260, 280)])
    }

    func testFlatMapFirstInnerErrorEndsEverything() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
        let inner = scheduler.createColdObservable([.next(10, 10), .error(20, TestError("inner"))])
        let observer = scheduler.start { outer.flatMapFirst { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, 10), .error(230, TestError("inner"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    // MARK: flatMapLatest / switchLatest

    func testFlatMapLatestDisposesThePreviousInnerAtTheMomentOfTheSwitch() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(30, 11), .completed(40)]),
            2: scheduler.createColdObservable([.next(10, 20), .next(20, 21), .completed(30)]),
        ]
        let observer = scheduler.start { outer.flatMapLatest { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .next(240, 20), .next(250, 21), .completed(260)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(230, 260)])
    }

    func testFlatMapLatestIgnoresTheErrorOfAnInnerItAlreadyLeft() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let inners = [
            1: scheduler.createColdObservable([.error(20, TestError("old"))]),
            2: scheduler.createColdObservable([.next(20, 20), .completed(30)]),
        ]
        let observer = scheduler.start { outer.flatMapLatest { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(240, 20), .completed(300)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 220)])
    }

    func testFlatMapLatestCurrentInnerErrorEndsEverything() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let inner = scheduler.createColdObservable([.next(10, 10), .error(30, TestError("inner"))])
        let observer = scheduler.start { outer.flatMapLatest { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, 10), .error(240, TestError("inner"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240)])
    }

    func testFlatMapLatestThrowingSelectorFailsAndDisposesTheRunningInner() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let inner = scheduler.createColdObservable([.next(5, 10), .completed(100)])
        let observer = scheduler.start {
            outer.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw TestError("selector") }
                return inner
            }
        }
        XCTAssertEqual(observer.events, [.next(215, 10), .error(220, TestError("selector"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220)])
    }

    func testSwitchLatestMirrorsTheLatestInner() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(215, 1), .next(235, 2), .completed(500)])
        let second = scheduler.createHotObservable([.next(225, 10), .next(240, 20), .completed(260)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(230, second.asObservable()), .completed(250),
        ])
        let observer = scheduler.start { outer.switchLatest() }
        XCTAssertEqual(observer.events, [.next(215, 1), .next(240, 20), .completed(260)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 260)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
    }

    // MARK: concatMap / concat

    func testConcatMapSubscribesQueuedInnersWhenThePreviousCompletes() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(30)]),
            3: scheduler.createColdObservable([.next(0, 30), .next(10, 31), .completed(30)]),
        ]
        let observer = scheduler.start { outer.concatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [
            .next(220, 10), .next(230, 11), .next(250, 20), .next(270, 30), .next(280, 31), .completed(300),
        ])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inners[2]!.subscriptions, [Subscription(240, 270)])
        XCTAssertEqual(inners[3]!.subscriptions, [Subscription(270, 300)])
    }

    func testConcatMapInnerErrorDropsQueuedElements() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .error(20, TestError("inner"))]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(20)]),
        ]
        let observer = scheduler.start { outer.concatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10), .error(230, TestError("inner"))])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(inners[2]!.subscriptions, [])
    }

    func testConcatMapDisposalDisposesTheRunningInnerAndNeverSubscribesQueuedOnes() {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let inners = [
            1: scheduler.createColdObservable([.next(10, 10), .completed(100)]),
            2: scheduler.createColdObservable([.next(10, 20), .completed(20)]),
        ]
        let observer = scheduler.start(disposed: 250) { outer.concatMap { inners[$0]! } }
        XCTAssertEqual(observer.events, [.next(220, 10)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inners[2]!.subscriptions, [])
    }

    func testConcatOfObservablesRunsThemOneAfterAnother() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .next(215, b.asObservable()), .completed(220)])
        let observer = scheduler.start { outer.concat() }
        XCTAssertEqual(observer.events, [.next(220, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
    }

    func testStaticConcatSubscribesEachSourceWhenThePreviousCompletes() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let c = scheduler.createColdObservable([.next(5, 4), .completed(10)])
        let observer = scheduler.start { Observable.concat(a.asObservable(), b.asObservable(), c.asObservable()) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(240, 3), .next(255, 4), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(c.subscriptions, [Subscription(250, 260)])
    }

    func testInstanceConcatDoesNotSubscribeTheSecondAfterAnError() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("a"))])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { a.concat(b) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError("a"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [])
    }

    func testInstanceConcatOfHotSourcesMissesWhatTheSecondEmittedBefore() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
        let observer = scheduler.start { a.concat(b) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 3), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
    }

    func testStaticConcatOfSynchronousSourcesKeepsOrder() {
        var received: [Int] = []
        var completed = false
        _ = Observable.concat(Observable.of(1, 2), Observable.just(3), Observable.of(4, 5))
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, [1, 2, 3, 4, 5])
        XCTAssertTrue(completed)
    }

    // MARK: merge

    func testStaticMergeInterleavesAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let observer = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 260)])
    }

    func testStaticMergeErrorDisposesTheOtherSources() {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("a"))])
        let b = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let observer = scheduler.start { Observable.merge([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .error(230, TestError("a"))])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testStaticMergeOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.merge([]) }
        XCTAssertEqual(observer.events, [.completed(200)])
    }

    func testMergeOfInnerObservablesWaitsForOuterAndInners() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .next(220, b.asObservable()), .completed(230)])
        let observer = scheduler.start { outer.merge() }
        XCTAssertEqual(observer.events, [.next(220, 1), .next(230, 2), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
    }

    func testMergeMaxConcurrentQueuesInnersBeyondTheLimit() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let d = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(215, b.asObservable()),
            .next(220, c.asObservable()), .next(225, d.asObservable()), .completed(230),
        ])
        let observer = scheduler.start { outer.merge(maxConcurrent: 2) }
        // b completes at 235 and frees a slot for c; a at 250 frees one for d.
        XCTAssertEqual(observer.events, [.next(220, 1), .next(225, 2), .next(245, 3), .next(260, 4), .completed(270)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(b.subscriptions, [Subscription(215, 235)])
        XCTAssertEqual(c.subscriptions, [Subscription(235, 255)])
        XCTAssertEqual(d.subscriptions, [Subscription(250, 270)])
    }

    func testMergeMaxConcurrentInnerErrorEndsEverythingAndDropsTheQueue() {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("a"))])
        let b = scheduler.createColdObservable([.next(5, 2), .completed(100)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .next(215, b.asObservable()), .completed(300)])
        let observer = scheduler.start { outer.merge(maxConcurrent: 1) }
        XCTAssertEqual(observer.events, [.next(220, 1), .error(230, TestError("a"))])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(b.subscriptions, [])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 230)])
    }

    func testConcatMapCallsItsSelectorWhenAnElementArrivesEvenIfItMustWait() {
        // As in RxSwift: the selector runs at arrival, so one that throws for a
        // waiting element fails the result then, and releases everything.
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .completed(400)])
        let xs = scheduler.createHotObservable([.next(300, 1), .next(400, 2), .next(550, 3), .completed(900)])
        var calls: [TestTime] = []
        let observer = scheduler.start {
            xs.concatMap { element -> Observable<Int> in
                calls.append(scheduler.clock)
                if element == 3 { throw TestError("selector") }
                return first.asObservable()
            }
        }
        XCTAssertEqual(calls, [300, 400, 550])
        XCTAssertEqual(observer.events, [.next(310, 1), .error(550, TestError("selector"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
        XCTAssertEqual(first.subscriptions, [Subscription(300, 550)])
    }
}
