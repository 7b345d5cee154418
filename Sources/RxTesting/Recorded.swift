import RxCore

/// Virtual time, in ticks.
public typealias TestTime = Int

/// A value recorded at a virtual time. A value type: safe to pass between threads
/// when its value is.
public struct Recorded<Value>: CustomDebugStringConvertible {
    public let time: TestTime
    public let value: Value

    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

/// Factories that read like a timeline: `.next(210, 1)`, `.completed(300)`.
extension Recorded {
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    public static func error<Element>(_ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }
}

/// A timeline written out where type inference needs the help:
/// `Recorded.events(.next(210, 1), .completed(250))`.
extension Recorded {
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        recordedEvents
    }

    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        recordedEvents
    }
}

/// The span during which an observer was subscribed to a test observable.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// Virtual time of the subscription.
    public let subscribe: TestTime
    /// Virtual time of the disposal; `TestTime.max` while still subscribed.
    public let unsubscribe: TestTime

    public init(_ subscribe: TestTime, _ unsubscribe: TestTime = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var debugDescription: String {
        unsubscribe == .max ? "(\(subscribe) : ∞)" : "(\(subscribe) : \(unsubscribe))"
    }
}

/// A simple error for tests.
public struct TestError: Swift.Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String = "test error") { self.name = name }
    public var description: String { "TestError(\(name))" }
}
