import RxCore

// The seed's overloads for dialogs whose element is Void: an action may lead to
// a flow of any element type, which is mapped to Void, so one action sheet can
// offer flows of different types (a mail composer and a message composer):
//
//     RxModal.actionSheet(actions: [
//         .default(title: "Mail", flatMapTo: mailComposer),        // Observable<MailResult>
//         .default(title: "Message", flatMapTo: messageComposer),  // Observable<MessageResult>
//         .cancel(title: "Cancel"),
//     ])                                                           // Observable<Void>

extension DialogAction where T == Void {
    public static func `default`<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction {
        DialogAction(title: title, style: .default, handler: { _ in source.asObservable().map { _ in () } })
    }

    public static func `default`<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source) -> DialogAction {
        DialogAction(title: title, style: .default, handler: { flatMap($0).asObservable().map { _ in () } })
    }

    public static func cancel<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { _ in source.asObservable().map { _ in () } })
    }

    public static func cancel<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source) -> DialogAction {
        DialogAction(title: title, style: .cancel, handler: { flatMap($0).asObservable().map { _ in () } })
    }

    public static func destructive<Source: ObservableConvertibleType>(title: String, flatMapTo source: Source) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { _ in source.asObservable().map { _ in () } })
    }

    public static func destructive<Source: ObservableConvertibleType>(title: String, flatMap: @escaping ([DialogTextFieldValue]) -> Source) -> DialogAction {
        DialogAction(title: title, style: .destructive, handler: { flatMap($0).asObservable().map { _ in () } })
    }
}
