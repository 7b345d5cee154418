/// Identity between an `Observable` and an object.
///
/// In RxSwift `Observable` is a class, and `asObservable()` on a subject or any other
/// source object returns a different object, so that callers cannot cast it back and
/// reach the source (`XCTAssert(subject.asObservable() !== subject)`). RxCore's
/// `Observable` is a value: it is never the object it was made from, and cannot be cast
/// to it. These operators say so, so that code comparing the two compiles and reads
/// as it does with RxSwift.

/// Whether an observable is the object `rhs`: never, an `Observable` being a value.
@inlinable
public func === <Element>(lhs: Observable<Element>, rhs: AnyObject?) -> Bool { false }

/// Whether the object `lhs` is the observable `rhs`: never, an `Observable` being a value.
@inlinable
public func === <Element>(lhs: AnyObject?, rhs: Observable<Element>) -> Bool { false }

/// Whether an observable is not the object `rhs`: always.
@inlinable
public func !== <Element>(lhs: Observable<Element>, rhs: AnyObject?) -> Bool { true }

/// Whether the object `lhs` is not the observable `rhs`: always.
@inlinable
public func !== <Element>(lhs: AnyObject?, rhs: Observable<Element>) -> Bool { true }
