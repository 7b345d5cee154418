// A tour of the reactive core the modal flows stand on: cold chains, subjects,
// virtual time, threads, async/await. Run with `swift run rx-demo`. The modal flows
// themselves are the project's main job, `rxmodal demo` (./scripts/demo).

import Dispatch
import Foundation
import RxCore
import RxTesting

print("RxModal for Linux — a tour of the reactive core (the modal flows: ./scripts/demo)\n")
let resourcesAtStart = Resources.total

// 1. A cold observable chain: nothing runs until subscribed.
print("1. Cold chain: range → filter → map → scan")
_ = Observable.range(start: 1, count: 10)
    .filter { $0 % 2 == 0 }
    .map { $0 * $0 }
    .scan(0, accumulator: +)
    .subscribe(onNext: { print("   running total \($0)") }, onCompleted: { print("   completed") })

// 2. Subjects are hot: late subscribers see only what comes after them.
print("\n2. Subjects: a BehaviorSubject replays its current value")
do {
    let temperature = BehaviorSubject(value: 19)
    let display = temperature
        .distinctUntilChanged()
        .subscribe(onNext: { print("   display shows \($0) °C") })
    temperature.onNext(19)   // unchanged: dropped by distinctUntilChanged
    temperature.onNext(21)
    display.dispose()
    temperature.onNext(25)   // nobody is listening any more
    print("   current value is still readable: \(try temperature.value()) °C")
}

// 3. Virtual time: timelines are exact, so they can be asserted in tests.
print("\n3. Virtual time: search-as-you-type with debounce and flatMapLatest")
do {
    let scheduler = TestScheduler()
    let keystrokes = scheduler.createHotObservable([
        .next(210, "r"), .next(220, "rx"), .next(300, "rxm"), .next(310, "rxmo"), .next(320, "rxmod"),
        .completed(600),
    ])
    let results = scheduler.start {
        keystrokes.asObservable()
            .debounce(.seconds(50), scheduler: scheduler)
            .flatMapLatest { query in
                // A pretend search service answering after 30 ticks.
                Observable.just("results for “\(query)”").delay(.seconds(30), scheduler: scheduler)
            }
    }
    for recorded in results.events {
        print("   t=\(recorded.time): \(recorded.value)")
    }
}

// 4. Real threads: events from several threads reach one subscriber one at a time.
print("\n4. Threads: 4 producers × 10 000 events into one PublishSubject")
do {
    let subject = PublishSubject<Int>()
    var received = 0
    var overlapping = false
    var inCallback = false
    let counting = subject.subscribe(onNext: { _ in
        if inCallback { overlapping = true }
        inCallback = true
        received += 1
        inCallback = false
    })
    DispatchQueue.concurrentPerform(iterations: 4) { producer in
        for value in 0..<10_000 { subject.onNext(producer * 10_000 + value) }
    }
    counting.dispose()
    print("   received \(received) events, overlapping deliveries: \(overlapping ? "yes (bug!)" : "none")")
}

// 5. async/await bridges.
print("\n5. async/await: awaiting a Single and iterating an Observable")
// In a function: a `for await` loop in top-level code keeps its iterator in a
// global for the rest of the program.
func demonstrateAsyncAwait() async throws {
    let answer = try await Single.just(41).map { $0 + 1 }.value
    print("   the Single's value: \(answer)")
    var collected: [String] = []
    for try await word in Observable.of("present", "on", "subscribe").values {
        collected.append(word)
    }
    print("   iterated: \(collected.joined(separator: " "))")
}
try await demonstrateAsyncAwait()

// Every subscription, sink and subject above has been released.
print("\nLive resources left: \(Resources.total - resourcesAtStart)")
print("All demonstrations finished.")
