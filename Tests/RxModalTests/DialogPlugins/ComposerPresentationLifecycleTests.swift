import XCTest
import Dispatch
import RxModal
import RxModalPluginABI

/// The present/dismiss contract of the composers (plugins written in Swift, whose
/// presentation logic is plugins/swift-plugin-support/FormSession.swift), on the
/// messageComposer's shared object driven directly through its descriptor:
/// dismissed exactly once, nothing after dispose, a dispose from inside on_next,
/// an answer from inside show(), a form shown again after a problem, races.
final class ComposerPresentationLifecycleTests: RxTestCase {
    private let cancelAnswer: ModalValue = ["action": 1, "fields": ["recipients": ["0639981337"], "body": "", "subject": "", "attachments": []]]
    private let cancelled: DialogEventRecorder.Event = .next(["result": "cancelled"])

    private func composer() throws -> DialogConfig {
        try DialogPluginLibrary.loaded(DialogPluginLibrary.messageComposer).makeConfig()
    }

    func testTheFormIsShownAndCancelEmitsCancelledThenCompletes() throws {
        let config = try composer()
        defer { config.free() }
        try config.call("setBody", .s("Hello World!"))
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try config.present(on: surface, to: recorder).get()
        XCTAssertEqual(surface.shown.first?["primitive"], "form")
        XCTAssertEqual(surface.shown.first?["fields"]?[2]?["value"], "Hello World!")
        XCTAssertEqual(recorder.events, [])
        surface.answer(1, with: cancelAnswer)
        surface.answer(1, with: ["action": 0])
        XCTAssertEqual(recorder.events, [cancelled, .completed], "only the first answer counts")
        XCTAssertEqual(surface.dismissed, [], "the host dismisses, by disposing")
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testDisposeBeforeAnAnswerDismissesOnceAndNothingIsEmittedAfter() throws {
        let config = try composer()
        defer { config.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try config.present(on: surface, to: recorder).get()
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
        surface.answer(1, with: cancelAnswer)
        surface.fail(1, with: .invalid("too late"))
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
        XCTAssertEqual(recorder.events, [])
    }

    func testDisposeFromInsideOnNextDismissesOnceAndNothingFollows() throws {
        let config = try composer()
        defer { config.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        recorder.onNext = { recorder in
            recorder.disposable?.dispose()
            XCTAssertEqual(surface.dismissed, [1], "dismissed before dispose returns")
        }
        let disposable = try config.present(on: surface, to: recorder).get()
        surface.answer(1, with: cancelAnswer)
        XCTAssertEqual(recorder.events, [cancelled], "no completion after the dispose made inside on_next")
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testAnAnswerFromInsideShowIsDeliveredAndDismissedOnDispose() throws {
        let config = try composer()
        defer { config.free() }
        let surface = FakeDialogSurface()
        surface.answerInsideShow = cancelAnswer
        let recorder = DialogEventRecorder()
        let disposable = try config.present(on: surface, to: recorder).get()
        XCTAssertEqual(recorder.events, [cancelled, .completed])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])
    }

    func testASurfaceErrorIsTheResultsErrorAndASurfaceThatCannotShowFailsPresent() throws {
        let config = try composer()
        defer { config.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try config.present(on: surface, to: recorder).get()
        surface.fail(1, with: PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal: input ended"))
        XCTAssertEqual(recorder.events, [.error(PluginFailure(code: Int32(RXM_ERR_IO), message: "terminal: input ended"))])
        disposable.dispose()
        XCTAssertEqual(surface.dismissed, [1])

        let refusing = FakeDialogSurface()
        refusing.showFailure = PluginFailure(code: Int32(RXM_ERR_NO_SURFACE), message: "no room for a form")
        XCTAssertEqual(config.present(on: refusing, to: DialogEventRecorder()).map { _ in "presented" },
                       .failure(PluginFailure(code: Int32(RXM_ERR_NO_SURFACE), message: "no room for a form")))
    }

    func testAProblemReplacesTheFormOnceAndTheNewOneIsDismissedByDispose() throws {
        let config = try composer()
        defer { config.free() }
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        let disposable = try config.present(on: surface, to: recorder).get()
        surface.answer(1, with: ["action": 0, "fields": ["recipients": [], "body": "typed"]])
        XCTAssertEqual(surface.log, ["show 1", "dismiss 1", "show 2"])
        XCTAssertEqual(surface.shown.last?["fields"]?[0]?["error"], "recipients: at least one recipient is needed", "at the To field")
        XCTAssertEqual(surface.shown.last?["fields"]?[2]?["value"], "typed")
        XCTAssertEqual(recorder.events, [])
        surface.answer(1, with: cancelAnswer)
        XCTAssertEqual(recorder.events, [], "the replaced form's late answer is ignored")
        surface.answer(2, with: cancelAnswer)
        XCTAssertEqual(recorder.events, [cancelled, .completed])
        disposable.dispose()
        XCTAssertEqual(surface.log, ["show 1", "dismiss 1", "show 2", "dismiss 2"])
    }

    func testConfigFreeDismissesAPresentationTheHostLeftShown() throws {
        let config = try composer()
        let surface = FakeDialogSurface()
        let recorder = DialogEventRecorder()
        _ = try config.present(on: surface, to: recorder).get()
        config.free()
        XCTAssertEqual(surface.dismissed, [1])
        XCTAssertEqual(recorder.events, [])
    }

    /// An answer and a dispose race from two threads, many times: each round
    /// dismisses exactly once and emits a well-formed sequence.
    func testRacingAnswerAndDisposeKeepOneDismissalAndTheGrammar() throws {
        for round in 0..<300 {
            let config = try composer()
            let surface = FakeDialogSurface()
            let recorder = DialogEventRecorder()
            let disposable = try config.present(on: surface, to: recorder).get()
            let answer = cancelAnswer
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                var spin = 0
                for _ in 0..<Int.random(in: 0..<20_000) { spin &+= 1 }
                withExtendedLifetime(spin) {}
                if worker == 0 { surface.answer(1, with: answer) } else { disposable.dispose() }
            }
            disposable.dispose()
            config.free()
            XCTAssertEqual(surface.log, ["show 1", "dismiss 1"], "round \(round)")
            XCTAssertTrue([[], [cancelled], [cancelled, .completed]].contains(recorder.events), "round \(round): \(recorder.events)")
        }
    }
}
