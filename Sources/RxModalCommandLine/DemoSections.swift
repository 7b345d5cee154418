import Foundation
import RxCore
import RxModal

/// The sections of `rxmodal demo`, in order: the seed's flows (RxModal's
/// README: sign-in alert, "Contact us" action sheet → composer), the
/// confirmation kind written in Swift, dismissal on dispose, then one section
/// per other kind of the design, which runs only when its plugin is loaded.
enum DemoSections {
    static var all: [DemoSection] {
        [signIn, contactUs, confirmation, disposeDismisses]
            + ["messageComposer", "photoPicker", "mediaPicker", "webAuthenticationSession"].map(otherKind)
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

    /// The seed's headline flow: an action sheet offering Mail or Message,
    /// each leading to its composer (presented on top of the sheet's flow).
    static var contactUs: DemoSection { DemoSection(
        title: "Contact us: an action sheet → mail or message composer",
        requiredKinds: ["actionSheet"],
        scriptSteps: { context in
            var steps = [#"{"expect": {"title": "Contact us"}, "choose": "Mail"}"#]
            if context.isLoaded("mailComposer") { steps.append(#"{"cancel": true}"#) }
            return steps
        },
        run: { context in
            let composer: (String) -> Observable<String> = { kind in
                guard context.isLoaded(kind) else { return .just("chose \(kind == "mailComposer" ? "Mail" : "Message") → skipped: \(kind) plugin not loaded") }
                return ModalCoordinator.shared.present(kind: kind, presenter: context.presenter).map { "\(kind) emitted \($0.json)" }
            }
            let contactUs = RxModal.actionSheet(
                presenter: context.presenter, source: "contactUsButton", title: "Contact us",
                actions: [
                    .default(title: "Mail", flatMap: { _ in composer("mailComposer") }),
                    .default(title: "Message", flatMap: { _ in composer("messageComposer") }),
                    .cancel(title: "Cancel"),
                ])
            switch DemoFlowRun.collect(contactUs) {
            case .success(let lines):
                return (lines.isEmpty ? ["cancelled"] : lines, true)
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

    /// A kind of the design whose flow is built elsewhere: presented with its
    /// defaults and cancelled by the script, when its plugin is loaded.
    static func otherKind(_ kind: String) -> DemoSection {
        DemoSection(
            title: "\(kind): presented with its defaults (the built-in script cancels it)",
            requiredKinds: [kind],
            scriptSteps: { _ in [#"{"cancel": true}"#] },
            run: { context in
                switch DemoFlowRun.collect(ModalCoordinator.shared.present(kind: kind, presenter: context.presenter).take(1)) {
                case .success(let values):
                    return (["\(kind) emitted \(values.first?.json ?? "nothing")"], true)
                case .failure(let error):
                    return (["\(kind) failed: \(error)"], false)
                }
            })
    }
}
