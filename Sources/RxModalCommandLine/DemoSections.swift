import Foundation
import RxCore
import RxModal

/// The sections of `rxmodal demo`, in order: the seed's flows (RxModal's
/// README: sign-in alert, "Contact us" action sheet → mail or message
/// composer), the confirmation kind written in Swift, dismissal on dispose, the
/// photo and media pickers, and web authentication. A section runs only when
/// the plugins it needs are loaded.
enum DemoSections {
    static var all: [DemoSection] {
        [signIn, contactUsMail, contactUsMessage, confirmation, disposeDismisses,
         photoPicker, mediaPicker, webAuthentication]
    }

    /// The seed's sign-in alert: e-mail and password fields read when "Sign In"
    /// is chosen, giving credentials.
    static var signIn: DemoSection { DemoSection(
        title: "Sign in: an alert with e-mail and password fields → credentials",
        requiredKinds: ["alert"],
        scriptSteps: { _ in [#"{"expect": {"title": "Sign in"}, "type": ["ada@example.org", "correct horse battery staple"], "choose": "Sign In"}"#] },
        run: { context in
            let signIn = RxModal.alert(
                presenter: context.presenter, title: "Sign in", message: "Please sign in using your credentials",
                textFields: [.email { $0.placeholder = "E-mail" }, .password { $0.placeholder = "Password" }],
                actions: [
                    .cancel(title: "Cancel"),
                    .default(title: "Sign In") { fields in
                        (email: fields[0].text ?? "", password: fields[1].text ?? "")
                    },
                ])
            switch DemoFlowRun.collect(signIn) {
            case .success(let credentials):
                guard let first = credentials.first else { return (["cancelled: no credentials"], true) }
                return (["credentials: e-mail \(first.email), password of \(first.password.count) characters (not printed)"], true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    /// The kind written in Swift (docs/guides/Extending.md).
    static var confirmation: DemoSection { DemoSection(
        title: "Confirmation: a kind written in Swift",
        requiredKinds: ["confirmation"],
        scriptSteps: { _ in [#"{"choose": "Delete"}"#] },
        run: { context in
            let confirm = RxModal.confirmation(presenter: context.presenter, title: "Drafts",
                                               message: "Delete 3 drafts?", confirmTitle: "Delete", destructive: true)
            switch DemoFlowRun.collect(confirm) {
            case .success(let answers):
                return (["confirmed: \(answers.first.map(String.init) ?? "no answer")"], true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    /// Disposing the subscription dismisses the modal, exactly once.
    static var disposeDismisses: DemoSection { DemoSection(
        title: "Dismiss on dispose: an alert nobody answers, disposed",
        requiredKinds: ["alert"],
        scriptSteps: { _ in [#"{"stayOpen": true}"#] },
        run: { context in
            let before = context.scripted?.transcript.count ?? 0
            let subscription = RxModal.alert(presenter: context.presenter, title: "Still there?",
                                             message: "This closes by itself.",
                                             actions: [DialogAction<Void>.default(title: "Yes")])
                .subscribe()
            if let scripted = context.scripted {
                let deadline = Date().addingTimeInterval(10)
                while scripted.transcript.count == before && Date() < deadline { usleep(1_000) }
            } else {
                sleep(3)
            }
            subscription.dispose()
            return (["disposed the subscription: the alert was dismissed"], true)
        }) }
}
