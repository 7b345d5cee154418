import XCTest
import Dispatch
import RxModal
import RxModalPluginABI

/// The present/dismiss contract of the dialog plugins, on the alert's shared
/// object: dismissed exactly once by dispose whatever happened before; nothing
/// emitted after dispose; setActionEnabled reaching a dialog while it is shown.
final class DialogPresentationLifecycleTests: RxTestCase {
    private func okCancelAlert() throws -> DialogConfig {
        let alert = try DialogPluginLibrary.loaded(DialogPluginLibrary.alert).makeConfig()
        try alert.call("addAction", .s("OK"), .s("default"))
        try alert.call("addAction", .s("Cancel"), .s("cancel"))
        return alert
    }

    private let okCancelActions: [ModalValue] = [
        ["title": "OK", "style": "default", "enabled": true, "preferred": false],
        ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
    ]

    func testDisposeBeforeAnAnswerDismissesOnceAndEmitsNothing() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1], "dispose is idempotent")
        surface.answer(1, with: ["action": 0])
        surface.fail(1, with: .invalid("too late"))
        XCTAssertEqual(recorder.events, [], "no result after dispose")
    }

    func testDisposeAfterTheAnswerDismissesOnce() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 0])
        surface.answer(1, with: ["action": 1])
        XCTAssertEqual(recorder.events, [.next(["action": 0, "title": "OK", "style": "default", "textFields": []]), .completed],
                       "only the first answer counts")
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testDisposeFromInsideOnNextDismissesOnceAndNothingFollows() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        recorder.onNext = { recorder in
            recorder.disposable?.dispose()
            XCTAssertEqual(surface.dismissed, [1], "dismissed before dispose returns")
        }
        let disposable = try alert.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 1])
        XCTAssertEqual(recorder.events, [.next(["action": 1, "title": "Cancel", "style": "cancel", "textFields": []])],
                       "no completion after the dispose made inside on_next")
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testAnAnswerFromInsideShowIsDeliveredAndDismissedOnDispose() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        surface.answerInsideShow = ["action": 0]
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        XCTAssertEqual(recorder.events, [.next(["action": 0, "title": "OK", "style": "default", "textFields": []]), .completed])
        XCTAssertEqual(surface.dismissed, [])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testSetActionEnabledWhileShownSendsThePresentationTheNewActions() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        try alert.call("setPreferredAction", .i(0))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        try alert.call("setActionEnabled", .i(0), .b(false))
        XCTAssertEqual(surface.updates.map(\.presentation), [1])
        XCTAssertEqual(surface.updates.last?.patch, ["actions": [
            ["title": "OK", "style": "default", "enabled": false, "preferred": true],
            ["title": "Cancel", "style": "cancel", "enabled": true, "preferred": false],
        ]])
        surface.answer(1, with: ["action": 0])
        XCTAssertEqual(recorder.events, [.error(.invalid("the surface answered action 0 (“OK”), which is disabled"))])
        disposable.dispose()
    }

    func testReenablingWhileShownLetsTheActionBeChosen() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        try alert.call("setActionEnabled", .i(0), .b(false))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try alert.present(on: surface, to: recorder).get()
        try alert.call("setActionEnabled", .i(0), .b(true))
        XCTAssertEqual(surface.updates.map(\.patch), [["actions": .array(okCancelActions)]])
        surface.answer(1, with: ["action": 0])
        XCTAssertEqual(recorder.events, [.next(["action": 0, "title": "OK", "style": "default", "textFields": []]), .completed])
        disposable.dispose()
    }

    func testNoUpdateReachesADialogAfterItsAnswerOrItsDisposal() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let answered = try alert.present(on: surface, to: DialogEventRecorder()).get()
        surface.answer(1, with: ["action": 1])
        let disposed = try alert.present(on: surface, to: DialogEventRecorder()).get()
        disposed.dispose()
        try alert.call("setActionEnabled", .i(0), .b(false))
        XCTAssertEqual(surface.updates.count, 0)
        answered.dispose()
        XCTAssertEqual(surface.dismissed, [2, 1])
    }

    func testEveryShownPresentationOfAConfigIsUpdatedAndDismissedOnItsOwn() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        let first = DialogEventRecorder()
        let second = DialogEventRecorder()
        let firstDisposable = try alert.present(on: surface, to: first).get()
        let secondDisposable = try alert.present(on: surface, to: second).get()
        try alert.call("setActionEnabled", .i(1), .b(false))
        XCTAssertEqual(Set(surface.updates.map(\.presentation)), [1, 2])
        surface.answer(2, with: ["action": 0])
        secondDisposable.dispose()
        XCTAssertEqual(first.events, [])
        XCTAssertEqual(second.events, [.next(["action": 0, "title": "OK", "style": "default", "textFields": []]), .completed])
        XCTAssertEqual(surface.dismissed, [2])
        firstDisposable.dispose()
        XCTAssertEqual(surface.dismissed, [2, 1])
    }

    func testASurfaceThatCannotUpdateMakesSetActionEnabledFailButKeepsTheState() throws {
        let alert = try okCancelAlert()
        defer { alert.free() }
        let surface = FakeDialogSurface()
        surface.updateFailure = PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal closed")
        let disposable = try alert.present(on: surface, to: DialogEventRecorder()).get()
        XCTAssertEqual(alert.failure("setActionEnabled", .i(0), .b(false)),
                       PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal closed"))
        disposable.dispose()
        let later = FakeDialogSurface()
        try alert.present(on: later, to: DialogEventRecorder()).get().dispose()
        XCTAssertEqual(later.shown.first?["actions"]?[0]?["enabled"], false)
    }

    func testConfigFreeDismissesAPresentationTheHostLeftShown() throws {
        let alert = try okCancelAlert()
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        _ = try alert.present(on: surface, to: recorder).get()
        alert.free()
        XCTAssertEqual(surface.dismissed, [1])
        XCTAssertEqual(recorder.events, [])
    }

    /// Answers, disposals and updates race from three threads, many times: each
    /// round must dismiss exactly once and emit a well-formed sequence.
    func testRacingAnswerDisposeAndSetActionEnabledKeepOneDismissalAndTheGrammar() throws {
        for round in 0..<300 {
            let alert = try okCancelAlert()
            let surface = FakeDialogSurface()
            let recorder = DialogEventRecorder()
            let disposable = try alert.present(on: surface, to: recorder).get()
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                // A random head start, so that every order of the three happens.
                var spin = 0
                for _ in 0..<Int.random(in: 0..<20_000) { spin &+= 1 }
                withExtendedLifetime(spin) {}
                switch worker {
                // On two cores the third worker often starts last: let it be dispose.
                case 0: _ = alert.failure("setActionEnabled", .i(0), .b(round % 2 == 0))
                case 1: surface.answer(1, with: ["action": 1])
                default: disposable.dispose()
                }
            }
            disposable.dispose()
            alert.free()
            XCTAssertEqual(surface.log.first, "show 1", "round \(round)")
            XCTAssertEqual(surface.log.last, "dismiss 1", "round \(round): never updated after its dismissal")
            XCTAssertEqual(surface.dismissed, [1], "round \(round)")
            let next: DialogEventRecorder.Event = .next(["action": 1, "title": "Cancel", "style": "cancel", "textFields": []])
            XCTAssertTrue([[], [next], [next, .completed]].contains(recorder.events), "round \(round): \(recorder.events)")
            XCTAssertLessThanOrEqual(surface.updates.count, 1, "round \(round): one setActionEnabled, at most one update")
        }
    }
}
