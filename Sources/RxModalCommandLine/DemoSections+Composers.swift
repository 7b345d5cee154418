import Foundation
import RxCore
import RxModal

/// The seed's headline flow in `rxmodal demo`: the "Contact us" action sheet,
/// then the mail composer or the message composer, through their typed façades.
extension DemoSections {
    /// Mail: the composer configured as in the seed's README; the script saves a
    /// draft (nothing is sent from a demo) into the demo's own Maildir, and the
    /// section prints the headers of the message it wrote.
    static var contactUsMail: DemoSection { DemoSection(
        title: "Contact us → Mail: an action sheet, then the mail composer",
        requiredKinds: ["actionSheet", "mailComposer"],
        scriptSteps: { _ in
            var steps = [#"{"expect": {"title": "Contact us"}, "choose": "Mail"}"#]
            if RxModal.canSendMail() {
                steps.append(#"{"expect": {"primitive": "form"}, "fields": {"subject": "Hello from rxmodal demo"}, "choose": "Save Draft"}"#)
            }
            return steps
        },
        run: { context in
            let drafts: String
            do { drafts = try context.scratch.directory("Drafts") } catch { return (["error: \(error)"], false) }
            let composer = RxModal.mailComposer(presenter: context.presenter) {
                $0.setToRecipients(["rxmodal@rxswiftcommunity.org"])
                $0.setMessageBody("Hello World!", isHTML: false)
                $0.draftsDirectory = drafts
            }
            let flow = contactUsSheet(context, mail: composer.asObservable().map { "mail composer: \($0)" },
                                      message: .just("message composer: not chosen"))
            switch DemoFlowRun.collect(flow) {
            case .success(let lines):
                return ((lines.isEmpty ? ["cancelled"] : lines) + draftSummary(drafts), true)
            case .failure(ModalError.unsupported(_, let reason)):
                return (["mail composer unsupported here: \(reason)"], true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    /// Message: where a phone link or modem can send texts, the script cancels
    /// the composer (a demo sends nothing); elsewhere the precondition says why
    /// nothing can be shown.
    static var contactUsMessage: DemoSection { DemoSection(
        title: "Contact us → Message: an action sheet, then the message composer",
        requiredKinds: ["actionSheet", "messageComposer"],
        scriptSteps: { _ in
            var steps = [#"{"expect": {"title": "Contact us"}, "choose": "Message"}"#]
            if RxModal.canSendText() { steps.append(#"{"expect": {"primitive": "form"}, "cancel": true}"#) }
            return steps
        },
        run: { context in
            let composer = RxModal.messageComposer(presenter: context.presenter) {
                $0.recipients = ["0639981337"]
                $0.body = "Hello World!"
            }
            let flow = contactUsSheet(context, mail: .just("mail composer: not chosen"),
                                      message: composer.asObservable().map { "message composer: \($0)" })
            switch DemoFlowRun.collect(flow) {
            case .success(let lines):
                return (lines.isEmpty ? ["cancelled"] : lines, true)
            case .failure(ModalError.unsupported(_, let reason)):
                return (["message composer unsupported here: \(reason)"], true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    /// The seed's action sheet; each action leads to its composer.
    private static func contactUsSheet(_ context: DemoContext, mail: Observable<String>, message: Observable<String>) -> Observable<String> {
        RxModal.actionSheet(
            presenter: context.presenter, source: "contactUsButton", title: "Contact us",
            actions: [
                .default(title: "Mail", flatMapTo: mail),
                .default(title: "Message", flatMapTo: message),
                .cancel(title: "Cancel"),
            ])
    }

    /// The To and Subject headers of each draft the composer wrote (a Maildir
    /// keeps drafts in `cur/`, with the Draft flag).
    private static func draftSummary(_ drafts: String) -> [String] {
        let folder = drafts + "/cur"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.map { name in
            let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
            // "\r\n" is one Character in Swift: split on line ends, not on "\n".
            let headers = text.components(separatedBy: "\r\n\r\n")[0].split(whereSeparator: \.isNewline)
                .map(String.init)
                .filter { $0.hasPrefix("To: ") || $0.hasPrefix("Subject: ") }
            return "draft in the Maildir, flags \(name.components(separatedBy: ":").last ?? "none") (\(text.utf8.count) bytes): " + headers.joined(separator: ", ")
        }
    }
}
