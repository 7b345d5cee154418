import Dispatch
import Foundation
import RxCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// Everything runs inside one nonisolated function: closures formed in `main.swift`'s
// top-level code would be main-actor isolated, and Swift 6 would check their
// isolation on every call.

struct Row {
    let name: String
    let nanoseconds: Double
    let rxSwift: Double?
}

/// One timed shape: `body` performs `operations` operations.
struct Case {
    let name: String
    let operations: Int
    let rxSwift: Double?
    let body: () -> Void
}

func runBenchmarks() {
    let quick = CommandLine.arguments.contains("--quick")
    /// `--only N` runs only benchmark number N (and the baseline), for profiling.
    let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap { index in
        index + 1 < CommandLine.arguments.count ? CommandLine.arguments[index + 1] : nil
    }
    func enabled(_ number: String) -> Bool { only == nil || only == number }
    let rounds = quick ? 2 : 9
    let scale = quick ? 10 : 1

    var cases: [Case] = []
    /// Teardown that runs once every round is done.
    var teardown: [() -> Void] = []

    func add(_ name: String, operations: Int, rxSwift: Double? = nil, _ body: @escaping () -> Void) {
        cases.append(Case(name: name, operations: operations, rxSwift: rxSwift, body: body))
    }

    // MARK: 6. Memory per live subscription
    //
    // Measured first, before the timed benchmarks have freed memory that the
    // allocator would hand out again without the resident set growing.

    /// Resident set size, from /proc/self/statm (pages × page size).
    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    var memoryPerSubscription: Double?
    if enabled("6") {
        let subscriptionCount = 200_000
        let subject = PublishSubject<Int>()
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(subscriptionCount)
        let before = residentBytes()
        for _ in 0..<subscriptionCount {
            subscriptions.append(subject.subscribe(onNext: { counter.value &+= $0 }))
        }
        subject.onNext(1)   // let the subject apply every queued subscription
        let after = residentBytes()
        memoryPerSubscription = Double(after - before) / Double(subscriptionCount)
        for subscription in subscriptions { subscription.dispose() }
    }

    // MARK: 7. Baseline: one mutex lock/unlock plus one opaque closure call.

    let baselineMutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    let swiftMutex = Mutex<Void>(())
    let baselineCount = 10_000_000 / scale
    add("7. baseline: pthread mutex lock/unlock + opaque call", operations: baselineCount) {
        for i in 0..<baselineCount {
            pthread_mutex_lock(baselineMutex)
            opaque(i)
            pthread_mutex_unlock(baselineMutex)
        }
    }
    add("   same with Synchronization.Mutex (for reference)", operations: baselineCount) {
        for i in 0..<baselineCount {
            swiftMutex.withLock { _ in opaque(i) }
        }
    }
    add("   opaque closure call alone", operations: baselineCount) {
        for i in 0..<baselineCount { opaque(i) }
    }

    // MARK: 1. PublishSubject pumping

    if enabled("1") {

    let pumpCount = 10_000_000 / scale
    do {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { counter.value &+= $0 })
        add("1. PublishSubject pumping, 1 subscriber (per event)", operations: pumpCount, rxSwift: 710) {
            for i in 0..<pumpCount { subject.onNext(i) }
        }
        teardown.append { subscription.dispose() }
    }
    do {
        let subject = PublishSubject<Int>()
        let first = subject.subscribe(onNext: { counter.value &+= $0 })
        let second = subject.subscribe(onNext: { counter.value &-= $0 })
        add("1b. PublishSubject pumping, 2 subscribers (per event)", operations: pumpCount) {
            for i in 0..<pumpCount { subject.onNext(i) }
        }
        teardown.append { first.dispose(); second.dispose() }
    }

    }

    // MARK: 2. Map/filter pumping

    if enabled("2") {

    let chainCount = 1_000_000 / scale
    do {
        let events = chainCount
        add("2. create → 6 × (map + filter) pumping (per event)", operations: events, rxSwift: 2270) {
            let source = Observable<Int>.create { observer in
                for i in 0..<events { observer.on(.next(i)) }
                return Disposables.create()
            }
            let subscription = source
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .subscribe(onNext: { counter.value &+= $0 })
            subscription.dispose()
        }
    }

    }

    // MARK: 3. FlatMap pumping

    if enabled("3") {

    let flatCount = 200_000 / scale
    do {
        let events = flatCount
        add("3. create → 5 × flatMap { just } pumping (per event)", operations: events, rxSwift: 9970) {
            let source = Observable<Int>.create { observer in
                for i in 0..<events { observer.on(.next(i)) }
                return Disposables.create()
            }
            let subscription = source
                .flatMap { Observable.just($0) }
                .flatMap { Observable.just($0) }
                .flatMap { Observable.just($0) }
                .flatMap { Observable.just($0) }
                .flatMap { Observable.just($0) }
                .subscribe(onNext: { counter.value &+= $0 })
            subscription.dispose()
        }
    }

    }

    // MARK: 4. CombineLatest pumping

    if enabled("4") {

    let combineCount = 500_000 / scale
    do {
        let events = combineCount
        add("4. 7 nested 4-input combineLatest pumping (per event)", operations: events, rxSwift: 5810) {
            let source = Observable<Int>.create { observer in
                for i in 0..<events { observer.on(.next(i)) }
                return Disposables.create()
            }
            var last = source
            for _ in 0..<7 {
                last = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), last) { _, _, _, x in x }
            }
            let subscription = last.subscribe(onNext: { counter.value &+= $0 })
            subscription.dispose()
        }
    }

    }

    // MARK: 5. Subscription cycles

    if enabled("5") {

    let cycleCount = 1_000_000 / scale
    do {
        add("5a. Observable.create + subscribe + dispose (per cycle)", operations: cycleCount, rxSwift: 4400) {
            for _ in 0..<cycleCount {
                let subscription = Observable<Int>.create { observer in
                    observer.on(.next(1))
                    return Disposables.create()
                }.subscribe(onNext: { counter.value &+= $0 })
                subscription.dispose()
            }
        }
        let chainCycles = cycleCount / 10
        add("5b. build 6 × (map + filter) + subscribe + 1 event + dispose", operations: chainCycles) {
            for _ in 0..<chainCycles {
                let subscription = Observable<Int>.create { observer in
                    observer.on(.next(1))
                    return Disposables.create()
                }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }
                .subscribe(onNext: { counter.value &+= $0 })
                subscription.dispose()
            }
        }
    }

    }

    // MARK: 8. Collecting: the cost per element must not grow with the count

    if enabled("8") {

    for count in [1_000, 10_000, 100_000] {
        let elements = Array(0..<count)
        let repeats = Swift.max(1, 1_000_000 / scale / count)
        add("8. from(\(count)) → toArray (per element)", operations: repeats * count) {
            for _ in 0..<repeats {
                _ = Observable.from(elements).toArray().subscribe(onSuccess: { counter.value &+= $0.count })
            }
        }
    }

    }

    // MARK: 9. Many inner sequences running at once: per inner, the cost must not grow with their number

    if enabled("9") {

    for count in [1_000, 10_000, 100_000] {
        let repeats = Swift.max(1, 200_000 / scale / count)
        add("9. flatMap of \(count) live subjects, one event each, completed oldest first (per inner)", operations: repeats * count) {
            for _ in 0..<repeats {
                let inners = (0..<count).map { _ in PublishSubject<Int>() }
                let outer = PublishSubject<Int>()
                let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { counter.value &+= $0 })
                for index in 0..<count { outer.onNext(index) }
                for inner in inners { inner.onNext(1) }
                for inner in inners { inner.onCompleted() }
                subscription.dispose()
            }
        }
    }

    }

    // MARK: Rounds
    //
    // Round by round across every benchmark, rather than all rounds of one before
    // the next: a slow phase of the machine then costs each benchmark one round,
    // not all of them, and each keeps its best round.

    var times = Array(repeating: [Double](), count: cases.count)
    for _ in 0..<rounds {
        for (index, benchmark) in cases.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            benchmark.body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            times[index].append(elapsed / Double(benchmark.operations))
        }
    }
    teardown.forEach { $0() }

    print("RxCore benchmarks (release build; best of \(rounds) rounds, interleaved; median in brackets)\n")
    var rows: [Row] = []
    for (index, benchmark) in cases.enumerated() {
        let sorted = times[index].sorted()
        let best = sorted[0], median = sorted[sorted.count / 2]
        rows.append(Row(name: benchmark.name, nanoseconds: best, rxSwift: benchmark.rxSwift))
        let comparison = benchmark.rxSwift.map { String(format: "   RxSwift 6.10: %6.0f ns  (ratio 1/%.1f)", $0, $0 / best) } ?? ""
        print(benchmark.name.padding(toLength: 58, withPad: " ", startingAt: 0)
              + String(format: " %8.1f ns [%8.1f]", best, median) + comparison)
    }
    let baseline = rows[0].nanoseconds

    if let bytes = memoryPerSubscription {
        print("6. resident bytes per live subject subscription".padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: " %9.0f bytes", bytes))
    }

    print("\nRatios to the baseline (lock + opaque call) in this run:")
    for row in rows where !row.name.hasPrefix("7.") && !row.name.hasPrefix("   ") {
        print("  " + row.name.padding(toLength: 56, withPad: " ", startingAt: 0) + String(format: " %6.1f ×", row.nanoseconds / baseline))
    }
    if counter.value == 42 { print("") }   // keeps the counter observable

}
