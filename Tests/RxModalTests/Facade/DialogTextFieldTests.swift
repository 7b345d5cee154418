import XCTest
import RxCore
import RxModal

/// Text fields: their kinds and configuration reach the surface, and actions
/// read their text as it was when the action was chosen.
final class DialogTextFieldTests: RxTestCase {
    struct Credentials: Equatable {
        let email: String
        let password: String
    }

    func testSeedSignInReadsTheTypedTextAtChoiceTime() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["a@b.c", "s3cret"], "choose": "Sign In"}]"#)
        let signIn = RxModal.alert(
            presenter: .surface(surface),
            title: "Sign in",
            message: "Please sign in using your credentials",
            textFields: [
                DialogTextField.email { $0.placeholder = "e-mail" },
                DialogTextField.password { $0.placeholder = "password" },
            ],
            actions: [
                .cancel(title: "Cancel"),
                .default(title: "Sign In") { textFields in
                    Credentials(email: textFields[0].text ?? "", password: textFields[1].text ?? "")
                },
            ])
        let recorder = runModal(signIn)
        XCTAssertEqual(recorder.elements, [Credentials(email: "a@b.c", password: "s3cret")])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["textFields"], [
            ["kind": "email", "placeholder": "e-mail", "text": ""],
            ["kind": "password", "placeholder": "password", "text": ""],
        ])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["message"], "Please sign in using your credentials")
    }

    func testEveryKindAndItsInitialTextReachTheSurfaceAndUntypedFieldsKeepIt() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["typed"], "choose": "OK"}]"#)
        let recorder = runModal(RxModal.alert(
            presenter: .surface(surface),
            textFields: [
                .plain { $0.text = "one" },
                .email { $0.text = "two" },
                .password(),
                .phoneNumber { $0.placeholder = "phone"; $0.text = "+33" },
            ],
            actions: [DialogAction<[String]>.default(title: "OK", map: { $0.map { $0.text ?? "-" } })]))
        XCTAssertEqual(recorder.elements, [["typed", "two", "", "+33"]])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["textFields"]?.arrayValue?.map { $0["kind"] },
                       ["plain", "email", "password", "phone"])
    }

    func testFlatMapReceivesTheFieldsWithTheirKinds() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["x"], "choose": "OK"}]"#)
        let recorder = runModal(RxModal.alert(
            presenter: .surface(surface),
            textFields: [.email { $0.placeholder = "mail" }],
            actions: [DialogAction<DialogTextFieldValue>.default(title: "OK", flatMap: { .from($0) })]))
        XCTAssertEqual(recorder.elements, [DialogTextFieldValue(kind: .email, placeholder: "mail", text: "x")])
    }
}
