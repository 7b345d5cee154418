/// An observer that sets something on an object: each element is handed, with the
/// object, to a binding closure run on a scheduler (`MainScheduler.instance` unless
/// told otherwise), as in RxSwift.
///
/// The object is held weakly: once it is gone, elements are dropped. Completion is
/// ignored. An error is a programming mistake (what is bound must not fail) and goes
/// to `Hooks.defaultErrorHandler`, which prints it in debug builds.
///
/// Thread-safe: send events from any thread; the binding runs on the scheduler.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler.instance,
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.defaultErrorHandler([], BindingError(underlying: error))
            case .completed:
                break
            }
        }
    }

    public func on(_ event: Event<Value>) {
        binding(event)
    }

    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}

/// The error a `Binder` was sent, as reported to `Hooks.defaultErrorHandler`.
public struct BindingError: Error, CustomStringConvertible {
    /// What the bound sequence failed with.
    public let underlying: Error

    public var description: String { "Binding error: \(underlying)" }
}

// Events may come from any thread: the binding closure only ever runs on the
// scheduler, the same contract as the closures given to operators.
extension Binder: @unchecked Sendable {}
