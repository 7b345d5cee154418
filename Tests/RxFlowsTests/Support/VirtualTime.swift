import XCTest
import RxCore
import RxTesting

/// A `TestScheduler` plus what the tests schedule on it, disposed after the run.
///
/// Why not `scheduler.scheduleAt` and `createHotObservable`: both drop the
/// disposable of each scheduled item, and RxCore's disposables currently do not
/// release what they hold when freed without being disposed (see
/// `RxCoreDisposableLeakTests`), so every such item would show up as a leaked
/// resource and hide the leaks these tests are meant to catch.
final class VirtualTime {
    let scheduler = TestScheduler()
    private var scheduled: [Disposable] = []

    var clock: TestTime { scheduler.clock }

    /// Runs `action` at virtual time `time`.
    func at(_ time: TestTime, _ action: @escaping () -> Void) {
        scheduled.append(scheduler.scheduleAbsolute((), time: time) { _ in
            action()
            return Disposables.create()
        })
    }

    /// Runs everything scheduled, then disposes the scheduled items.
    func run() {
        scheduler.start()
        scheduled.forEach { $0.dispose() }
        scheduled.removeAll()
    }

    func observer<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        scheduler.createObserver(type)
    }

    func cold<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        scheduler.createColdObservable(events)
    }

    /// A source that emits `events` at their absolute times to whoever is subscribed.
    func hot<Element>(_ events: [Recorded<Event<Element>>]) -> HotSource<Element> {
        let source = HotSource<Element>(time: self)
        for recorded in events {
            at(recorded.time) { [weak source] in source?.emit(recorded.value) }
        }
        return source
    }
}

/// A hot test source that records its subscriptions, like RxTesting's hot observable.
final class HotSource<Element>: ObservableConvertibleType {
    private let subject = PublishSubject<Element>()
    private unowned let time: VirtualTime
    private(set) var subscriptions: [Subscription] = []

    init(time: VirtualTime) { self.time = time }

    func emit(_ event: Event<Element>) { subject.on(event) }

    func asObservable() -> Observable<Element> {
        Observable.create { [self] observer in
            let index = subscriptions.count
            subscriptions.append(Subscription(time.clock))
            let subscription = subject.subscribe(observer)
            return Disposables.create { [weak self] in
                subscription.dispose()
                guard let self else { return }
                self.subscriptions[index] = Subscription(self.subscriptions[index].subscribe, self.time.clock)
            }
        }
    }
}
