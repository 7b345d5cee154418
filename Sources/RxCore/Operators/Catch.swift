extension ObservableType {
    /// On error, continues with the sequence `handler` returns for it.
    @inlinable
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let subscription = SerialDisposable()
            let stopped = OperatorState(false)
            let upstream = SingleAssignmentDisposable()
            subscription.disposable = upstream
            source.run(AnyObserver { event in
                guard !stopped.value else { return }
                guard case .error(let error) = event else {
                    if event.isStopEvent { stopped.value = true }
                    observer.on(event)
                    return
                }
                stopped.value = true
                let fallback: Observable<Element>
                do { fallback = try handler(error) } catch {
                    observer.on(.error(error))
                    return
                }
                let next = SingleAssignmentDisposable()
                subscription.disposable = next
                fallback.run(observer, into: next)
            }, into: upstream)
            return subscription
        }
    }

    /// On error, emits `element` and completes.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }

    /// Resubscribes after every error, forever.
    @inlinable
    public func retry() -> Observable<Element> {
        retry(when: { errors in errors.map { _ in () } })
    }

    /// Resubscribes after an error, subscribing at most `maxAttemptCount` times in
    /// all; the last error goes downstream.
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry: maxAttemptCount must not be negative")
        let source = asObservable()
        return Observable { observer in
            if maxAttemptCount == 0 {
                observer.on(.completed)
                return NopDisposable()
            }
            let subscription = SerialDisposable()
            let attempts = OperatorState(0)
            // Resubscribing happens on the trampoline, so that a source failing at once
            // retries in a loop, not by recursion.
            func attempt() {
                attempts.value += 1
                let current = SingleAssignmentDisposable()
                subscription.disposable = current
                source.run(AnyObserver { event in
                    if case .error = event, attempts.value < maxAttemptCount, !subscription.isDisposed {
                        _ = CurrentThreadScheduler.instance.schedule { attempt() }
                    } else {
                        observer.on(event)
                    }
                }, into: current)
            }
            attempt()
            return subscription
        }
    }

    /// Resubscribes after an error when `notificationHandler`'s sequence emits; ends
    /// when it completes or fails.
    @inlinable
    public func retry<Trigger: ObservableConvertibleType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> Observable<Element> {
        retryWhen(Swift.Error.self, notificationHandler)
    }

    /// Resubscribes after an error of type `Failure` when `notificationHandler`'s
    /// sequence emits; ends when it completes or fails. Errors of other types go
    /// downstream at once.
    @inlinable
    public func retry<Trigger: ObservableConvertibleType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> Observable<Element> {
        retryWhen(Failure.self, notificationHandler)
    }

    // As in RxSwift, the handler's sequence is subscribed once, into a subject that
    // only a failed attempt listens to: a trigger counts only after an error, and a
    // handler that ended before the error ends the result at that error, not before.
    @inlinable
    internal func retryWhen<Trigger: ObservableConvertibleType, Failure: Swift.Error>(
        _: Failure.Type, _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let errors = PublishSubject<Failure>()
            let notifier = PublishSubject<Trigger.Element>()
            let attempt = SerialDisposable()
            let listening = SerialDisposable()
            let handler = SingleAssignmentDisposable()
            let stopped = OperatorState(false)
            func stop(_ event: Event<Element>) {
                stopped.value = true
                observer.on(event)
            }
            func subscribeSource() {
                // Starting an attempt ends the previous failure's listening.
                listening.disposable = NopDisposable()
                let current = SingleAssignmentDisposable()
                attempt.disposable = current
                source.run(AnyObserver { event in
                    guard !stopped.value else { return }
                    guard case .error(let error) = event else {
                        if event.isStopEvent { stopped.value = true }
                        observer.on(event)
                        return
                    }
                    guard let failure = error as? Failure else { return stop(event) }
                    // The failed attempt is over: release it now rather than when
                    // the trigger starts the next one, which may be much later.
                    current.dispose()
                    var retried = false
                    listening.disposable = notifier.subscribe { trigger in
                        guard !stopped.value else { return }
                        switch trigger {
                        case .next:
                            guard !retried else { return }
                            retried = true
                            _ = CurrentThreadScheduler.instance.schedule { if !stopped.value { subscribeSource() } }
                        case .error(let error): stop(.error(error))
                        case .completed: stop(.completed)
                        }
                    }
                    errors.on(.next(failure))
                }, into: current)
            }
            notificationHandler(errors.asObservable()).asObservable().run(notifier.asObserver(), into: handler)
            subscribeSource()
            return CompositeDisposable(disposables: [attempt, listening, handler])
        }
    }
}

extension Observable {
    /// On error, continues with the next sequence of `sequence`, taken only when
    /// needed (it may be endless); the last one's error goes downstream, and an empty
    /// `sequence` completes at once.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable { observer in
            let remaining = OperatorState(sequence.makeIterator())
            let current = SerialDisposable()
            func subscribe(_ source: Observable<Element>) {
                let slot = SingleAssignmentDisposable()
                current.disposable = slot
                source.run(AnyObserver { event in
                    guard case .error(let error) = event else { return observer.on(event) }
                    // Without a next sequence, this error is the last.
                    guard let next = remaining.value.next() else { return observer.on(.error(error)) }
                    // On the trampoline, so that sources failing at once loop rather than recurse.
                    _ = CurrentThreadScheduler.instance.schedule { if !current.isDisposed { subscribe(next) } }
                }, into: slot)
            }
            if let first = remaining.value.next() { subscribe(first) } else { observer.on(.completed) }
            return current
        }
    }
}
