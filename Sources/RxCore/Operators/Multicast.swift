import Synchronization

/// A sequence that shares one subscription to its source from `connect()` on.
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Subscribes the shared subject to the source; disposing the result disconnects.
    func connect() -> Disposable
}

/// A sequence that shares one subscription to its source among its subscribers,
/// from `connect()` until the connection is disposed. Thread-safe.
public final class ConnectableObservable<Element>: ConnectableObservableType, @unchecked Sendable {
    @usableFromInline
    internal struct Connection {
        @usableFromInline let id: UInt64
        @usableFromInline let subject: AnySubject<Element>
        @usableFromInline var subscription: Disposable?

        @inlinable init(id: UInt64, subject: AnySubject<Element>) {
            self.id = id
            self.subject = subject
        }
    }

    @usableFromInline
    internal struct State {
        @usableFromInline var subject: AnySubject<Element>?
        @usableFromInline var connection: Connection?
        @usableFromInline var nextID: UInt64 = 0
        /// A kept subject has received the source's terminal event.
        @usableFromInline var keptSubjectTerminated = false

        @inlinable init() {}
    }

    @usableFromInline internal let source: Observable<Element>
    @usableFromInline internal let makeSubject: () -> AnySubject<Element>
    /// A fixed subject (publish, replay) is kept across connections; a factory's
    /// subject (multicast(makeSubject:), share) is made anew for each connection.
    @usableFromInline internal let subjectPerConnection: Bool
    @usableFromInline internal let state = Locked(State())

    @inlinable
    internal init(source: Observable<Element>, subjectPerConnection: Bool, makeSubject: @escaping () -> AnySubject<Element>) {
        Resources.incrementTotal()
        self.source = source
        self.subjectPerConnection = subjectPerConnection
        self.makeSubject = makeSubject
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func currentSubject() -> AnySubject<Element> {
        let made = UncheckedSendable(makeSubject)
        return state.withLock { state in
            if let subject = state.subject { return subject }
            let subject = made.value()
            state.subject = subject
            return subject
        }
    }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    @inlinable
    public func asObservable() -> Observable<Element> {
        Observable { observer in self.currentSubject().observable.subscribeHandler(observer) }
    }

    /// Subscribes the shared subject to the source, if not already connected. The
    /// result disconnects; disposing it twice, or after another connection began, does nothing.
    ///
    /// The result holds this connectable until it is disposed, as RxSwift's
    /// connection does (and the connection's own subscription does while it runs).
    /// Not weakly: a weak reference gives an object a side table, and every
    /// retain and release of it then takes the run time's slow path.
    @inlinable @discardableResult
    public func connect() -> Disposable {
        let subject = currentSubject()
        let id = state.withLock { state -> UInt64? in
            guard state.connection == nil else { return nil }
            state.nextID += 1
            state.connection = Connection(id: state.nextID, subject: subject)
            return state.nextID
        }
        guard let id else {
            return state.withLock { state in
                let id = state.connection?.id ?? 0
                return AnonymousDisposable { self.disconnect(id) }
            }
        }
        let subscription = SingleAssignmentDisposable()
        let stored = state.withLock { state -> Bool in
            guard state.connection?.id == id else { return false }
            state.connection?.subscription = subscription
            return true
        }
        if stored {
            let link = ConnectionLink(connectable: self, id: id, subject: subject.observer)
            source.run(AnyObserver(eventHandler: link.on), into: subscription)
        }
        return AnonymousDisposable { self.disconnect(id) }
    }

    /// The source ended: its subscription is released, and a per-connection
    /// subject is dropped so that the next connection starts afresh.
    @inlinable
    internal func connectionEnded(_ id: UInt64) {
        let subscription = state.withLock { state -> Disposable? in
            // Read and taken in place: a copy of the connection is a copy of its
            // subject and of an existential.
            guard state.connection?.id == id else { return nil }
            let subscription = state.connection?.subscription.take()
            state.connection = nil
            if subjectPerConnection { state.subject = nil } else { state.keptSubjectTerminated = true }
            return subscription ?? nil
        }
        subscription?.dispose()
    }

    /// The subject is kept across connections (publish, replay, share forever) and has
    /// ended: a new subscriber hears that end (and any replay) and connects nothing,
    /// even while the subject is still telling its other subscribers.
    @inlinable
    internal var hasEndedForGood: Bool {
        state.withLock { $0.keptSubjectTerminated }
    }

    @inlinable
    internal func disconnect(_ id: UInt64) {
        let subscription = state.withLock { state -> Disposable? in
            guard state.connection?.id == id else { return nil }
            let subscription = state.connection?.subscription.take()
            state.connection = nil
            if subjectPerConnection { state.subject = nil }
            return subscription ?? nil
        }
        subscription?.dispose()
    }

}

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last leaves.
    @inlinable
    public func refCount() -> Observable<Element> {
        let counter = RefCounter(connectable: self)
        return Observable { observer in counter.subscribe(observer) }
    }
}

/// The reference counting behind `refCount()`.
@usableFromInline
internal final class RefCounter<Element>: @unchecked Sendable {
    @usableFromInline
    internal struct State {
        @usableFromInline var count = 0
        @usableFromInline var connection: Disposable?
        /// Which connection the current subscribers share; a new one starts after
        /// the source ends.
        @usableFromInline var connectionID: UInt64 = 0

        @inlinable init() {}
    }

    @usableFromInline internal let subscribeToSubject: (__owned AnyObserver<Element>) -> Disposable
    @usableFromInline internal let connect: () -> Disposable
    @usableFromInline internal let hasEndedForGood: () -> Bool
    @usableFromInline internal let state = Locked(State())

    @inlinable
    internal init<Connectable: ConnectableObservableType>(connectable: Connectable) where Connectable.Element == Element {
        let observable = connectable.asObservable()
        subscribeToSubject = observable.subscribeHandler
        connect = connectable.connect
        // Only this package's connectable knows whether its kept subject has ended.
        let own = connectable as? ConnectableObservable<Element>
        hasEndedForGood = { own?.hasEndedForGood ?? false }
    }

    @inlinable
    internal func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let joined = state.withLock { $0.connectionID }
        let member = RefCountMember(counter: self, observer: observer, joined: joined)
        let subscription = subscribeToSubject(AnyObserver(eventHandler: member.on))
        // A subject that already terminated (share(scope: .forever), publish) sends its
        // terminal event during the subscription; that subscriber is done, and, as in
        // RxSwift, must not connect the source again.
        if member.ended.load(ordering: .acquiring) || hasEndedForGood() { return subscription }
        let first = state.withLock { state -> Bool? in
            guard state.connectionID == joined else { return nil }
            state.count += 1
            return state.count == 1
        }
        if first == true {
            let connection = connect()
            let keep = state.withLock { state -> Bool in
                guard state.connectionID == joined, state.count > 0 else { return false }
                state.connection = connection
                return true
            }
            if !keep { connection.dispose() }
        }
        return AnonymousDisposable { [self] in
            subscription.dispose()
            leave(joined)
        }
    }

    /// A subscriber of connection `joined` left: the last one disconnects.
    @inlinable
    internal func leave(_ joined: UInt64) {
        let connection = state.withLock { state -> Disposable? in
            guard state.connectionID == joined, state.count > 0 else { return nil }
            state.count -= 1
            guard state.count == 0 else { return nil }
            return state.connection.take()
        }
        connection?.dispose()
    }

    @inlinable
    internal func connectionEnded(_ id: UInt64) {
        let connection = state.withLock { state -> Disposable? in
            guard state.connectionID == id else { return nil }
            state.connectionID &+= 1
            state.count = 0
            return state.connection.take()
        }
        connection?.dispose()
    }
}

/// The source's observer for one connection of a `ConnectableObservable`: it
/// passes the events to the shared subject. An object rather than a closure, so
/// that the observer's context is the object itself.
@usableFromInline
internal final class ConnectionLink<Element>: @unchecked Sendable {
    @usableFromInline internal let connectable: ConnectableObservable<Element>
    @usableFromInline internal let id: UInt64
    @usableFromInline internal let subject: AnyObserver<Element>

    @inlinable
    internal init(connectable: ConnectableObservable<Element>, id: UInt64, subject: AnyObserver<Element>) {
        self.connectable = connectable
        self.id = id
        self.subject = subject
    }

    @inlinable
    internal func on(_ event: Event<Element>) {
        // As in RxSwift, the connection ends before its subscribers hear the
        // terminal event: one that subscribes again from its onCompleted or
        // onError starts a new connection (with a new subject, if made per
        // connection) instead of hearing the old end.
        if event.isStopEvent { connectable.connectionEnded(id) }
        subject.on(event)
    }
}

/// One subscriber of a `refCount`, as the subject's observer: it forwards the
/// events and notes the source's end. One object where a box for the flag and a
/// closure were two allocations.
@usableFromInline
internal final class RefCountMember<Element>: @unchecked Sendable {
    @usableFromInline internal let counter: RefCounter<Element>
    @usableFromInline internal let observer: AnyObserver<Element>
    /// The connection this subscriber counts in.
    @usableFromInline internal let joined: UInt64
    /// Set once the subject has sent its terminal event to this subscriber.
    @usableFromInline internal let ended = Atomic<Bool>(false)

    @inlinable
    internal init(counter: RefCounter<Element>, observer: AnyObserver<Element>, joined: UInt64) {
        self.counter = counter
        self.observer = observer
        self.joined = joined
    }

    @inlinable
    internal func on(_ event: Event<Element>) {
        if event.isStopEvent {
            ended.store(true, ordering: .releasing)
            // The source ended: the count starts again from nothing, before the
            // subscriber hears it, so that subscribing from its onCompleted
            // connects anew (RxSwift's refCount does the same).
            counter.connectionEnded(joined)
        }
        observer.on(event)
    }
}

/// A subject seen as its two halves, for multicasting.
public struct AnySubject<Element>: @unchecked Sendable {
    public let observer: AnyObserver<Element>
    public let observable: Observable<Element>

    @inlinable
    public init<Subject: SubjectType>(_ subject: Subject) where Subject.Element == Element, Subject.Observer.Element == Element {
        observer = subject.asObserver().asObserver()
        observable = subject.asObservable()
    }
}

/// How long `share` keeps its shared subject.
public enum SubjectLifetimeScope: Sendable {
    /// A new subject for each connection: after the source ends, or all subscribers
    /// leave, the next subscriber subscribes to the source again.
    case whileConnected
    /// One subject forever: later subscribers see what it recorded, including a terminal event.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all subscribers, replaying the
    /// latest `replay` elements to each new one.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        let makeSubject: () -> AnySubject<Element> = {
            replay == 0 ? AnySubject(PublishSubject<Element>()) : AnySubject(ReplaySubject<Element>.create(bufferSize: replay))
        }
        return ConnectableObservable(source: asObservable(), subjectPerConnection: scope == .whileConnected, makeSubject: makeSubject).refCount()
    }

    /// A connectable sequence that multicasts through a `PublishSubject`, a new one
    /// for each connection, as in RxSwift: after a disconnection, earlier subscribers
    /// hear nothing more.
    @inlinable
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// A connectable sequence that multicasts through a `ReplaySubject` of
    /// `bufferSize`, a new one for each connection, as in RxSwift.
    @inlinable
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// A connectable sequence that multicasts through a `ReplaySubject` that keeps
    /// every element, a new one for each connection, as in RxSwift.
    @inlinable
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }

    /// A connectable sequence that multicasts through `subject`.
    @inlinable
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Element> where Subject.Element == Element, Subject.Observer.Element == Element {
        let shared = AnySubject(subject)
        return ConnectableObservable(source: asObservable(), subjectPerConnection: false) { shared }
    }

    /// For each subscription, a new subject from `makeSubject` shares one run of
    /// this sequence among every use of it inside `selector`; the result is what
    /// `selector` makes of it.
    @inlinable
    public func multicast<Subject: SubjectType, Result>(
        _ makeSubject: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Element == Element, Subject.Observer.Element == Element {
        let source = asObservable()
        return Observable<Result> { observer in
            let connectable: ConnectableObservable<Element>
            let result: Observable<Result>
            do {
                let shared = AnySubject(try makeSubject())
                connectable = ConnectableObservable(source: source, subjectPerConnection: false) { shared }
                result = try selector(connectable.asObservable())
            } catch {
                observer.on(.error(error))
                return NopDisposable()
            }
            let slot = SingleAssignmentDisposable()
            result.run(observer, into: slot)
            return BinaryDisposable(slot, connectable.connect())
        }
    }

    /// A connectable sequence that multicasts through a new subject per connection.
    @inlinable
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject) -> ConnectableObservable<Element> where Subject.Element == Element, Subject.Observer.Element == Element {
        ConnectableObservable(source: asObservable(), subjectPerConnection: true) { AnySubject(makeSubject()) }
    }
}
