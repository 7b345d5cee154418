/// Carries a value across a concurrency boundary that the compiler cannot check.
///
/// The reactive core follows RxSwift: the closures users hand to operators are not
/// required to be `@Sendable`, and the core guarantees that it calls them serially
/// (the grammar contract). Where the core itself hops threads (schedulers,
/// `subscribe(on:)`) it wraps values in this box. Each use is a place where the
/// serial-delivery contract, not the type system, makes the access safe.
@frozen
public struct UncheckedSendable<Value>: @unchecked Sendable {
    public var value: Value
    @inlinable public init(_ value: Value) { self.value = value }
}
