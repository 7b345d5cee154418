import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide hooks, as in RxSwift: what happens to an error that reaches a
/// `subscribe(onNext:…)` without an `onError`, and whether subscriptions record
/// where they were made to say so. Safe to read and set from any thread.
public enum Hooks {
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    private struct Handlers: @unchecked Sendable {
        var defaultErrorHandler: DefaultErrorHandler = { callStack, error in
            #if DEBUG
            // On standard error, not output as RxSwift's: a program's standard output
            // is its own (rxmodal's JSON, a pipe).
            var message = "Unhandled error happened: \(error)\n"
            if !callStack.isEmpty { message += "subscription called from:\n\(callStack.joined(separator: "\n"))\n" }
            _ = message.withCString { write(2, $0, strlen($0)) }
            #endif
        }
        var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = { [] }
    }

    private static let handlers = Mutex(Handlers())
    private static let recordsCallStack = Atomic<Bool>(false)

    /// Called with every error no `onError` handles. Debug builds print it on
    /// standard error; release builds drop it.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handlers.withLock { $0.defaultErrorHandler } }
        set { handlers.withLock { $0.defaultErrorHandler = newValue } }
    }

    /// Gives the call stack that `recordCallStackOnError` records at each subscription.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { handlers.withLock { $0.customCaptureSubscriptionCallstack } }
        set { handlers.withLock { $0.customCaptureSubscriptionCallstack = newValue } }
    }

    /// Whether a subscription without `onError` records its call stack when made, for
    /// `defaultErrorHandler` to show. Off by default: it costs at every subscription.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.load(ordering: .relaxed) }
        set { recordsCallStack.store(newValue, ordering: .relaxed) }
    }

    /// The `onError` of a subscription that was given none, while
    /// `recordCallStackOnError` is on: it reports with the call stack recorded
    /// now. Nil otherwise: the subscription then reports through
    /// ``reportUnhandled(_:)``, and subscribing costs no closure.
    @usableFromInline
    internal static func callStackReporter() -> ((Swift.Error) -> Void)? {
        guard recordCallStackOnError else { return nil }
        return reporterWithCallStack()
    }

    /// Apart, so that the test above, made at every subscription, is a load and a
    /// return without saving the registers this needs.
    @inline(never)
    private static func reporterWithCallStack() -> (Swift.Error) -> Void {
        let callStack = customCaptureSubscriptionCallstack()
        return { error in defaultErrorHandler(callStack, error) }
    }

    /// Hands an error nobody handles to the handler set at the time it arrives.
    @usableFromInline
    internal static func reportUnhandled(_ error: Swift.Error) {
        defaultErrorHandler([], error)
    }
}
