import XCTest
import RxCore
import RxModal
import RxTestSupport

/// The seed README's examples as written there — no `presenter:` argument, so
/// the default presenter, here the scripted surface of `RXMODAL_SCRIPT` — with
/// only the UIKit parts replaced (a subject for the button's taps, a source
/// name for `.bounds(contactUsButton)`).
final class SeedReadmeTests: RxTestCase {
    private let environment = EnvironmentOverride()
    nonisolated(unsafe) private static var scriptsSet = 0

    override func tearDownWithError() throws {
        environment.restore()
        try super.tearDownWithError()
    }

    /// Points the default presenter at a fresh scripted surface running `script`.
    private func script(_ script: String) throws -> ScriptedSurface {
        // The default presenter keeps one surface per script text: trailing
        // blanks, one more each time, give each test a fresh one.
        Self.scriptsSet += 1
        environment.set("RXMODAL_SCRIPT", script + String(repeating: " ", count: Self.scriptsSet))
        return try XCTUnwrap(try Presenter.default.resolve() as? ScriptedSurface)
    }

    struct Credentials: Equatable {
        let email: String
        let password: String
    }

    func testTheSignInAlert() throws {
        let surface = try script(#"[{"type": ["me@example.org", "s3cret"], "choose": "Sign In"}]"#)
        let signIn = RxModal.alert(
            title: "Sign in",
            message: "Please sign in using your credentials",
            textFields: [
                DialogTextField.email { $0.placeholder = "e-mail" },
                DialogTextField.password { $0.placeholder = "password" }
            ],
            actions: [
                .cancel(title: "Cancel"),
                .default(title: "Sign In") { textFields in
                    Credentials(
                        email: textFields[0].text ?? "",
                        password: textFields[1].text ?? ""
                    )
                },
            ]
        )
        XCTAssertEqual(runModal(signIn).elements, [Credentials(email: "me@example.org", password: "s3cret")])
        XCTAssertEqual(surface.transcript.count, 1)
    }

    func testTheContactUsSheetOffersBothComposers() throws {
        let surface = try script(#"""
        [{"expect": {"style": "actionSheet", "source": "contactUsButton",
                     "actions": [{"title": "Mail", "style": "default", "enabled": true, "preferred": false},
                                 {"title": "Message", "style": "default", "enabled": true, "preferred": false},
                                 {"title": "Cancel", "style": "cancel", "enabled": true, "preferred": false}]},
          "choose": "Cancel"}]
        """#)
        let disposeBag = DisposeBag()
        let contactUsButtonTaps = PublishSubject<Void>()
        let ended = EventRecorder<Void>()

        let mailComposer = RxModal.mailComposer {
            $0.setToRecipients([
                "rxmodal@rxswiftcommunity.org"
            ])
            $0.setMessageBody(
                "Hello World!",
                isHTML: false
            )
        }
        let messageComposer = RxModal.messageComposer {
            $0.recipients = ["0639981337"]
            $0.body = "Hello World!"
        }
        contactUsButtonTaps
            .flatMapFirst {
                RxModal.actionSheet(
                    source: "contactUsButton",
                    actions: [
                        .default(
                            title: "Mail",
                            flatMapTo: mailComposer
                        ),
                        .default(
                            title: "Message",
                            flatMapTo: messageComposer
                        ),
                        .cancel(title: "Cancel")
                    ])
                    .do(onCompleted: { ended.observer(.completed) })
            }
            .subscribe()
            .disposed(by: disposeBag)

        contactUsButtonTaps.onNext(())
        ended.waitForTerminal()
        XCTAssertEqual(surface.transcript.count, 1, "the sheet only; Cancel opens no composer")
    }

    func testTheDialogActionFactoriesOfTheReadme() throws {
        struct Refused: Error {}
        _ = try script(#"[{"choose": "Value"}, {"choose": "Flow"}, {"choose": "Throw"}, {"choose": "Nothing"}]"#)
        func dialog() -> Observable<Int> {
            RxModal.alert(actions: [
                DialogAction<Int>.default(title: "Flow", flatMapTo: Observable.of(1, 2)),
                DialogAction<Int>.default(title: "Value", mapTo: 3),
                DialogAction<Int>.default(title: "Throw", throw: Refused()),
                DialogAction<Int>.default(title: "Nothing"),
            ])
        }
        XCTAssertEqual(runModal(dialog()).elements, [3])
        XCTAssertEqual(runModal(dialog()).elements, [1, 2])
        XCTAssertTrue(runModal(dialog()).error is Refused)
        let nothing = runModal(dialog())
        XCTAssertEqual(nothing.elements, [])
        XCTAssertTrue(nothing.completed)
    }

    func testTheSeedsKeyWindowPresenterIsTheDefaultOne() throws {
        let surface = try script(#"[{"expect": {"title": "Hello"}, "choose": "OK"}]"#)
        let recorder = runModal(RxModal.alert(Int.self, presenter: .keyWindow, title: "Hello", actions: [.default(title: "OK", mapTo: 1)]))
        XCTAssertEqual(recorder.elements, [1])
        XCTAssertEqual(surface.transcript.count, 1, "shown on the RXMODAL_SCRIPT surface")
    }
}
