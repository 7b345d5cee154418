import XCTest
import RxModal
import RxModalPluginABI

/// The alert plugin (plugins/alert), loaded from its built shared object: its
/// descriptor, its configuration methods and what it shows and emits.
final class AlertPluginTests: RxTestCase {
    private func signInAlert(_ alert: DialogConfig) throws {
        try alert.call("setTitle", .s("Sign in"))
        try alert.call("setMessage", .s("Please sign in using your credentials"))
        try alert.call("addTextField", .s("email"), .s("e-mail"), .s(""))
        try alert.call("addTextField", .s("password"), .s("password"), .s(""))
        try alert.call("addAction", .s("Cancel"), .s("cancel"))
        try alert.call("addAction", .s("Sign In"), .s("default"))
        try alert.call("setPreferredAction", .i(1))
    }

    func testDescriptorDeclaresTheAlertKindItsMethodsAndNoPreconditions() throws {
        let library = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert)
        let descriptor = library.descriptor.pointee
        XCTAssertEqual(library.kind, "alert")
        XCTAssertEqual(descriptor.abi_major, UInt32(RXM_PLUGIN_ABI_MAJOR))
        XCTAssertEqual(descriptor.struct_size, UInt32(MemoryLayout<rxm_plugin_descriptor>.size))
        XCTAssertEqual(library.methods.map { "\($0.name)(\($0.signature): \($0.arguments))" }, [
            "setTitle(s: title)", "setMessage(s: message)", "addTextField(sss: kind,placeholder,text)",
            "addAction(ss: title,style)", "setPreferredAction(i: index)", "setActionEnabled(ib: index,enabled)",
            "setActions(v: actions)",
        ])
        XCTAssertTrue(library.methods.allSatisfy { !$0.doc.isEmpty })
        XCTAssertTrue(String(cString: descriptor.result_description).contains("\"textFields\""))
        XCTAssertNil(descriptor.precondition)
        XCTAssertNil(descriptor.authorization_status)
        XCTAssertNil(descriptor.request_authorization)
        XCTAssertNotNil(descriptor.present)
    }

    func testEntryRefusesAHostOfAnotherMajorVersion() throws {
        let library = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert)
        XCTAssertNil(library.entry(UInt32(RXM_PLUGIN_ABI_MAJOR) + 1, 0))
        XCTAssertEqual(library.entry(UInt32(RXM_PLUGIN_ABI_MAJOR), 99), library.descriptor)
    }

    func testPresentShowsTheDialogSpecTheHeaderDocuments() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try signInAlert(alert)
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        XCTAssertEqual(surface.shown, [[
            "primitive": "dialog",
            "style": "alert",
            "title": "Sign in",
            "message": "Please sign in using your credentials",
            "textFields": [
                ["kind": "email", "placeholder": "e-mail", "text": ""],
                ["kind": "password", "placeholder": "password", "text": ""],
            ],
            "actions": [
                ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
                ["title": "Sign In", "style": "default", "enabled": true, "preferred": true],
            ],
        ]])
        XCTAssertEqual(recorder.events, [], "nothing is emitted before the user answers")
        disposable.dispose()
    }

    func testSpecLeavesOutWhatWasNotSetAndEmptyStringsRemoveTitleAndMessage() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("setTitle", .s("Gone"))
        try alert.call("setMessage", .s("Gone too"))
        try alert.call("setTitle", .s(""))
        try alert.call("setMessage", .s(""))
        try alert.call("addAction", .s("OK"), .s("default"))
        try alert.call("setPreferredAction", .i(0))
        try alert.call("setPreferredAction", .i(-1))
        let surface = FakeDialogSurface()
        try alert.present(on: surface, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(surface.shown, [[
            "primitive": "dialog", "style": "alert",
            "actions": [["title": "OK", "style": "default", "enabled": true, "preferred": false]],
        ]])
    }

    func testChoosingAnActionEmitsItsIndexTitleStyleAndTextsThenCompletes() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try signInAlert(alert)
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 1, "textFields": ["rx@example.org", "secret"]])
        XCTAssertEqual(recorder.events, [
            .next(["action": 1, "title": "Sign In", "style": "default", "textFields": ["rx@example.org", "secret"]]),
            .completed,
        ])
        XCTAssertEqual(surface.dismissed, [], "the host dismisses by disposing, after the value")
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testAnAnswerWithoutTextsReportsTheFieldsInitialText() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("addTextField", .s("phone"), .s("number"), .s("0639981337"))
        try alert.call("addTextField", .s("plain"), .s("note"), .s(""))
        try alert.call("addAction", .s("Delete"), .s("destructive"))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 0])
        XCTAssertEqual(recorder.events, [
            .next(["action": 0, "title": "Delete", "style": "destructive", "textFields": ["0639981337", ""]]),
            .completed,
        ])
        disposable.dispose()
    }

    func testPresentingWithoutActionsIsRefusedAndShowsNothing() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("setTitle", .s("No way out"))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        XCTAssertEqual(alert.present(on: surface, to: recorder).pluginFailure, .invalid("a dialog needs at least one action"))
        XCTAssertEqual(surface.shown, [])
        XCTAssertEqual(recorder.events, [])
    }

    func testAddActionValidatesTitleStyleAndTheSingleCancelAction() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        XCTAssertEqual(alert.failure("addAction", .s("OK"), .s("primary")),
                       .invalid("unknown action style “primary”: expected default, cancel or destructive"))
        XCTAssertEqual(alert.failure("addAction", .s(""), .s("default")), .invalid("an action needs a title"))
        try alert.call("addAction", .s("Close"), .s("cancel"))
        XCTAssertEqual(alert.failure("addAction", .s("Dismiss"), .s("cancel")),
                       .invalid("a dialog has at most one cancel action, and action 0 (“Close”) is one already"))
        let surface = FakeDialogSurface()
        try alert.present(on: surface, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(surface.shown.first?["actions"], [["title": "Close", "style": "cancel", "enabled": true, "preferred": false]],
                       "refused actions are not added")
    }

    func testAddTextFieldValidatesTheKind() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        XCTAssertEqual(alert.failure("addTextField", .s("url"), .s(""), .s("")),
                       .invalid("unknown text field kind “url”: expected plain, email, password or phone"))
        for kind in ["plain", "email", "password", "phone"] {
            XCTAssertNoThrow(try alert.call("addTextField", .s(kind), .s(""), .s("")), kind)
        }
    }

    func testLongUserStringsAreCutOnACharacterBoundaryInErrors() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        let style = String(repeating: "é", count: 100)   // 200 bytes: cut at 60, between characters
        XCTAssertEqual(alert.failure("addAction", .s("OK"), .s(style))?.message,
                       "unknown action style “\(String(repeating: "é", count: 30))…”: expected default, cancel or destructive")
    }

    func testIndexesOutOfRangeAreRefused() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        XCTAssertEqual(alert.failure("setPreferredAction", .i(0)),
                       .invalid("action index 0 is out of range: the dialog has no actions yet"))
        try alert.call("addAction", .s("OK"), .s("default"))
        try alert.call("addAction", .s("Later"), .s("cancel"))
        XCTAssertEqual(alert.failure("setPreferredAction", .i(2)),
                       .invalid("action index 2 is out of range: the dialog has 2 actions (0 to 1)"))
        XCTAssertEqual(alert.failure("setPreferredAction", .i(-2)),
                       .invalid("action index -2 is out of range: use -1 for no preferred action"))
        XCTAssertEqual(alert.failure("setActionEnabled", .i(-1), .b(false)),
                       .invalid("action index -1 is out of range: the dialog has 2 actions (0 to 1)"))
        XCTAssertEqual(alert.failure("setActionEnabled", .i(Int64.max), .b(false)),
                       .invalid("action index 9223372036854775807 is out of range: the dialog has 2 actions (0 to 1)"))
    }

    func testDisabledActionsAreShownDisabled() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("addAction", .s("Send"), .s("default"))
        try alert.call("addAction", .s("Cancel"), .s("cancel"))
        try alert.call("setActionEnabled", .i(0), .b(false))
        let surface = FakeDialogSurface()
        try alert.present(on: surface, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(surface.shown.first?["actions"], [
            ["title": "Send", "style": "default", "enabled": false, "preferred": false],
            ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
        ])
    }

    func testSurfaceErrorsAreEmittedAsTheModalsError() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("addAction", .s("OK"), .s("default"))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.fail(1, with: PluginFailure(code: Int32(RXM_ERR_IO), message: "the terminal went away"))
        surface.answer(1, with: ["action": 0])
        XCTAssertEqual(recorder.events, [.error(PluginFailure(code: Int32(RXM_ERR_IO), message: "the terminal went away"))],
                       "one terminal event: the late answer is ignored")
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testAnswersThatDoNotFitTheDialogAreErrors() throws {
        let cases: [(ModalValue, String)] = [
            (["textFields": []], "the surface answered without an integer \"action\""),
            (["action": 2], "the surface answered action 2, but the dialog shows 2 actions"),
            (["action": 0], "the surface answered action 0 (“Send”), which is disabled"),
            (["action": 1, "textFields": ["a", "b"]], "the surface answered a different number of strings for \"textFields\", but the dialog shows 1 text field"),
            (["action": 1, "textFields": [1]], "the surface answered a non-string for text field 0"),
        ]
        for (answer, message) in cases {
            let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
            defer { alert.free() }
            try alert.call("addTextField", .s("plain"), .s(""), .s(""))
            try alert.call("addAction", .s("Send"), .s("default"))
            try alert.call("addAction", .s("Cancel"), .s("cancel"))
            try alert.call("setActionEnabled", .i(0), .b(false))
            let surface = FakeDialogSurface()
            let recorder = DialogEventRecorder()
            let disposable = try alert.present(on: surface, to: recorder).get()
            surface.answer(1, with: answer)
            XCTAssertEqual(recorder.events, [.error(.invalid(message))], "\(answer)")
            disposable.dispose()
        }
    }

    func testAFailedShowIsReportedByPresentWithoutADisposable() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        defer { alert.free() }
        try alert.call("addAction", .s("OK"), .s("default"))
        let surface = FakeDialogSurface()
        surface.showFailure = PluginFailure(code: Int32(RXM_ERR_NO_SURFACE), message: "no terminal")
        let recorder = DialogEventRecorder()
        XCTAssertEqual(alert.present(on: surface, to: recorder).pluginFailure,
                       PluginFailure(code: Int32(RXM_ERR_NO_SURFACE), message: "no terminal"))
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(surface.dismissed, [], "nothing was shown, so nothing is dismissed")
    }
}

extension Result {
    var pluginFailure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
