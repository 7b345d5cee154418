import RxCore

// The seed's `flatMap:`/`flatMapTo:` take any observable-convertible of the
// dialog's element (a Single, a Maybe), not only an Observable. The Observable
// overloads in DialogAction+Factories.swift stay, so that an implicit member
// (`flatMapTo: .just(x)`) still has a type to resolve against.

extension DialogAction {
    /// Choosing it subscribes `source` (a `Single`, a `Maybe`, …).
    public static func `default`<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction
    where Source.Element == T {
        DialogAction(title: title, style: .default, handler: { _ in source.asObservable() })
    }

    /// Choosing it subscribes what `flatMap` returns for the text fields as they were when chosen.
    public static func `default`<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source)
    -> DialogAction where Source.Element == T {
        DialogAction(title: title, style: .default, handler: { flatMap($0).asObservable() })
    }

    public static func cancel<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction
    where Source.Element == T {
        DialogAction(title: title, style: .cancel, handler: { _ in source.asObservable() })
    }

    public static func cancel<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source)
    -> DialogAction where Source.Element == T {
        DialogAction(title: title, style: .cancel, handler: { flatMap($0).asObservable() })
    }

    public static func destructive<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction
    where Source.Element == T {
        DialogAction(title: title, style: .destructive, handler: { _ in source.asObservable() })
    }

    public static func destructive<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source)
    -> DialogAction where Source.Element == T {
        DialogAction(title: title, style: .destructive, handler: { flatMap($0).asObservable() })
    }
}
