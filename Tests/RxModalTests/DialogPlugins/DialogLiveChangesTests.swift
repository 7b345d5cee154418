import XCTest
import Dispatch
import RxModal
import RxModalPluginABI

/// Title, message and the whole action list of a dialog plugin changed while
/// the dialog is shown (setTitle, setMessage, setActions), on the alert's
/// shared object: the patches each sends, setActions' validation, the preferred
/// action kept by title, and which list an answer's index refers to when it
/// crosses a setActions.
final class DialogLiveChangesTests: RxTestCase {
    private func okCancelAlert() throws -> DialogConfig {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        try alert.call("addAction", .s("OK"), .s("default"))
        try alert.call("addAction", .s("Cancel"), .s("cancel"))
        return alert
    }

    private let editDeleteCancel: ModalValue = [
        ["title": "Edit", "style": "default"],
        ["title": "Delete", "style": "destructive", "enabled": false],
        ["title": "Cancel", "style": "cancel"],
    ]

    private let editDeleteCancelShown: ModalValue = [
        ["title": "Edit", "style": "default", "enabled": true, "preferred": false],
        ["title": "Delete", "style": "destructive", "enabled": false, "preferred": false],
        ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
    ]

    func testSetTitleAndSetMessageWhileShownSendTheirPatchAndEmptyRemovesWithNull() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let disposable = try alert.present(on: surface, to: DialogEventRecorder()).get()
        try alert.call("setTitle", .s("Loading…"))
        try alert.call("setMessage", .s("Please wait"))
        try alert.call("setTitle", .s(""))
        XCTAssertEqual(surface.updates.map(\.patch), [["title": "Loading…"], ["message": "Please wait"], ["title": .null]])
        XCTAssertEqual(surface.updates.map(\.presentation), [1, 1, 1])
        disposable.dispose()
        XCTAssertEqual(surface.log, ["show 1", "update 1", "update 1", "update 1", "dismiss 1"])
    }

    func testSetActionsWhileShownSendsTheWholeListAndTheAnswerNamesTheNewAction() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        try alert.call("setActions", .v(editDeleteCancel))
        XCTAssertEqual(surface.updates.map(\.patch), [["actions": editDeleteCancelShown]])
        surface.answer(1, with: ["action": 2])
        XCTAssertEqual(recorder.events, [.next(["action": 2, "title": "Cancel", "style": "cancel", "textFields": []]), .completed])
        disposable.dispose()
    }

    func testAnActionDisabledBySetActionsCannotBeChosen() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        try alert.call("setActions", .v(editDeleteCancel))
        surface.answer(1, with: ["action": 1])
        XCTAssertEqual(recorder.events, [.error(.invalid("the surface answered action 1 (“Delete”), which is disabled"))])
        disposable.dispose()
    }

    func testSetActionsBeforePresentingIsWhatTheSpecShows() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        try alert.call("setActions", .v(editDeleteCancel))
        let surface = FakeDialogSurface()
        try alert.present(on: surface, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(surface.shown.first?["actions"], editDeleteCancelShown)
        XCTAssertEqual(surface.updates.count, 0)
    }

    func testSetActionsIsValidatedLikeAddActionAndARefusalChangesNothing() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let disposable = try alert.present(on: surface, to: DialogEventRecorder()).get()
        XCTAssertEqual(alert.failure("setActions", .v(["title": "OK"])),
                       .invalid("actions must be an array of {\"title\", \"style\", \"enabled\"?}"))
        XCTAssertEqual(alert.failure("setActions", .v([])), .invalid("a dialog needs at least one action"))
        XCTAssertEqual(alert.failure("setActions", .v(["OK"])),
                       .invalid("actions[0] must be an object {\"title\", \"style\", \"enabled\"?}"))
        XCTAssertEqual(alert.failure("setActions", .v([["style": "default"]])), .invalid("actions[0] needs a string \"title\""))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "", "style": "default"]])),
                       .invalid("actions[0]: an action needs a title (non-empty, without NUL)"))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "A", "style": "default"], ["title": "B", "style": "primary"]])),
                       .invalid("unknown action style “primary”: expected default, cancel or destructive"))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "A"]])),
                       .invalid("actions[0] needs a string \"style\" (default, cancel or destructive)"))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "A", "style": "default", "enabled": 1]])),
                       .invalid("actions[0]: \"enabled\" must be a bool"))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "A", "style": "default", "preferred": true]])),
                       .invalid("actions[0] has an unknown key “preferred”: expected title, style and enabled"))
        XCTAssertEqual(alert.failure("setActions", .v([["title": "No", "style": "cancel"], ["title": "Close", "style": "cancel"]])),
                       .invalid("a dialog has at most one cancel action, and action 0 (“No”) is one already"))
        XCTAssertEqual(surface.updates.count, 0, "a refused list reaches no surface")
        disposable.dispose()
        let later = FakeDialogSurface()
        try alert.present(on: later, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(later.shown.first?["actions"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["OK", "Cancel"])
    }

    func testThePreferredActionIsKeptByTitleOrCleared() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        try alert.call("setPreferredAction", .i(1))   // Cancel
        let surface = FakeDialogSurface()
        let disposable = try alert.present(on: surface, to: DialogEventRecorder()).get()
        try alert.call("setActions", .v([["title": "Edit", "style": "default"], ["title": "Cancel", "style": "cancel"]]))
        try alert.call("setActions", .v([["title": "Edit", "style": "default"], ["title": "Close", "style": "cancel"]]))
        try alert.call("setActions", .v([["title": "Close", "style": "cancel"], ["title": "Cancel", "style": "default"]]))
        let preferred = surface.updates.map { $0.patch["actions"]?.arrayValue?.map { $0["preferred"]?.boolValue ?? true } ?? [] }
        XCTAssertEqual(preferred, [[false, true], [false, false], [false, false]],
                       "kept where the title is found again, then none for good")
        disposable.dispose()
    }

    /// The surface answers from inside the update, on the same thread: it had
    /// applied the new list, so the index is read against it.
    func testAnAnswerFromInsideTheUpdateRefersToTheNewList() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.duringUpdate = { number in surface.answer(number, with: ["action": 0]) }
        try alert.call("setActions", .v(editDeleteCancel))
        XCTAssertEqual(recorder.events, [.next(["action": 0, "title": "Edit", "style": "default", "textFields": []]), .completed])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    /// The user chose from the old list while the new one was on its way (an
    /// answer from another thread during the update): the index is read against
    /// the old list, so the value names the action the user saw.
    func testAnAnswerCrossingSetActionsFromAnotherThreadRefersToTheOldList() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.duringUpdate = { number in
            let answered = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                surface.answer(number, with: ["action": 0])
                answered.signal()
            }
            XCTAssertEqual(answered.wait(timeout: .now() + 10), .success)
        }
        try alert.call("setActions", .v(editDeleteCancel))
        XCTAssertEqual(recorder.events, [.next(["action": 0, "title": "OK", "style": "default", "textFields": []]), .completed])
        surface.duringUpdate = nil
        try alert.call("setTitle", .s("After the answer"))
        XCTAssertEqual(surface.updates.count, 1, "an answered dialog gets no more updates")
        disposable.dispose()
    }

    func testAFailedUpdateKeepsTheShownListForAnswers() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.updateFailure = PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal closed")
        XCTAssertEqual(alert.failure("setActions", .v(editDeleteCancel)), PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal closed"))
        surface.answer(1, with: ["action": 1])
        XCTAssertEqual(recorder.events, [.next(["action": 1, "title": "Cancel", "style": "cancel", "textFields": []]), .completed])
        disposable.dispose()
    }

    /// setActions, an answer and dispose race from three threads, many times:
    /// one dismissal, never an update after it, a well-formed sequence, and the
    /// value names an action of the old or the new list at the answered index.
    func testRacingSetActionsAnswerAndDisposeKeepOneDismissalAndTheGrammar() throws {
        let newList: ModalValue = [["title": "Edit", "style": "default"], ["title": "Close", "style": "cancel"]]
        for round in 0..<300 {
            let alert = try okCancelAlert()
            let surface = FakeDialogSurface()
            let recorder = DialogEventRecorder()
            let disposable = try alert.present(on: surface, to: recorder).get()
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                var spin = 0
                for _ in 0..<Int.random(in: 0..<20_000) { spin &+= 1 }
                withExtendedLifetime(spin) {}
                switch worker {
                case 0: _ = alert.failure("setActions", .v(newList))
                case 1: surface.answer(1, with: ["action": 1])
                default: disposable.dispose()
                }
            }
            disposable.dispose()
            alert.free()
            XCTAssertEqual(surface.log.first, "show 1", "round \(round)")
            XCTAssertEqual(surface.log.last, "dismiss 1", "round \(round): never updated after its dismissal")
            XCTAssertEqual(surface.dismissed, [1], "round \(round)")
            XCTAssertLessThanOrEqual(surface.updates.count, 1, "round \(round)")
            let old: DialogEventRecorder.Event = .next(["action": 1, "title": "Cancel", "style": "cancel", "textFields": []])
            let new: DialogEventRecorder.Event = .next(["action": 1, "title": "Close", "style": "cancel", "textFields": []])
            XCTAssertTrue([[], [old], [old, .completed], [new], [new, .completed]].contains(recorder.events),
                          "round \(round): \(recorder.events)")
            if recorder.events.first == new {
                XCTAssertEqual(surface.updates.count, 1, "round \(round): the new list was answered, so it was sent first")
            }
        }
    }
}
