import RxCore

/// Records every event it receives with the virtual time it arrived at.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    private unowned let scheduler: TestScheduler
    /// What was received, in order.
    public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}

/// A test observable that records its subscriptions.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The recorded events it emits.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// Every subscription, with its subscribe and unsubscribe times.
    public internal(set) var subscriptions: [Subscription] = []
    unowned let scheduler: TestScheduler

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = events
    }

    /// Subscribed directly, as RxTest's are, the subscription ends only when it is
    /// disposed, whatever the test observable emits.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        attach(AnyObserver(observer))
    }

    public func asObservable() -> Observable<Element> {
        // Through `create`, as RxTest's default `asObservable()` is: an operator's
        // subscription ends at the test observable's own terminal event.
        Observable.create { [self] observer in self.attach(observer) }
    }

    func attach(_ observer: AnyObserver<Element>) -> Disposable {
        fatalError("subclass responsibility")
    }

    func recordSubscription() -> Int {
        subscriptions.append(Subscription(scheduler.clock))
        return subscriptions.count - 1
    }

    func recordUnsubscription(_ index: Int) {
        subscriptions[index] = Subscription(subscriptions[index].subscribe, scheduler.clock)
    }
}

final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    override init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        super.init(scheduler: scheduler, events: events)
        for recorded in events {
            scheduler.scheduleAt(recorded.time) { [weak self] in
                guard let self else { return }
                for key in self.observers.keys.sorted() {
                    self.observers[key]?.on(recorded.value)
                }
            }
        }
    }

    override func attach(_ observer: AnyObserver<Element>) -> Disposable {
        let key = nextKey
        nextKey += 1
        observers[key] = observer
        let index = recordSubscription()
        return Disposables.create { [weak self] in
            guard let self else { return }
            self.observers[key] = nil
            self.recordUnsubscription(index)
        }
    }
}

final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func attach(_ observer: AnyObserver<Element>) -> Disposable {
        let index = recordSubscription()
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            let time = scheduler.clock + recorded.time
            scheduled.insert(scheduler.scheduleAbsolute((), time: time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            })
        }
        return Disposables.create { [weak self] in
            scheduled.dispose()
            self?.recordUnsubscription(index)
        }
    }
}
