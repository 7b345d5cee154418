/// The subscriber of `Maybe.subscribe(onSuccess:onError:onCompleted:onDisposed:)`:
/// one object holding the three outcomes and whether the success came, whose `on`
/// is the sink's handler. The object is then the handler's only capture, so its
/// context: subscribing allocates it alone, not a box for the flag and a context
/// for each of the two closures that shared it.
///
/// Only the sink it is given to calls `on`, one event at a time.
@usableFromInline
internal final class MaybeSubscriber<Element>: @unchecked Sendable {
    @usableFromInline internal let onSuccess: ((Element) -> Void)?
    /// Nil sends errors to `Hooks.defaultErrorHandler`.
    @usableFromInline internal let onError: ((Swift.Error) -> Void)?
    @usableFromInline internal let onCompleted: (() -> Void)?
    /// A `Maybe`'s success is its element followed by completion, which must not
    /// also be reported as completion without one.
    @exclusivity(unchecked) @usableFromInline internal var succeeded = false

    @inlinable
    internal init(onSuccess: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?) {
        self.onSuccess = onSuccess
        self.onError = onError
        self.onCompleted = onCompleted
    }

    @inlinable
    internal func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            succeeded = true
            onSuccess?(element)
        case .error(let error):
            if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
        case .completed:
            if !succeeded { onCompleted?() }
        }
    }
}
