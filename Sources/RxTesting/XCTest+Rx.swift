import RxCore
import XCTest

// Assertions over the outcomes of traits, whose events have no `==` of their own
// (`SingleEvent` is a `Result` with any error), as RxTest has them. Errors compare
// as `Event`'s do: same type, and equal or printing the same.

/// Asserts that two timelines are equal. (XCTest's own `XCTAssertEqual` compares them
/// too; this one, as RxTest's, gives the literal on the right its type.)
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}

/// Asserts that two lists of events are equal.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}

/// Asserts that two lists of `Single` outcomes are equal.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    let equal = lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { singleEventsAreEqual($0, $1) }
    XCTAssertTrue(equal, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}

/// Asserts that two lists of `Maybe` outcomes are equal.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}

/// Asserts that two lists of `Completable` outcomes are equal.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}

private func singleEventsAreEqual<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case let (.success(l), .success(r)): return l == r
    case let (.failure(l), .failure(r)): return errorsAreEqual(l, r)
    default: return false
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    public static func == (lhs: MaybeEvent, rhs: MaybeEvent) -> Bool {
        switch (lhs, rhs) {
        case let (.success(l), .success(r)): return l == r
        case let (.error(l), .error(r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension CompletableEvent: Equatable {
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case let (.error(l), .error(r)): return errorsAreEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
