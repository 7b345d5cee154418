// Runs one shape of the reactive core a given number of times, for counting the
// instructions it executes (`scripts/bench-instructions` runs it under callgrind
// at two sizes and prints the difference per operation). Instruction counts do not
// depend on the machine's load, so they tell a change's effect where wall-clock
// figures on a shared machine cannot.
//
//   rx-instructions SHAPE OPERATIONS
//
// The subscribers' closures capture an object, as real ones do (and as the shapes
// of benchmarks/vs-rxswift do): its reference is counted on every call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import RxCore

final class Counter {
    var value = 0
    func record(_ value: Int) { self.value &+= value }
}

/// One shape: what one operation is, and a body that runs `n` of them.
struct Shape {
    let name: String
    let unit: String
    let run: (Counter, Int) -> Void
}

/// Every shape. A function rather than the initializer of a global, whose closures
/// would be isolated to the main actor like the rest of this file's top-level code:
/// a closure of theirs that the core calls, or that `map` does, then checked which
/// executor it ran on at each call, and the shapes counted that check as theirs.
func allShapes() -> [Shape] { [
    Shape(name: "subject-subscribe-dispose", unit: "subscribe + dispose on a live PublishSubject") { counter, n in
        let subject = PublishSubject<Int>()
        let kept = subject.subscribe(onNext: { counter.record($0) })
        for _ in 0..<n { subject.subscribe(onNext: { counter.record($0) }).dispose() }
        kept.dispose()
    },
    Shape(name: "subject-create-cycle", unit: "new PublishSubject + subscribe + 1 event + dispose") { counter, n in
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { counter.record($0) })
            subject.onNext(i)
            subscription.dispose()
        }
    },
    Shape(name: "relay-create-cycle", unit: "new PublishRelay + subscribe + 1 event + dispose") { counter, n in
        for i in 0..<n {
            let relay = PublishRelay<Int>()
            let subscription = relay.subscribe(onNext: { counter.record($0) })
            relay.accept(i)
            subscription.dispose()
        }
    },
    Shape(name: "just-subscribe-dispose", unit: "Observable.just + subscribe + dispose") { counter, n in
        for i in 0..<n { Observable.just(i).subscribe(onNext: { counter.record($0) }).dispose() }
    },
    Shape(name: "create-cycle", unit: "Observable.create { 1 event, completed } + subscribe + dispose") { counter, n in
        for i in 0..<n {
            Observable<Int>.create { observer in
                observer.onNext(i)
                observer.onCompleted()
                return Disposables.create()
            }.subscribe(onNext: { counter.record($0) }).dispose()
        }
    },
    Shape(name: "concat-just", unit: "concat(3 × just) + subscribe + dispose") { counter, n in
        for i in 0..<n {
            Observable.concat(Observable.just(i), Observable.just(1), Observable.just(2))
                .subscribe(onNext: { counter.record($0) }).dispose()
        }
    },
    Shape(name: "just-as-single", unit: "Observable.just.asSingle() + subscribe") { counter, n in
        for i in 0..<n { _ = Observable.just(i).asSingle().subscribe(onSuccess: { counter.record($0) }) }
    },
    Shape(name: "just-as-maybe", unit: "Observable.just.asMaybe() + subscribe") { counter, n in
        for i in 0..<n { _ = Observable.just(i).asMaybe().subscribe(onSuccess: { counter.record($0) }) }
    },
    Shape(name: "single-create", unit: "Single.create { success } + subscribe + dispose") { counter, n in
        for i in 0..<n {
            Single<Int>.create { observer in
                observer(.success(i))
                return Disposables.create()
            }.subscribe(onSuccess: { counter.record($0) }).dispose()
        }
    },
    Shape(name: "completable-create", unit: "Completable.create { completed } + subscribe + dispose") { counter, n in
        for i in 0..<n {
            Completable.create { observer in
                observer(.completed)
                return Disposables.create()
            }.subscribe(onCompleted: { counter.record(i) }).dispose()
        }
    },
    Shape(name: "pump-1", unit: "event to a PublishSubject with 1 subscriber") { counter, n in
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { counter.record($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
    },
    Shape(name: "pump-10", unit: "event to a PublishSubject with 10 subscribers") { counter, n in
        let subject = PublishSubject<Int>()
        let subscriptions = (0..<10).map { _ in subject.subscribe(onNext: { counter.record($0) }) }
        for i in 0..<n { subject.onNext(i) }
        for subscription in subscriptions { subscription.dispose() }
    },
    Shape(name: "behavior-pump-1", unit: "event to a BehaviorSubject with 1 subscriber") { counter, n in
        let subject = BehaviorSubject<Int>(value: 0)
        let subscription = subject.subscribe(onNext: { counter.record($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
    },
    Shape(name: "map-filter", unit: "event through map → filter") { counter, n in
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.subscribe(onNext: { counter.record($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
    },
    Shape(name: "flatmap-just", unit: "event through flatMap { just }") { counter, n in
        let subject = PublishSubject<Int>()
        let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { counter.record($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
    },
    Shape(name: "flatmap-inner", unit: "flatMap of a new subject inner + 1 event + completed") { counter, n in
        let source = PublishSubject<PublishSubject<Int>>()
        let subscription = source.flatMap { $0 }.subscribe(onNext: { counter.record($0) })
        for i in 0..<n {
            let inner = PublishSubject<Int>()
            source.onNext(inner)
            inner.onNext(i)
            inner.onCompleted()
        }
        subscription.dispose()
    },
    Shape(name: "flatmap-live-inners", unit: "inner of flatMap with every inner live at once, then each completes") { counter, n in
        let source = PublishSubject<PublishSubject<Int>>()
        let subscription = source.flatMap { $0 }.subscribe(onNext: { counter.record($0) })
        let inners = (0..<n).map { _ in PublishSubject<Int>() }
        for inner in inners { source.onNext(inner) }
        for (i, inner) in inners.enumerated() {
            inner.onNext(i)
            inner.onCompleted()
        }
        subscription.dispose()
    },
    Shape(name: "flatmaplatest-switch", unit: "flatMapLatest switch between live subjects + 1 inner event") { counter, n in
        let source = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
        let subscription = source.flatMapLatest { inners[$0 & 1] }.subscribe(onNext: { counter.record($0) })
        for i in 0..<n {
            source.onNext(i)
            inners[i & 1].onNext(i)
        }
        subscription.dispose()
    },
    Shape(name: "share-replay-cycle", unit: "share(replay: 1) of of(1, 2, 3): connect + 3 events + disconnect") { counter, n in
        let shared = Observable.of(1, 2, 3).share(replay: 1, scope: .whileConnected)
        for _ in 0..<n { shared.subscribe(onNext: { counter.record($0) }).dispose() }
    },
    Shape(name: "debounce-virtual", unit: "event through debounce(5 ms) on a virtual clock, 20 ms quiet after every 10th") { counter, n in
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let source = PublishSubject<Int>()
        let subscription = source.debounce(.milliseconds(5), scheduler: scheduler).subscribe(onNext: { counter.record($0) })
        var now = 0.5
        for i in 0..<n {
            source.onNext(i)
            now += i % 10 == 9 ? 20 : 1
            scheduler.advanceTo(Date(timeIntervalSince1970: now / 1000))
        }
        subscription.dispose()
    },
    Shape(name: "timer-cycle", unit: "timer(1 ms) + subscribe + virtual clock advanced past it + dispose") { counter, n in
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        for i in 0..<n {
            let subscription = Observable<Int>.timer(.milliseconds(1), scheduler: scheduler)
                .subscribe(onNext: { counter.record($0 &+ i) })
            scheduler.advanceTo(Date(timeIntervalSince1970: (Double(i) * 2 + 1.5) / 1000))
            subscription.dispose()
        }
    },
    Shape(name: "delay-virtual", unit: "event through delay(10 ms) on a virtual clock advanced 1 ms per event") { counter, n in
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let source = PublishSubject<Int>()
        let subscription = source.delay(.milliseconds(10), scheduler: scheduler).subscribe(onNext: { counter.record($0) })
        for i in 0..<n {
            source.onNext(i)
            scheduler.advanceTo(Date(timeIntervalSince1970: (Double(i) + 1.5) / 1000))
        }
        subscription.dispose()
    },
    Shape(name: "interval-virtual", unit: "tick of interval(1 s) on a virtual clock advanced once past all of them") { counter, n in
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
            .subscribe(onNext: { counter.record($0) })
        scheduler.advanceTo(Date(timeIntervalSince1970: Double(n) + 0.5))
        subscription.dispose()
    },
    Shape(name: "buffer-count", unit: "element through buffer(timeSpan: 1000 s, count: 100) on a virtual clock that never moves") { counter, n in
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let source = PublishSubject<Int>()
        let subscription = source.buffer(timeSpan: .seconds(1000), count: 100, scheduler: scheduler)
            .subscribe(onNext: { counter.record($0.count) })
        for i in 0..<n { source.onNext(i) }
        subscription.dispose()
    },
    Shape(name: "bag-of-10", unit: "subscription of 10 in a DisposeBag, 1 event, bag released") { counter, n in
        let subject = PublishSubject<Int>()
        for i in 0..<max(1, n / 10) {
            let bag = DisposeBag()
            for _ in 0..<10 { subject.subscribe(onNext: { counter.record($0) }).disposed(by: bag) }
            subject.onNext(i)
        }
    },
    Shape(name: "bag-churn", unit: "disposable of 10 made with Disposables.create { } in a DisposeBag, bag released") { counter, n in
        for _ in 0..<max(1, n / 10) {
            let bag = DisposeBag()
            for j in 0..<10 { bag.insert(Disposables.create { counter.record(j) }) }
        }
    },
] }

let shapes = allShapes()

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
    for shape in shapes { print("\(shape.name)\t\(shape.unit)") }
} else if arguments.count == 3, let shape = shapes.first(where: { $0.name == arguments[1] }), let n = Int(arguments[2]), n >= 0 {
    let counter = Counter()
    shape.run(counter, n)
    print("\(shape.name) \(n) checksum \(counter.value)")
} else {
    print("usage: rx-instructions SHAPE OPERATIONS | rx-instructions --list")
    print("shapes: " + shapes.map(\.name).joined(separator: ", "))
    exit(2)
}
