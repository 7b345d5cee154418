/// One event of a sequence: the grammar is `next* (error | completed)?`.
/// A value type: safe to pass between threads when its element is.
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(Swift.Error)
    /// The sequence ended normally; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
    /// True for `error` and `completed`.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The element of a `next` event.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event.
    @inlinable
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// True for `completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next` event; a throwing transform turns it into `error`.
    @inlinable
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

/// Events compare equal when their elements are equal; errors compare equal when
/// they are of the same type and either `==` (for `Equatable` errors) or print the same.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.next(l), .next(r)): return l == r
        case let (.error(l), .error(r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
}

/// Compares two errors as tests want to: same dynamic type and same value.
public func errorsAreEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let equatable = lhs as? any Equatable, equalsOpened(equatable, rhs) { return true }
    return String(reflecting: lhs) == String(reflecting: rhs)
}

private func equalsOpened<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
}
