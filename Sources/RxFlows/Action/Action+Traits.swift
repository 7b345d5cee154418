import RxCore

/// An action for a control that carries no input and whose work's elements do not
/// matter, such as a button (RxSwift's name for it).
public typealias CocoaAction = Action<Void, Void>

/// An action whose work only completes or fails; see ``Action/completions``.
public typealias CompletableAction<Input> = Action<Input, Never>

extension Action {
    /// An action whose work is any observable-convertible of the action's
    /// elements — a `Single` (one element or an error per execution), a `Maybe`
    /// (at most one), a `Completable` (for a ``CompletableAction``) — the seed's
    /// one generic initializer. An implicit member in the closure
    /// (`{ _ in .just(true) }`) has no type to name here, so it resolves to the
    /// Observable initializer, as in the seed.
    public convenience init<Work: ObservableConvertibleType>(enabledIf: Observable<Bool> = .just(true),
                                                             workFactory: @escaping (Input) -> Work)
    where Work.Element == Element {
        self.init(enabledIf: enabledIf, workFactory: { (input: Input) -> Observable<Element> in workFactory(input).asObservable() })
    }
}

extension Action where Element == Never {
    /// Emits once each time an execution's work completes successfully (failed
    /// executions show up on ``errors`` instead).
    public var completions: Observable<Void> {
        core.completionsSubject.asObservable()
    }
}
