extension ObservableType {
    /// Runs side effects on each event, subscription and disposal without changing the
    /// sequence. A throwing `onNext`/`onError`/`onCompleted` ends the sequence with its error.
    /// `onSubscribe` runs before subscribing upstream, `onSubscribed` after, `onDispose`
    /// when the subscription ends for any reason.
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        let hasAfterStopHandler = afterError != nil || afterCompleted != nil
        return Observable { observer in
            onSubscribe?()
            let stopped = OperatorState(false)
            // Only needed when an after-handler could otherwise run after disposal.
            let disposer = hasAfterStopHandler ? DoDisposer(onDispose: onDispose) : nil
            let subscription = source.subscribeHandler(AnyObserver { event in
                guard !stopped.value else { return }
                if event.isStopEvent { stopped.value = true }
                // A throwing "before" handler replaces the event with its error.
                do {
                    switch event {
                    case .next(let element): try onNext?(element)
                    case .error(let error): try onError?(error)
                    case .completed: try onCompleted?()
                    }
                } catch {
                    stopped.value = true
                    observer.on(.error(error))
                    return
                }
                if event.isStopEvent { disposer?.beginTerminalDelivery() }
                defer { if event.isStopEvent { disposer?.endTerminalDelivery() } }
                observer.on(event)
                // A throwing "after" handler ends the sequence, unless it already ended.
                do {
                    switch event {
                    case .next(let element): try afterNext?(element)
                    case .error(let error): try afterError?(error)
                    case .completed: try afterCompleted?()
                    }
                } catch {
                    if !event.isStopEvent {
                        stopped.value = true
                        observer.on(.error(error))
                    }
                }
            })
            onSubscribed?()
            if let disposer {
                disposer.upstream.setDisposable(subscription)
                return disposer
            }
            guard let onDispose else { return subscription }
            return BinaryDisposable(subscription, AnonymousDisposable(onDispose))
        }
    }

    /// Prints every event, subscription and disposal, prefixed with `identifier`.
    public func debug(_ identifier: String = "debug", trimOutput: Bool = false) -> Observable<Element> {
        func log(_ message: String) {
            let text = trimOutput && message.count > 80 ? String(message.prefix(80)) + "…" : message
            print("\(identifier) -> \(text)")
        }
        return self.do(
            onNext: { log("next(\($0))") },
            onError: { log("error(\($0))") },
            onCompleted: { log("completed") },
            onSubscribe: { log("subscribed") },
            onDispose: { log("isDisposed") }
        )
    }
}

/// The disposable of a `do` with an `afterError`/`afterCompleted` handler.
///
/// A subscriber disposes the whole chain from inside the delivery of a terminal
/// event; without this, `do` would dispose its source and run `onDispose` before
/// its after-handler. A disposal asked on the delivering thread while the terminal
/// event is being delivered is therefore held until the after-handler has run, as
/// in RxSwift. Disposal from any other thread happens at once.
@usableFromInline
internal final class DoDisposer: Disposable, @unchecked Sendable {
    @usableFromInline internal let upstream = SingleAssignmentDisposable()
    @usableFromInline internal let onDispose: (() -> Void)?
    /// The thread delivering a terminal event (0 if none), whether disposal was
    /// asked meanwhile, and whether disposal has happened.
    @usableFromInline internal let state = Locked<(thread: UInt, pending: Bool, disposed: Bool)>((0, false, false))

    @usableFromInline
    internal init(onDispose: (() -> Void)?) {
        Resources.incrementTotal()
        self.onDispose = onDispose
    }

    deinit { Resources.decrementTotal() }

    @inlinable
    internal func beginTerminalDelivery() {
        let thread = currentThreadIdentity()
        state.withLock { $0.thread = thread }
    }

    @inlinable
    internal func endTerminalDelivery() {
        let pending = state.withLock { state -> Bool in
            state.thread = 0
            return state.pending
        }
        if pending { dispose() }
    }

    @usableFromInline
    internal func dispose() {
        let thread = currentThreadIdentity()
        let proceed = state.withLock { state -> Bool in
            if state.disposed { return false }
            if state.thread == thread {
                state.pending = true
                return false
            }
            state.disposed = true
            return true
        }
        guard proceed else { return }
        upstream.dispose()
        onDispose?()
    }
}
