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
        return Observable { observer in
            onSubscribe?()
            var stopped = false
            let subscription = source.subscribeHandler(AnyObserver { event in
                guard !stopped else { return }
                if event.isStopEvent { stopped = true }
                // A throwing "before" handler replaces the event with its error.
                do {
                    switch event {
                    case .next(let element): try onNext?(element)
                    case .error(let error): try onError?(error)
                    case .completed: try onCompleted?()
                    }
                } catch {
                    stopped = true
                    observer.on(.error(error))
                    return
                }
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
                        stopped = true
                        observer.on(.error(error))
                    }
                }
            })
            onSubscribed?()
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
