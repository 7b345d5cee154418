import RxCore

/// Work to do later, on demand, one execution at a time, while a condition holds.
///
/// An action is made from a *work factory* — a closure that turns an input into an
/// observable of work — and an optional `enabledIf` condition. Each call to
/// ``execute(_:)`` (or each element sent to ``inputs``) either starts one execution,
/// calling the factory and subscribing to the work, or is rejected with
/// ``ActionError/notEnabled``. The action's streams aggregate every execution:
///
/// - ``elements``: the elements of every execution's work;
/// - ``errors``: ``ActionError`` values, never a terminal event;
/// - ``executing``: whether an execution is running (starts with `false`);
/// - ``enabled``: `!executing && latest(enabledIf)`, `false` until `enabledIf` emits;
/// - ``executionObservables``: one observable per accepted execution, replaying it.
///
/// **Lifetime.** The action owns the subscriptions to the work and to `enabledIf`.
/// Disposing what `execute` returned does not cancel the work; releasing the action
/// does: the work is disposed, a pending `execute` result fails with
/// `RxError.disposed(object: "Action")`, and the action's streams complete. (RxSwift's
/// Action leaves them open; completing them lets bindings end and free themselves.)
///
/// **Differences from RxSwift's Action**, deliberate:
/// - `enabled` only emits changes (RxSwift repeats a value when `enabledIf` repeats it).
/// - A rejected `execute` fails only its own result with `notEnabled`; a running
///   execution's result is never affected by another call.
/// - An execution ends (`executing` false, `enabled` true again) *before* its
///   `execute` result terminates, so a subscriber may execute again from its
///   completion handler.
/// - An error from `enabledIf` disables the action for good (RxSwift would fail `enabled`).
///
/// **Threads.** Thread-safe: execute from any thread. Events of one execution arrive
/// on the thread its work emits on; `enabled`/`executing` changes are delivered on
/// the thread that caused them. All streams of one action receive their events in
/// one global order; an `execute` call made from inside an observer of the action
/// (for example from an `enabled` observer) takes effect at once, and its events
/// are delivered after the event in progress.
public final class Action<Input, Element>: @unchecked Sendable {
    /// Makes the work for one execution.
    public typealias WorkFactory = (Input) -> Observable<Element>

    /// `!executing && latest(enabledIf)`; `false` until `enabledIf` has emitted.
    /// Replays its current value to each subscriber, then emits only changes.
    public let enabled: Observable<Bool>
    /// Whether an execution is running; replays its current value (initially `false`).
    public let executing: Observable<Bool>
    /// The elements of every execution, in order.
    public let elements: Observable<Element>
    /// `notEnabled` for each rejected call, `underlyingError` for each failed execution.
    public let errors: Observable<ActionError>
    /// The underlying errors of failed executions (the `underlyingError` cases of ``errors``).
    public let underlyingError: Observable<Swift.Error>
    /// One observable per accepted execution, sent when the execution starts. Each
    /// replays its execution's elements and its end (`completed`, or the work's own
    /// error, unwrapped) to any number of subscribers.
    public let executionObservables: Observable<Observable<Element>>

    let core: ActionCore<Element>
    /// The work factory the action was made with, public as in the seed. Calling
    /// it makes work outside the action: no execution, no `enabled` check.
    public let workFactory: WorkFactory

    /// An action whose executions run `workFactory(input)`, allowed while
    /// `enabledIf`'s latest value is true and no execution is running.
    ///
    /// `enabledIf` is subscribed at once and for the action's lifetime.
    public init(enabledIf: Observable<Bool> = .just(true), workFactory: @escaping WorkFactory) {
        self.workFactory = workFactory
        let core = ActionCore<Element>()
        self.core = core
        enabled = core.enabledSubject.asObservable()
        executing = core.executingSubject.asObservable()
        elements = core.elementsSubject.asObservable()
        errors = core.errorsSubject.asObservable()
        underlyingError = core.errorsSubject.compactMap { error -> Swift.Error? in
            if case .underlyingError(let underlying) = error { return underlying }
            return nil
        }
        executionObservables = core.executionsSubject.asObservable()
        core.conditionSubscription.setDisposable(enabledIf.subscribe { event in core.conditionEvent(event) })
    }

    deinit {
        core.release()
    }

    /// Executes the action with `input`, or rejects the call if the action is disabled.
    ///
    /// The result replays the whole execution to every subscriber, at any time:
    /// its elements then `completed`, or `error(ActionError.underlyingError(e))` when
    /// the work fails. A rejected call's result fails with `ActionError.notEnabled`
    /// (and `errors` emits `notEnabled`). The work runs once, whether the result is
    /// subscribed to zero or many times, and disposing a subscription to the result
    /// does not cancel the work.
    @discardableResult
    public func execute(_ input: Input) -> Observable<Element> {
        core.execute(input, workFactory: workFactory)
    }

    /// An observer that executes the action with each element it receives, ignoring
    /// `error` and `completed`. It does not retain the action.
    public var inputs: AnyObserver<Input> {
        AnyObserver { [weak self] event in
            guard case .next(let input) = event else { return }
            _ = self?.execute(input)
        }
    }
}

extension Action where Input == Void {
    /// Executes an action that takes no input; see ``execute(_:)``.
    @discardableResult
    public func execute() -> Observable<Element> {
        execute(())
    }
}

/// The state machine behind an ``Action``. It is a separate object so that the
/// subscriptions it keeps (to the work, to `enabledIf`) never retain the action:
/// releasing the action is what cancels them.
final class ActionCore<Element>: @unchecked Sendable {
    struct Execution {
        let subscription: SingleAssignmentDisposable
        let replay: ReplaySubject<Element>
    }

    struct State {
        /// The latest `enabledIf` value; nil until it emits.
        var condition: Bool?
        /// The running execution.
        var execution: Execution?
        /// The last value sent on `enabled`.
        var publishedEnabled = false
        var isReleased = false
    }

    let enabledSubject = BehaviorSubject<Bool>(value: false)
    let executingSubject = BehaviorSubject<Bool>(value: false)
    let elementsSubject = PublishSubject<Element>()
    let errorsSubject = PublishSubject<ActionError>()
    let executionsSubject = PublishSubject<Observable<Element>>()
    let completionsSubject = PublishSubject<Void>()
    let conditionSubscription = SingleAssignmentDisposable()
    private let state = SerialState(State())

    func execute<Input>(_ input: Input, workFactory: (Input) -> Observable<Element>) -> Observable<Element> {
        let replay = ReplaySubject<Element>.createUnbounded()
        let subscription = SingleAssignmentDisposable()
        let accepted = state.transition { state, outbox -> Bool in
            guard !state.isReleased, state.condition == true, state.execution == nil else {
                outbox.send { self.errorsSubject.onNext(.notEnabled) }
                return false
            }
            state.execution = Execution(subscription: subscription, replay: replay)
            outbox.send { self.executingSubject.onNext(true) }
            publishEnabled(&state, &outbox)
            outbox.send { self.executionsSubject.onNext(replay.catch { error in .error(ActionReleased.unwrap(error)) }) }
            return true
        }
        guard accepted else { return .error(ActionError.notEnabled) }
        // The factory and the work run outside the lock: they are the user's code.
        let work = workFactory(input)
        subscription.setDisposable(work.subscribe { event in self.workEvent(event, of: replay) })
        return replay.catch { error in
            .error(error is ActionReleased ? ActionReleased.unwrap(error) : ActionError.underlyingError(error))
        }
    }

    private func workEvent(_ event: Event<Element>, of replay: ReplaySubject<Element>) {
        let ended = state.transition { state, outbox -> Execution? in
            guard let execution = state.execution, execution.replay === replay else { return nil }
            switch event {
            case .next(let element):
                outbox.send {
                    self.elementsSubject.onNext(element)
                    replay.onNext(element)
                }
                return nil
            case .error(let error):
                state.execution = nil
                outbox.send { self.errorsSubject.onNext(.underlyingError(error)) }
                outbox.send { self.executingSubject.onNext(false) }
                publishEnabled(&state, &outbox)
                outbox.send { replay.onError(error) }
                return execution
            case .completed:
                state.execution = nil
                outbox.send { self.completionsSubject.onNext(()) }
                outbox.send { self.executingSubject.onNext(false) }
                publishEnabled(&state, &outbox)
                outbox.send { replay.onCompleted() }
                return execution
            }
        }
        // The work has ended; disposing its (finished) subscription now, rather than
        // letting it be freed, also works around RxCore's disposables not releasing
        // what they hold when freed undisposed.
        ended?.subscription.dispose()
    }

    func conditionEvent(_ event: Event<Bool>) {
        state.transition { state, outbox in
            guard !state.isReleased else { return }
            switch event {
            case .next(let value): state.condition = value
            case .error: state.condition = false
            case .completed: return
            }
            publishEnabled(&state, &outbox)
        }
    }

    private func publishEnabled(_ state: inout State, _ outbox: inout SerialState<State>.Outbox) {
        let enabled = !state.isReleased && state.condition == true && state.execution == nil
        guard enabled != state.publishedEnabled else { return }
        state.publishedEnabled = enabled
        outbox.send { self.enabledSubject.onNext(enabled) }
    }

    /// Called when the action is released: cancels the work and ends every stream.
    func release() {
        conditionSubscription.dispose()
        let execution = state.transition { state, _ -> Execution? in
            state.isReleased = true
            defer { state.execution = nil }
            return state.execution
        }
        execution?.subscription.dispose()
        state.transition { _, outbox in
            outbox.send {
                execution?.replay.onError(ActionReleased())
                self.enabledSubject.onCompleted()
                self.executingSubject.onCompleted()
                self.elementsSubject.onCompleted()
                self.errorsSubject.onCompleted()
                self.executionsSubject.onCompleted()
                self.completionsSubject.onCompleted()
            }
        }
    }
}

/// Ends a running execution's replay when its action is released, so that the
/// results of `execute` can tell it from an error of the work itself.
private struct ActionReleased: Swift.Error {
    static func unwrap(_ error: Swift.Error) -> Swift.Error {
        error is ActionReleased ? RxError.disposed(object: "Action") : error
    }
}
