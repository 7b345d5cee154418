/// A namespace for reactive extensions of a type, reached as `value.rx`, as in
/// RxSwift: `extension Reactive where Base: MyView { var title: Binder<String> {…} }`.
///
/// For a class, every writable property is a `Binder` through dynamic member lookup:
/// `observable.bind(to: object.rx.title)` sets `object.title` on the main scheduler.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The value the extensions act on.
    public let base: Base

    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of `base`.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type with reactive extensions under `.rx`. Conform and extend `Reactive`.
public protocol ReactiveCompatible {
    associatedtype ReactiveBase

    static var rx: Reactive<ReactiveBase>.Type { get set }

    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // Settable so that `object.rx.property = value` compiles for mutating
        // extensions; there is nothing to store.
        set {}
    }

    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}
