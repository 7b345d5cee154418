import XCTest
import RxModal
import RxModalPluginABI

/// The actionSheet plugin (plugins/actionSheet), loaded from its built shared
/// object: the same dialog logic as the alert, with a source and no text fields.
final class ActionSheetPluginTests: RxTestCase {
    func testDescriptorDeclaresTheActionSheetKindWithASourceMethod() throws {
        let library = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet)
        XCTAssertEqual(library.kind, "actionSheet")
        XCTAssertEqual(library.methods.map(\.name), [
            "setTitle", "setMessage", "setSource", "addAction", "setPreferredAction", "setActionEnabled", "setActions", "addTextField",
        ])
        XCTAssertEqual(library.methods.first { $0.name == "setSource" }?.signature, "s")
        XCTAssertNil(library.descriptor.pointee.precondition)
        XCTAssertNil(library.descriptor.pointee.authorization_status)
    }

    func testTheTwoPluginsAreSeparateSharedObjectsWithTheirOwnEntry() throws {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert)
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet)
        XCTAssertNotEqual(alert.path, sheet.path)
        XCTAssertNotEqual(alert.descriptor, sheet.descriptor)
    }

    func testPresentShowsAnActionSheetSpecWithItsSourceAndNoTextFields() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        try sheet.call("setSource", .s("bounds:contactUsButton"))
        try sheet.call("setTitle", .s("Contact us"))
        try sheet.call("addAction", .s("Mail"), .s("default"))
        try sheet.call("addAction", .s("Message"), .s("default"))
        try sheet.call("addAction", .s("Cancel"), .s("cancel"))
        let surface = FakeDialogSurface()
        let disposable = try sheet.present(on: surface, to: DialogEventRecorder()).get()
        XCTAssertEqual(surface.shown, [[
            "primitive": "dialog",
            "style": "actionSheet",
            "title": "Contact us",
            "source": "bounds:contactUsButton",
            "actions": [
                ["title": "Mail", "style": "default", "enabled": true, "preferred": false],
                ["title": "Message", "style": "default", "enabled": true, "preferred": false],
                ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
            ],
        ]])
        disposable.dispose()
    }

    func testChoosingAnActionEmitsItWithNoTextFieldsThenCompletes() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        try sheet.call("addAction", .s("Mail"), .s("default"))
        try sheet.call("addAction", .s("Cancel"), .s("cancel"))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try sheet.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 1, "textFields": []])
        XCTAssertEqual(recorder.events, [.next(["action": 1, "title": "Cancel", "style": "cancel", "textFields": []]), .completed])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testTextFieldsAreRefusedAsInUIKit() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        XCTAssertEqual(sheet.failure("addTextField", .s("plain"), .s("name"), .s("")),
                       .invalid("an action sheet has no text fields (as in UIKit): use an alert"))
    }

    func testAnEmptySourceIsRefused() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        XCTAssertEqual(sheet.failure("setSource", .s("")), .invalid("the source must not be empty"))
    }

    func testActionValidationIsTheAlertsOwn() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        try sheet.call("addAction", .s("Cancel"), .s("cancel"))
        XCTAssertEqual(sheet.failure("addAction", .s("Back"), .s("cancel")),
                       .invalid("a dialog has at most one cancel action, and action 0 (“Cancel”) is one already"))
        XCTAssertEqual(sheet.failure("setActionEnabled", .i(3), .b(true)),
                       .invalid("action index 3 is out of range: the dialog has 1 action (0 to 0)"))
    }

    func testPresentingWithoutActionsIsRefused() throws {
        let sheet = try DialogPluginLibrary.loaded(DialogPluginLibrary.actionSheet).makeConfig()
        defer { sheet.free() }
        try sheet.call("setSource", .s("toolbar"))
        let surface = FakeDialogSurface()
        XCTAssertEqual(sheet.present(on: surface, to: DialogEventRecorder()).pluginFailure,
                       .invalid("a dialog needs at least one action"))
        XCTAssertEqual(surface.shown, [])
    }
}
