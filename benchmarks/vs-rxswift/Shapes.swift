// The shapes of the comparison, written once against the API that RxSwift and
// RxCore spell the same way. scripts/bench-vs-rxswift compiles this file twice into
// one executable: once for each library, with the import line and the enum's name
// below replaced, so that each copy sees one library only. Anything the two spell
// differently stays out (the README lists what was left out and why).
import RxCore // library import: replaced by scripts/bench-vs-rxswift
import Dispatch
import Foundation

enum Shapes { // enum name: replaced by scripts/bench-vs-rxswift
    /// Events per call of the per-event shapes. The driver repeats a call until one
    /// round of a shape is long enough to time, so this only sets the granularity.
    static let events = 1_000

    /// Sizes of the scaling rows: a per-element cost that grows with n shows as a
    /// figure that grows down the three rows of an operator. A quick run uses
    /// smaller ones, which still show a cost that grows.
    static func scalingSizes(quick: Bool) -> [Int] {
        quick ? [100, 1_000, 10_000] : [1_000, 10_000, 100_000]
    }

    static func all(quick: Bool) -> [Shape] {
        var shapes: [Shape] = []
        subjects(into: &shapes)
        relays(into: &shapes)
        multicasting(into: &shapes)
        creation(into: &shapes)
        transforming(into: &shapes)
        flattening(into: &shapes)
        combining(into: &shapes)
        dispatchSchedulers(into: &shapes)
        virtualTime(into: &shapes)
        traits(into: &shapes)
        disposables(into: &shapes)
        scaling(sizes: scalingSizes(quick: quick), into: &shapes)
        return shapes
    }

    // MARK: Memory

    /// Live subscriptions whose heap the driver weighs (Memory.swift).
    static func memory() -> [MemoryShape] {
        [
            MemoryShape(name: "PublishSubject.subscribe(onNext:)") { count in
                let subject = PublishSubject<Int>()
                let counter = Counter()
                return [subject] + (0..<count).map { _ in subject.subscribe(onNext: { counter.record($0) }) }
            },
            MemoryShape(name: "PublishSubject.map.filter.subscribe(onNext:)") { count in
                let subject = PublishSubject<Int>()
                let counter = Counter()
                return [subject] + (0..<count).map { _ in
                    subject.map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(onNext: { counter.record($0) })
                }
            },
            MemoryShape(name: "BehaviorRelay.subscribe(onNext:)") { count in
                let relay = BehaviorRelay<Int>(value: 0)
                let counter = Counter()
                return [relay] + (0..<count).map { _ in relay.subscribe(onNext: { counter.record($0) }) }
            },
        ]
    }

    // MARK: Subjects

    private static func subjects(into shapes: inout [Shape]) {
        subjectShapes("PublishSubject", into: &shapes) { PublishSubject<Int>() }
        subjectShapes("BehaviorSubject", into: &shapes) { BehaviorSubject<Int>(value: 7) }
        subjectShapes("ReplaySubject(bufferSize: 1)", into: &shapes) { ReplaySubject<Int>.create(bufferSize: 1) }
        // An AsyncSubject delivers only when it completes: its cycle completes it.
        subjectShapes("AsyncSubject", deliversAtCompletion: true, into: &shapes) { AsyncSubject<Int>() }
    }

    /// Pumping with 1, 2 and 10 subscribers; create + subscribe + one event +
    /// dispose; subscribe + dispose on a live subject that already has a subscriber.
    private static func subjectShapes<Subject: ObserverType & ObservableType>(
        _ kind: String, deliversAtCompletion: Bool = false, into shapes: inout [Shape], make: @escaping () -> Subject
    ) where Subject.Element == Int {
        let n = events
        for subscribers in [1, 2, 10] {
            let subject = make()
            let counter = Counter()
            for _ in 0..<subscribers {
                _ = subject.subscribe(onNext: { counter.record($0) })
            }
            shapes.append(Shape(family: "subjects", name: "\(kind) pumping, \(subscribers) subscriber\(subscribers == 1 ? "" : "s")",
                                unit: "event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { subject.onNext(i) }
                return counter.value
            })
        }
        do {
            let counter = Counter()
            shapes.append(Shape(family: "subjects", name: "\(kind): create + subscribe + 1 event + dispose", unit: "cycle", operations: n) {
                let counter = counter.reset()
                for i in 0..<n {
                    let subject = make()
                    let subscription = subject.subscribe(onNext: { counter.record($0) })
                    subject.onNext(i)
                    if deliversAtCompletion { subject.onCompleted() }
                    subscription.dispose()
                }
                return counter.value
            })
        }
        do {
            let subject = make()
            let counter = Counter()
            _ = subject.subscribe(onNext: { counter.record($0) })
            subject.onNext(3)
            shapes.append(Shape(family: "subjects", name: "\(kind): subscribe + dispose on a live subject", unit: "cycle", operations: n) {
                let counter = counter.reset()
                for _ in 0..<n {
                    subject.subscribe(onNext: { counter.record($0) }).dispose()
                }
                return counter.value
            })
        }
    }

    // MARK: Relays

    private static func relays(into shapes: inout [Shape]) {
        relayShapes("PublishRelay", into: &shapes, make: { PublishRelay<Int>() }, accept: { $0.accept($1) })
        relayShapes("BehaviorRelay", into: &shapes, make: { BehaviorRelay<Int>(value: 7) }, accept: { $0.accept($1) })
        relayShapes("ReplayRelay(bufferSize: 1)", into: &shapes, make: { ReplayRelay<Int>.create(bufferSize: 1) }, accept: { $0.accept($1) })
    }

    /// The subjects' shapes for a relay, whose only input is `accept`. Relays share
    /// no protocol that has `accept`, hence the closure.
    private static func relayShapes<Relay: ObservableType>(
        _ kind: String, into shapes: inout [Shape], make: @escaping () -> Relay, accept: @escaping (Relay, Int) -> Void
    ) where Relay.Element == Int {
        let n = events
        for subscribers in [1, 2, 10] {
            let relay = make()
            let counter = Counter()
            for _ in 0..<subscribers {
                _ = relay.subscribe(onNext: { counter.record($0) })
            }
            shapes.append(Shape(family: "relays", name: "\(kind) pumping, \(subscribers) subscriber\(subscribers == 1 ? "" : "s")",
                                unit: "event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { accept(relay, i) }
                return counter.value
            })
        }
        do {
            let counter = Counter()
            shapes.append(Shape(family: "relays", name: "\(kind): create + subscribe + 1 event + dispose", unit: "cycle", operations: n) {
                let counter = counter.reset()
                for i in 0..<n {
                    let relay = make()
                    let subscription = relay.subscribe(onNext: { counter.record($0) })
                    accept(relay, i)
                    subscription.dispose()
                }
                return counter.value
            })
        }
        do {
            let relay = make()
            let counter = Counter()
            _ = relay.subscribe(onNext: { counter.record($0) })
            accept(relay, 3)
            shapes.append(Shape(family: "relays", name: "\(kind): subscribe + dispose on a live relay", unit: "cycle", operations: n) {
                let counter = counter.reset()
                for _ in 0..<n {
                    relay.subscribe(onNext: { counter.record($0) }).dispose()
                }
                return counter.value
            })
        }
    }

    // MARK: Multicasting

    private static func multicasting(into shapes: inout [Shape]) {
        let n = events
        /// Three subscribers on one shared subscription to a subject, per source event.
        func fanOut(_ name: String, _ share: (Observable<Int>) -> Observable<Int>) {
            let source = PublishSubject<Int>()
            let shared = share(source.asObservable())
            let counter = Counter()
            for _ in 0..<3 {
                _ = shared.subscribe(onNext: { counter.record($0) })
            }
            shapes.append(Shape(family: "multicasting", name: "\(name), 3 subscribers", unit: "source event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { source.onNext(i) }
                return counter.value
            })
        }
        fanOut("share(replay: 1, scope: .whileConnected)") { $0.share(replay: 1, scope: .whileConnected) }
        fanOut("share(replay: 1, scope: .forever)") { $0.share(replay: 1, scope: .forever) }
        fanOut("share()") { $0.share() }
        fanOut("replay(1).refCount()") { $0.replay(1).refCount() }
        fanOut("publish().refCount()") { $0.publish().refCount() }
        fanOut("multicast(PublishSubject()) + connect()") { source in
            let connectable = source.multicast(PublishSubject<Int>())
            _ = connectable.connect()
            return connectable.asObservable()
        }

        // Every subscription is the first, so it connects; the source completing
        // ends the connection: the cost of connecting and disconnecting.
        let counter = Counter()
        let threeValues = Observable.of(1, 2, 3).share(replay: 1, scope: .whileConnected)
        shapes.append(Shape(family: "multicasting", name: "share(replay: 1) of of(1, 2, 3): connect + 3 events + disconnect",
                            unit: "cycle", operations: n) {
            let counter = counter.reset()
            for _ in 0..<n {
                threeValues.subscribe(onNext: { counter.record($0) }).dispose()
            }
            return counter.value
        })
    }

    // MARK: Creation

    private static func creation(into shapes: inout [Shape]) {
        let n = events
        /// `body` is one cycle of `elements` elements; a call runs enough cycles for n elements.
        func cycle(_ name: String, unit: String = "cycle", elements: Int = 1, _ body: @escaping (Counter, Int) -> Void) {
            let counter = Counter()
            let cycles = n / elements
            shapes.append(Shape(family: "creation", name: name, unit: unit, operations: cycles * elements) {
                let counter = counter.reset()
                for i in 0..<cycles { body(counter, i) }
                return counter.value
            })
        }
        cycle("Observable.create { 1 event, completed } + subscribe + dispose") { counter, i in
            Observable<Int>.create { observer in
                observer.onNext(i)
                observer.onCompleted()
                return Disposables.create()
            }
            .subscribe(onNext: { counter.record($0) }).dispose()
        }
        cycle("Observable.just + subscribe + dispose") { counter, i in
            Observable.just(i).subscribe(onNext: { counter.record($0) }).dispose()
        }
        cycle("Observable.of(3 elements) + subscribe + dispose") { counter, i in
            Observable.of(i, 1, 2).subscribe(onNext: { counter.record($0) }).dispose()
        }
        let hundred = Array(0..<100)
        cycle("Observable.from(100-element array) + subscribe", unit: "element", elements: 100) { counter, _ in
            Observable.from(hundred).subscribe(onNext: { counter.record($0) }).dispose()
        }
        cycle("Observable.range(count: 100) + subscribe", unit: "element", elements: 100) { counter, _ in
            Observable.range(start: 0, count: 100).subscribe(onNext: { counter.record($0) }).dispose()
        }
    }

    // MARK: Transforming and filtering

    private static func transforming(into shapes: inout [Shape]) {
        /// An operator chain on a live subject, per source event.
        func chain(_ name: String, _ build: (Observable<Int>) -> Observable<Int>) {
            let n = events
            let source = PublishSubject<Int>()
            let counter = Counter()
            _ = build(source.asObservable()).subscribe(onNext: { counter.record($0) })
            // Once before measuring, so that every call starts from the state the
            // previous one left (scan's accumulator, distinctUntilChanged's last value).
            for i in 0..<n { source.onNext(i) }
            shapes.append(Shape(family: "transforming", name: name, unit: "event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { source.onNext(i) }
                return counter.value
            })
        }
        chain("map") { $0.map { $0 &* 3 } }
        chain("filter (half pass)") { $0.filter { $0 & 1 == 0 } }
        // The accumulator restarts at every call's first element, 0.
        chain("scan → distinctUntilChanged") { $0.scan(0) { $1 == 0 ? 0 : ($0 &+ $1) % 7 }.distinctUntilChanged() }
        chain("3 × (map + filter)") { source in
            // In steps: as one expression it takes the type checker too long.
            let first: Observable<Int> = source.map { $0 &+ 1 }.filter { $0 & 7 != 0 }
            let second: Observable<Int> = first.map { $0 &* 2 }.filter { $0 & 3 == 0 }
            return second.map { $0 &- 1 }.filter { _ in true }
        }
    }

    // MARK: Flattening

    private static func flattening(into shapes: inout [Shape]) {
        let n = events
        /// An operator on a live subject of Ints, per outer event.
        func outer(_ name: String, _ build: (Observable<Int>) -> Observable<Int>) {
            let source = PublishSubject<Int>()
            let counter = Counter()
            _ = build(source.asObservable()).subscribe(onNext: { counter.record($0) })
            shapes.append(Shape(family: "flattening", name: name, unit: "outer event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { source.onNext(i) }
                return counter.value
            })
        }
        outer("flatMap { just }") { $0.flatMap { Observable.just($0) } }
        outer("flatMapLatest { just }") { $0.flatMapLatest { Observable.just($0) } }
        outer("flatMapFirst { just }") { $0.flatMapFirst { Observable.just($0) } }
        outer("concatMap { just }") { $0.concatMap { Observable.just($0) } }
        outer("flatMap { of(2 elements) }") { $0.flatMap { Observable.of($0, 1) } }

        do {
            // Each outer event is a new subject, which then emits once and completes.
            let source = PublishSubject<PublishSubject<Int>>()
            let counter = Counter()
            _ = source.flatMap { $0 }.subscribe(onNext: { counter.record($0) })
            shapes.append(Shape(family: "flattening", name: "flatMap of a subject's inner: new inner + 1 event + completed",
                                unit: "outer event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n {
                    let inner = PublishSubject<Int>()
                    source.onNext(inner)
                    inner.onNext(i)
                    inner.onCompleted()
                }
                return counter.value
            })
        }
        do {
            // Switching between two live subjects, then one event on the current one.
            let source = PublishSubject<Int>()
            let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
            let counter = Counter()
            _ = source.flatMapLatest { inners[$0 & 1] }.subscribe(onNext: { counter.record($0) })
            shapes.append(Shape(family: "flattening", name: "flatMapLatest between live subjects: switch + 1 inner event",
                                unit: "outer event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n {
                    source.onNext(i)
                    inners[i & 1].onNext(i)
                }
                return counter.value
            })
        }
        do {
            let source = PublishSubject<Observable<Int>>()
            let counter = Counter()
            _ = source.switchLatest().subscribe(onNext: { counter.record($0) })
            shapes.append(Shape(family: "flattening", name: "switchLatest of just", unit: "outer event", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { source.onNext(Observable.just(i)) }
                return counter.value
            })
        }
    }

    // MARK: Combining

    private static func combining(into shapes: inout [Shape]) {
        let n = events
        /// Two live subjects combined; each step sends one event to each.
        func pair(_ name: String, unit: String = "source event", eventsPerStep: Int = 2,
                  _ build: (Observable<Int>, Observable<Int>) -> Observable<Int>) {
            let first = PublishSubject<Int>(), second = PublishSubject<Int>()
            let counter = Counter()
            _ = build(first.asObservable(), second.asObservable()).subscribe(onNext: { counter.record($0) })
            // Every call then starts with the latest values the previous one left.
            first.onNext(n - 1)
            second.onNext(n - 1)
            shapes.append(Shape(family: "combining", name: name, unit: unit, operations: n * eventsPerStep) {
                let counter = counter.reset()
                for i in 0..<n {
                    first.onNext(i)
                    second.onNext(i)
                }
                return counter.value
            })
        }
        pair("combineLatest(a, b)") { a, b in Observable.combineLatest(a, b) { $0 &* 3 &+ $1 } }
        pair("zip(a, b) in lockstep", unit: "pair", eventsPerStep: 1) { a, b in Observable.zip(a, b) { $0 &* 3 &+ $1 } }
        pair("merge(a, b)") { a, b in Observable.merge(a, b) }
        pair("a.withLatestFrom(b)") { a, b in a.withLatestFrom(b) { $0 &* 3 &+ $1 } }
        pair("concat(a, b), events through the first") { a, b in Observable.concat(a, b) }

        let counter = Counter()
        shapes.append(Shape(family: "combining", name: "concat(3 × just) + subscribe", unit: "cycle", operations: n) {
            let counter = counter.reset()
            for i in 0..<n {
                Observable.concat(Observable.just(i), Observable.just(1), Observable.just(2))
                    .subscribe(onNext: { counter.record($0) }).dispose()
            }
            return counter.value
        })
        let live = PublishSubject<Int>()
        let started = live.startWith(1, 2)
        shapes.append(Shape(family: "combining", name: "startWith(2 elements) on a live subject: subscribe + dispose",
                            unit: "cycle", operations: n) {
            let counter = counter.reset()
            for _ in 0..<n {
                started.subscribe(onNext: { counter.record($0) }).dispose()
            }
            return counter.value
        })
    }

    // MARK: Dispatch schedulers

    private static func dispatchSchedulers(into shapes: inout [Shape]) {
        let n = events
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "bench.serial")
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)

        /// A new subject observed on `scheduler`: n events, completed, and a wait for
        /// the completion to arrive on the other side.
        func observed(_ name: String, on scheduler: ImmediateSchedulerType) {
            let counter = Counter()
            let done = DispatchSemaphore(value: 0)
            shapes.append(Shape(family: "schedulers", name: name, unit: "event", operations: n) {
                let counter = counter.reset()
                let source = PublishSubject<Int>()
                let subscription = source.observe(on: scheduler)
                    .subscribe(onNext: { counter.record($0) }, onCompleted: { done.signal() })
                for i in 0..<n { source.onNext(i) }
                source.onCompleted()
                done.wait()
                subscription.dispose()
                return counter.value
            })
        }
        observed("observe(on: SerialDispatchQueueScheduler)", on: serial)
        observed("observe(on: ConcurrentDispatchQueueScheduler)", on: concurrent)

        // One subscription at a time, waiting for each to complete over there.
        let cycles = n / 10
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        shapes.append(Shape(family: "schedulers", name: "subscribe(on: SerialDispatchQueueScheduler) of just, waited for",
                            unit: "cycle", operations: cycles) {
            let counter = counter.reset()
            for i in 0..<cycles {
                let subscription = Observable.just(i).subscribe(on: serial)
                    .subscribe(onNext: { counter.record($0) }, onCompleted: { done.signal() })
                done.wait()
                subscription.dispose()
            }
            return counter.value
        })
    }

    // MARK: Virtual time

    /// A point of a HistoricalScheduler's clock, `milliseconds` after its start.
    private static func virtualTime(_ milliseconds: Double) -> Date {
        Date(timeIntervalSince1970: milliseconds / 1000)
    }

    // Every clock advance below stops half a millisecond away from any due time, so
    // no figure depends on how a scheduler orders an item due exactly at the target.
    private static func virtualTime(into shapes: inout [Shape]) {
        let n = events
        let counter = Counter()
        shapes.append(Shape(family: "virtual time", name: "interval(1 s), clock advanced once", unit: "tick", operations: n) {
            let counter = counter.reset()
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { counter.record($0) })
            scheduler.advanceTo(virtualTime(Double(n) * 1000 + 500))
            subscription.dispose()
            return counter.value
        })
        shapes.append(Shape(family: "virtual time", name: "timer(1 ms) + subscribe + clock advanced past it", unit: "cycle", operations: n) {
            let counter = counter.reset()
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            for i in 0..<n {
                let subscription = Observable<Int>.timer(.milliseconds(1), scheduler: scheduler)
                    .subscribe(onNext: { counter.record($0 &+ i) })
                scheduler.advanceTo(virtualTime(Double(i) * 2 + 1.5))
                subscription.dispose()
            }
            return counter.value
        })
        shapes.append(Shape(family: "virtual time", name: "delay(10 ms), clock advanced 1 ms per event", unit: "event", operations: n) {
            let counter = counter.reset()
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            let source = PublishSubject<Int>()
            let subscription = source.delay(.milliseconds(10), scheduler: scheduler)
                .subscribe(onNext: { counter.record($0) })
            for i in 0..<n {
                source.onNext(i)
                scheduler.advanceTo(virtualTime(Double(i) + 1.5))
            }
            source.onCompleted()
            scheduler.advanceTo(virtualTime(Double(n) + 1000.5))
            subscription.dispose()
            return counter.value
        })
        shapes.append(Shape(family: "virtual time", name: "debounce(5 ms), a quiet 20 ms after every 10th event", unit: "event", operations: n) {
            let counter = counter.reset()
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            let source = PublishSubject<Int>()
            let subscription = source.debounce(.milliseconds(5), scheduler: scheduler)
                .subscribe(onNext: { counter.record($0) })
            var now = 0.5
            for i in 0..<n {
                source.onNext(i)
                now += i % 10 == 9 ? 20 : 1
                scheduler.advanceTo(virtualTime(now))
            }
            subscription.dispose()
            return counter.value
        })
    }

    // MARK: Traits

    private static func traits(into shapes: inout [Shape]) {
        let n = events
        func cycle(_ name: String, _ body: @escaping (Counter, Int) -> Void) {
            let counter = Counter()
            shapes.append(Shape(family: "traits", name: name, unit: "cycle", operations: n) {
                let counter = counter.reset()
                for i in 0..<n { body(counter, i) }
                return counter.value
            })
        }
        cycle("Single.just → map → subscribe") { counter, i in
            Single.just(i).map { $0 &+ 1 }.subscribe(onSuccess: { counter.record($0) }).dispose()
        }
        cycle("Single.create { success } + subscribe") { counter, i in
            Single<Int>.create { observer in
                observer(.success(i))
                return Disposables.create()
            }
            .subscribe(onSuccess: { counter.record($0) }).dispose()
        }
        cycle("Observable.just.asSingle() + subscribe") { counter, i in
            Observable.just(i).asSingle().subscribe(onSuccess: { counter.record($0) }).dispose()
        }
        cycle("Observable.just.asMaybe() + subscribe") { counter, i in
            Observable.just(i).asMaybe().subscribe(onSuccess: { counter.record($0) }).dispose()
        }
        cycle("Completable.create { completed } + subscribe") { counter, i in
            Completable.create { observer in
                observer(.completed)
                return Disposables.create()
            }
            .subscribe(onCompleted: { counter.record(i) }).dispose()
        }
    }

    // MARK: Disposables

    private static func disposables(into shapes: inout [Shape]) {
        let n = events
        let counter = Counter()
        shapes.append(Shape(family: "disposables", name: "DisposeBag churn: new bag, 10 × insert(Disposables.create { }), release",
                            unit: "disposable", operations: n) {
            let counter = counter.reset()
            for _ in 0..<(n / 10) {
                let bag = DisposeBag()
                for j in 0..<10 {
                    bag.insert(Disposables.create { counter.record(j) })
                }
            }
            return counter.value
        })
        let live = PublishSubject<Int>()
        shapes.append(Shape(family: "disposables", name: "10 subscriptions disposed(by:) a bag, 1 event, bag released",
                            unit: "subscription", operations: n) {
            let counter = counter.reset()
            for i in 0..<(n / 10) {
                let bag = DisposeBag()
                for _ in 0..<10 {
                    live.subscribe(onNext: { counter.record($0) }).disposed(by: bag)
                }
                live.onNext(i)
            }
            return counter.value
        })
        shapes.append(Shape(family: "disposables", name: "Disposables.create { } + dispose", unit: "cycle", operations: n) {
            let counter = counter.reset()
            for i in 0..<n {
                Disposables.create { counter.record(i) }.dispose()
            }
            return counter.value
        })
    }

    // MARK: Scaling

    /// Collecting and buffering operators at 1k, 10k and 100k elements: a call
    /// builds the chain, sends n elements and ends it, so each figure is per element.
    private static func scaling(sizes: [Int], into shapes: inout [Shape]) {
        func rows(_ name: String, _ body: @escaping (Counter, Int) -> Void) {
            for n in sizes {
                let counter = Counter()
                let size = n < 1000 ? "\(n)" : "\(n / 1000)k"
                shapes.append(Shape(family: "scaling", name: "\(name), n = \(size)", unit: "element", operations: n) {
                    let counter = counter.reset()
                    body(counter, n)
                    return counter.value
                })
            }
        }
        rows("toArray") { counter, n in
            let source = PublishSubject<Int>()
            let subscription = source.toArray().subscribe(onSuccess: { counter.record($0.count); counter.record($0.last ?? -1) })
            for i in 0..<n { source.onNext(i) }
            source.onCompleted()
            subscription.dispose()
        }
        rows("reduce") { counter, n in
            let source = PublishSubject<Int>()
            let subscription = source.reduce(0) { $0 &* 3 &+ $1 }.subscribe(onNext: { counter.record($0) })
            for i in 0..<n { source.onNext(i) }
            source.onCompleted()
            subscription.dispose()
        }
        // The time span never passes (the virtual clock is never advanced): the count
        // alone closes buffers and windows.
        rows("buffer(timeSpan: 1000 s, count: 100)") { counter, n in
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            let source = PublishSubject<Int>()
            let subscription = source.buffer(timeSpan: .seconds(1000), count: 100, scheduler: scheduler)
                .subscribe(onNext: { counter.record($0.count); counter.record($0.first ?? -1) })
            for i in 0..<n { source.onNext(i) }
            source.onCompleted()
            subscription.dispose()
        }
        rows("window(timeSpan: 1000 s, count: 100) → flatMap") { counter, n in
            let scheduler = HistoricalScheduler(initialClock: virtualTime(0))
            let source = PublishSubject<Int>()
            let subscription = source.window(timeSpan: .seconds(1000), count: 100, scheduler: scheduler)
                .flatMap { window -> Observable<Int> in
                    counter.record(-1)
                    return window
                }
                .subscribe(onNext: { counter.record($0) })
            for i in 0..<n { source.onNext(i) }
            source.onCompleted()
            subscription.dispose()
        }
        rows("replayAll(): n stored, then a late subscriber") { counter, n in
            let source = PublishSubject<Int>()
            let replayed = source.replayAll()
            let connection = replayed.connect()
            for i in 0..<n { source.onNext(i) }
            replayed.subscribe(onNext: { counter.record($0) }).dispose()
            connection.dispose()
        }
        /// A replay subject with one live subscriber, then a late one that gets the buffer.
        func replaySubjectRows(_ name: String, _ make: @escaping () -> ReplaySubject<Int>) {
            rows(name) { counter, n in
                let subject = make()
                let live = subject.subscribe(onNext: { counter.record($0) })
                for i in 0..<n { subject.onNext(i) }
                subject.subscribe(onNext: { counter.record($0) }).dispose()
                live.dispose()
            }
        }
        replaySubjectRows("ReplaySubject.create(bufferSize: 1 000 000), then a late subscriber") {
            ReplaySubject<Int>.create(bufferSize: 1_000_000)
        }
        replaySubjectRows("ReplaySubject.createUnbounded(), then a late subscriber") {
            ReplaySubject<Int>.createUnbounded()
        }
        rows("ReplayRelay.createUnbound(), then a late subscriber") { counter, n in
            let relay = ReplayRelay<Int>.createUnbound()
            let live = relay.subscribe(onNext: { counter.record($0) })
            for i in 0..<n { relay.accept(i) }
            relay.subscribe(onNext: { counter.record($0) }).dispose()
            live.dispose()
        }
        replaySubjectRows("ReplaySubject.create(bufferSize: 1000) trimming, then a late subscriber") {
            ReplaySubject<Int>.create(bufferSize: 1000)
        }
        rows("zip(a, b): n queued on a, then n on b") { counter, n in
            let first = PublishSubject<Int>(), second = PublishSubject<Int>()
            let subscription = Observable.zip(first, second) { $0 &* 3 &+ $1 }.subscribe(onNext: { counter.record($0) })
            for i in 0..<n { first.onNext(i) }
            for i in 0..<n { second.onNext(i) }
            subscription.dispose()
        }
        rows("flatMap with n live inner subjects, then each completes") { counter, n in
            let source = PublishSubject<PublishSubject<Int>>()
            let subscription = source.flatMap { $0 }.subscribe(onNext: { counter.record($0) })
            let inners = (0..<n).map { _ in PublishSubject<Int>() }
            for inner in inners { source.onNext(inner) }
            for (i, inner) in inners.enumerated() {
                inner.onNext(i)
                inner.onCompleted()
            }
            subscription.dispose()
        }
        rows("DisposeBag with n disposables, released") { counter, n in
            let bag = DisposeBag()
            for i in 0..<n {
                bag.insert(Disposables.create { counter.record(i) })
            }
        }
    }
}
