import RxCore

// The seed's factories: every style with every way of turning a choice into
// an observable. Generated in the same shape for `default`, `cancel` and
// `destructive`; each is documented once, on `default`.

extension DialogAction {
    // MARK: default

    /// Choosing it subscribes the observable `flatMap` returns for the text fields as they were when chosen.
    public static func `default`(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: flatMap)
    }

    /// Choosing it subscribes `flatMapTo`.
    public static func `default`(title: String, flatMapTo observable: Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: { _ in observable })
    }

    /// Choosing it emits `map` of the text fields as they were when chosen (an error it throws fails the dialog).
    public static func `default`(title: String, map: @escaping ([DialogTextFieldValue]) throws -> T) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: { fields in
            do { return .just(try map(fields)) } catch { return .error(error) }
        })
    }

    /// Choosing it emits `mapTo` (`flatMapTo: .just(mapTo)`).
    public static func `default`(title: String, mapTo value: T) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: { _ in .just(value) })
    }

    /// Choosing it fails with the error (`flatMapTo: .error(error)`).
    public static func `default`(title: String, throw error: Error) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: { _ in .error(error) })
    }

    /// Choosing it completes without a value (`flatMapTo: .empty()`).
    public static func `default`(title: String) -> DialogAction {
        DialogAction(title: title, style: .`default`, handler: { _ in .empty() })
    }

    // MARK: cancel

    public static func cancel(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: flatMap)
    }

    public static func cancel(title: String, flatMapTo observable: Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { _ in observable })
    }

    public static func cancel(title: String, map: @escaping ([DialogTextFieldValue]) throws -> T) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { fields in
            do { return .just(try map(fields)) } catch { return .error(error) }
        })
    }

    public static func cancel(title: String, mapTo value: T) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { _ in .just(value) })
    }

    public static func cancel(title: String, throw error: Error) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { _ in .error(error) })
    }

    public static func cancel(title: String) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { _ in .empty() })
    }

    // MARK: destructive

    public static func destructive(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: flatMap)
    }

    public static func destructive(title: String, flatMapTo observable: Observable<T>) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { _ in observable })
    }

    public static func destructive(title: String, map: @escaping ([DialogTextFieldValue]) throws -> T) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { fields in
            do { return .just(try map(fields)) } catch { return .error(error) }
        })
    }

    public static func destructive(title: String, mapTo value: T) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { _ in .just(value) })
    }

    public static func destructive(title: String, throw error: Error) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { _ in .error(error) })
    }

    public static func destructive(title: String) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { _ in .empty() })
    }

}
