/// Something that receives the events of a sequence.
///
/// Observers are called serially: the core never delivers two events to the same
/// observer at once, and never delivers anything after a terminal event.
public protocol ObserverType {
    associatedtype Element
    func on(_ event: Event<Element>)
}

extension ObserverType {
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }
    @inlinable public func onCompleted() { on(.completed) }
    @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// Erases the observer's type.
    @inlinable public func asObserver() -> AnyObserver<Element> {
        if let observer = self as? AnyObserver<Element> { return observer }
        return AnyObserver(eventHandler: self.on)
    }

    /// An observer that transforms elements before handing them to this one.
    @inlinable
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

/// A type-erased observer: a function from events to nothing.
///
/// Calling it is one indirect call; the core passes observers between operators
/// in this form so that event delivery never needs generic metadata.
///
/// Threads: an observer the core hands out (`Observable.create`'s, a subject's
/// `asObserver()`) may be called from any thread; the core serializes the calls.
/// An observer you write is called serially, never concurrently.
@frozen
public struct AnyObserver<Element>: ObserverType {
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline
    internal let eventHandler: EventHandler

    @inlinable
    public init(eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
    }

    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let erased = observer as? AnyObserver<Element> {
            self = erased
        } else {
            self.eventHandler = observer.on
        }
    }

    @inlinable @inline(__always)
    public func on(_ event: Event<Element>) {
        eventHandler(event)
    }
}

/// Lets a value-type observer be passed where `Sendable` is demanded; see
/// ``UncheckedSendable`` for why the core needs it.
extension AnyObserver: @unchecked Sendable {}
