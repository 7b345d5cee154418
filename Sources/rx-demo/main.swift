// The project's main job: real modal flows — presented on subscribe, dismissed on
// dispose, emitting a value — through the alert and action-sheet plugins, answered
// by a script on the headless surface; then a tour of the reactive core they stand on.
// Run with ./scripts/demo (or `swift build && .build/debug/rx-demo`).

import Dispatch
import Foundation
import RxCore
import RxModal
import RxTesting

print("RxModal for Linux — demonstration\n")
let resourcesAtStart = Resources.total

/// Subscribes, waits for the flow to end, and returns its elements or its error.
func run<T>(_ flow: Observable<T>) -> Result<[T], Error> {
    let done = DispatchSemaphore(value: 0)
    let elements = LockedList<T>()
    var failure: Error?
    let subscription = flow.subscribe(
        onNext: { elements.append($0) },
        onError: { failure = $0; done.signal() },
        onCompleted: { done.signal() })
    guard done.wait(timeout: .now() + .seconds(10)) == .success else {
        subscription.dispose()
        return .failure(ModalError.pluginUnavailable(reason: "the flow did not end within 10 s"))
    }
    subscription.dispose()
    if let failure { return .failure(failure) }
    return .success(elements.value)
}

/// A tiny lock-protected list for callbacks that arrive on the surface's queue.
final class LockedList<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
    var value: [T] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Waits (at most 10 s) until `condition` holds: the surface works on its own queue.
func waitFor(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !condition() && Date() < deadline { usleep(1_000) }
}

func describe(_ surface: ScriptedSurface) {
    for record in surface.transcript {
        let spec = record["spec"]
        let actions = spec?["actions"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        let title = spec?["title"]?.stringValue ?? spec?["source"].map { "from \($0.stringValue ?? "?")" } ?? ""
        print("   shown: \(spec?["style"]?.stringValue ?? "?") \(title) [\(actions.joined(separator: " | "))]"
              + " → answered \(record["result"]?.json ?? record["error"]?.json ?? "nothing"),"
              + " dismissed \(record["dismissals"]?.intValue ?? 0)×")
    }
}

// 0. Real modal flows, with the plugins loaded from their shared objects.
print("0. Modal flows on the scripted (headless) surface")
do {
    let registry = ModalRegistry.shared
    print("   plugins loaded: \(registry.kindNames.joined(separator: ", "))"
          + (registry.skipped.isEmpty ? "" : "; skipped: \(registry.skipped.count)"))

    // The seed's headline flow: an action sheet offering Mail or Message. The
    // composers arrive with their own issue; stand-in flows take their place.
    let sheetSurface = try ScriptedSurface(json: #"[{"expect": {"style": "actionSheet"}, "choose": "Message"}]"#)
    let contactUs = RxModal.actionSheet(
        presenter: .surface(sheetSurface), source: "contactUsButton", title: "Contact us",
        actions: [
            .default(title: "Mail", flatMapTo: Observable.just("(mail composer: not built yet)")),
            .default(title: "Message", flatMapTo: Observable.just("(message composer: not built yet)")),
            .cancel(title: "Cancel"),
        ])
    switch run(contactUs) {
    case .success(let values): print("   contact-us flow emitted \(values)")
    case .failure(let error): print("   contact-us flow failed: \(error)")
    }
    describe(sheetSurface)

    // The seed's sign-in alert: text fields read when the action is chosen.
    let alertSurface = try ScriptedSurface(json: #"[{"type": ["ada@example.org", "correct horse"], "choose": "Sign In"}]"#)
    let signIn = RxModal.alert(
        presenter: .surface(alertSurface), title: "Sign in", message: "Please sign in using your credentials",
        textFields: [.email { $0.placeholder = "e-mail" }, .password { $0.placeholder = "password" }],
        actions: [
            .cancel(title: "Cancel"),
            .default(title: "Sign In") { fields in "signed in as \(fields[0].text ?? "")" },
        ])
    switch run(signIn) {
    case .success(let values): print("   sign-in flow emitted \(values)")
    case .failure(let error): print("   sign-in flow failed: \(error)")
    }
    describe(alertSurface)

    // Disposing before the answer dismisses the modal, exactly once.
    let waitingSurface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
    let pending = RxModal.alert(presenter: .surface(waitingSurface), title: "Still there?",
                                actions: [DialogAction<Void>.default(title: "Yes")]).subscribe()
    waitFor { waitingSurface.transcript.count == 1 }
    pending.dispose()
    waitFor { waitingSurface.transcript.first?["dismissals"] == 1 }
    describe(waitingSurface)
}
print("")

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
