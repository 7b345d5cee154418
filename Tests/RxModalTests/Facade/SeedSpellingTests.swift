import XCTest
import RxCore
import RxModal

/// The seed's dialog spellings as its users typed them, run on the scripted
/// surface: the element type named first, the memberwise `DialogAction`,
/// `DialogActionStyle`, `withStyle`, traits in `flatMapTo:`/`flatMap:`,
/// `DialogTextField.email(configuration:)`, `Dialog<T>` and `DialogStyle`
/// with `RxModal.present`.
final class SeedSpellingTests: RxTestCase {
    private func spec(_ surface: ScriptedSurface, _ index: Int) -> ModalValue? {
        surface.transcript[safe: index]?["spec"]
    }

    func testTheElementTypeNamedFirstFixesWhatTheActionsLeaveOpen() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"choose": "Two"}, {"expect": {"source": "laterButton"}, "choose": "Later"}]
        """#)
        let howMany = RxModal.alert(Int.self, presenter: .surface(surface), title: "How many?", actions: [
            .default(title: "One", mapTo: 1),
            .default(title: "Two", mapTo: 2),
            .cancel(title: "Cancel"),
        ])
        XCTAssertEqual(runModal(howMany).elements, [2])

        // Nothing but `Int.self` says what this sheet emits.
        let later = runModal(RxModal.actionSheet(Int.self, presenter: .surface(surface), source: "laterButton", actions: [
            .default(title: "Later"),
            .cancel(title: "Cancel"),
        ]))
        XCTAssertNil(later.error)
        XCTAssertEqual(later.elements, [])
        XCTAssertTrue(later.completed)
        XCTAssertEqual(spec(surface, 1)?["style"], "actionSheet")
    }

    func testMemberwiseActionWithStyleAndOnNext() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Delete"}]"#)
        let delete = DialogAction<String>(title: "Delete", style: .default, onNext: { _ in .just("deleted") })
        let destructive: DialogAction<String> = delete.withStyle(.destructive)
        let keepStyle: DialogActionStyle = .cancel
        let keep = DialogAction<String>(title: "Keep", style: keepStyle, onNext: { _ in .empty() }, isPreferred: true)

        XCTAssertEqual(destructive.title, "Delete")
        XCTAssertEqual(destructive.style, DialogActionStyle.destructive)
        XCTAssertEqual(delete.style, .default, "withStyle leaves the original as it was")
        XCTAssertTrue(keep.withStyle(.default).isPreferred, "withStyle keeps the preference")
        var direct: [String] = []
        _ = destructive.onNext([]).subscribe(onNext: { direct.append($0) })
        XCTAssertEqual(direct, ["deleted"])

        let recorder = runModal(RxModal.alert(presenter: .surface(surface), title: "Delete it?", actions: [destructive, keep]))
        XCTAssertEqual(recorder.elements, ["deleted"])
        XCTAssertEqual(spec(surface, 0)?["actions"]?[0]?["style"], "destructive")
        XCTAssertEqual(spec(surface, 0)?["actions"]?[1]?["preferred"], true)
    }

    func testTraitsInFlatMapToAndFlatMap() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"choose": "Answer"}, {"choose": "Nothing"}, {"type": ["a", "b"], "choose": "Count"}]
        """#)
        let answer = Single<Int>.just(42)
        func dialog() -> Observable<Int> {
            RxModal.alert(presenter: .surface(surface), textFields: [.plain(), .plain()], actions: [
                .default(title: "Answer", flatMapTo: answer),
                .destructive(title: "Nothing", flatMapTo: Maybe<Int>.empty()),
                .cancel(title: "Count", flatMap: { fields in Single.just(fields.compactMap(\.text).joined().count) }),
            ])
        }
        XCTAssertEqual(runModal(dialog()).elements, [42])
        let nothing = runModal(dialog())
        XCTAssertEqual(nothing.elements, [])
        XCTAssertTrue(nothing.completed)
        XCTAssertEqual(runModal(dialog()).elements, [2])
    }

    func testEmailFieldKeepsTheSeedsConfigurationLabel() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["me@example.org"], "choose": "OK"}]"#)
        let field = DialogTextField.email(configuration: { $0.placeholder = "e-mail" })
        XCTAssertEqual(field.kind, .email)
        XCTAssertEqual(field.placeholder, "e-mail")
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), textFields: [
            field,
            .phoneNumber(configuration: { $0.placeholder = "phone" }),
        ], actions: [.default(title: "OK", map: { $0[0].text ?? "" })]))
        XCTAssertEqual(recorder.elements, ["me@example.org"])
        XCTAssertEqual(spec(surface, 0)?["textFields"]?[1]?["placeholder"], "phone")
    }

    func testADialogPresentedInEitherStyle() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"type": ["note"], "choose": "Mail"},
         {"expect": {"source": "shareButton"}, "choose": "Mail"},
         {"choose": "OK"}]
        """#)
        let dialog = Dialog(title: "Share", message: "How?", textFields: [.plain { $0.placeholder = "note" }], actions: [
            DialogAction<String>.default(title: "Mail") { fields in "mail:" + (fields.first?.text ?? "none") },
            .cancel(title: "Cancel"),
        ])
        XCTAssertEqual(runModal(RxModal.present(dialog, style: .alert, presenter: .surface(surface))).elements, ["mail:note"])
        // As in the seed, an action sheet shows no text fields.
        let sheet = runModal(RxModal.present(dialog, style: .actionSheet(source: "shareButton"), presenter: .surface(surface)))
        XCTAssertEqual(sheet.elements, ["mail:none"])
        XCTAssertEqual(spec(surface, 0)?["style"], "alert")
        XCTAssertEqual(spec(surface, 1)?["style"], "actionSheet")
        XCTAssertEqual(spec(surface, 1)?["textFields"]?.arrayValue ?? [], [])

        let made = runModal(RxModal.present(.alert, type: Int.self, presenter: .surface(surface), title: "Done",
                                            actions: [.default(title: "OK")]))
        XCTAssertNil(made.error)
        XCTAssertTrue(made.completed)
        XCTAssertEqual(spec(surface, 2)?["title"], "Done")
    }

    func testAStyleIsMatchedAsTheSeedsEnumeration() {
        let styles: [DialogStyle] = [.alert, .actionSheet(source: "button")]
        let described = styles.map { style -> String in
            switch style {
            case .alert: return "alert"
            case .actionSheet(let source): return "sheet at \(source?.name ?? "-")"
            }
        }
        XCTAssertEqual(described, ["alert", "sheet at button"])
    }
}
