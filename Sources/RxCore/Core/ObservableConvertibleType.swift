/// Anything that can be turned into an `Observable`: observables, traits, subjects.
/// The conversion is allowed from any thread.
public protocol ObservableConvertibleType<Element> {
    associatedtype Element
    func asObservable() -> Observable<Element>
}

extension Observable: ObservableConvertibleType {}
extension PrimitiveSequence: ObservableConvertibleType {}
