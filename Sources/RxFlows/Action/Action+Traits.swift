import RxCore

/// An action for a control that carries no input and whose work's elements do not
/// matter, such as a button (RxSwift's name for it).
public typealias CocoaAction = Action<Void, Void>

/// An action whose work only completes or fails; see ``Action/completions``.
public typealias CompletableAction<Input> = Action<Input, Never>

extension Action {
    /// An action whose work is a `Single`: each execution yields one element or an error.
    public convenience init(enabledIf: Observable<Bool> = .just(true), workFactory: @escaping (Input) -> Single<Element>) {
        self.init(enabledIf: enabledIf, workFactory: { (input: Input) -> Observable<Element> in workFactory(input).asObservable() })
    }

    /// An action whose work is a `Maybe`: each execution yields at most one element.
    public convenience init(enabledIf: Observable<Bool> = .just(true), workFactory: @escaping (Input) -> Maybe<Element>) {
        self.init(enabledIf: enabledIf, workFactory: { (input: Input) -> Observable<Element> in workFactory(input).asObservable() })
    }
}

extension Action where Element == Never {
    /// An action whose work is a `Completable`.
    public convenience init(enabledIf: Observable<Bool> = .just(true), workFactory: @escaping (Input) -> Completable) {
        self.init(enabledIf: enabledIf, workFactory: { (input: Input) -> Observable<Never> in workFactory(input).asObservable() })
    }

    /// Emits once each time an execution's work completes successfully (failed
    /// executions show up on ``errors`` instead).
    public var completions: Observable<Void> {
        core.completionsSubject.asObservable()
    }
}
