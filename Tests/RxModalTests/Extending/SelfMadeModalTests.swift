import XCTest
import RxCore
import RxModal
import RxTestSupport

// The guide's one-screen example (docs/guides/Extending.md, "A self-made
// modal"), compiled and run here: a star rating built from a `choice`.

/// A star rating: the app's own modal, made from a `choice` of the surface.
final class RatingController: ModalController {
    var title = "How was it?"
    /// One to five stars; completes without a value when the user cancels.
    let stars = PublishSubject<Int>()

    func present(on surface: any ModalSurface) throws -> Disposable {
        let items = (1...5).map { count -> ModalValue in ["title": .string(String(repeating: "★", count: count))] }
        return surface.show(["primitive": "choice", "title": .string(title), "items": .array(items)])
            .asObservable()
            .compactMap { answer in answer["selected"]?[0]?.intValue.map { Int($0) + 1 } }   // nil: cancelled
            .subscribe(stars)
    }
}

extension RxModal {
    /// Asks for a rating: shown on subscribe, dismissed on dispose.
    static func rating(presenter: Presenter = .default,
                       configuration: @escaping (RatingController) -> Void = { _ in }) -> Maybe<Int> {
        RxModalCoordinator<RatingController>.present(using: presenter) { _ in
            let controller = RatingController()
            configuration(controller)
            return controller
        } sequence: {
            $0.controller.stars.asMaybe()
        }
    }
}

/// A self-made modal, wrapped by `RxModalCoordinator`, keeps the contract every
/// kind keeps: nothing before subscribe, the value while shown, dismissed
/// exactly once, before the end is forwarded, or when disposed.
final class SelfMadeModalTests: RxTestCase {
    func testTheRatingIsShownOnSubscribeAndItsAnswerEmittedThenDismissed() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"primitive": "choice", "title": "Rate the talk"}, "select": [3]}]"#)
        let rating = RxModal.rating(presenter: .surface(surface)) { $0.title = "Rate the talk" }
        surface.drain()
        XCTAssertEqual(surface.transcript, [], "describing the modal shows nothing")

        let recorder = runModal(rating.asObservable(), snapshot: { surface.transcript })
        surface.drain()

        XCTAssertEqual(recorder.elements, [4])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(surface.transcript.first?["spec"]?["items"]?.arrayValue?.count, 5)
        XCTAssertEqual(recorder.transcriptsAtEvents.map { $0.first?["dismissed"] }, [true, true],
                       "a Maybe's value comes with its end, after the dismissal")
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testTheObservableFormForwardsValuesWhileShownAndTheEndAfterTheDismissal() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [1]}]"#)
        let stars = RxModalCoordinator<RatingController>.present(using: .surface(surface)) { _ in
            RatingController()
        } sequence: {
            $0.controller.stars.asObservable()
        }
        let recorder = runModal(stars, snapshot: { surface.transcript })
        XCTAssertEqual(recorder.elements, [2])
        XCTAssertEqual(recorder.transcriptsAtEvents.map { $0.first?["dismissed"] }, [false, true])
    }

    func testTheCompletableFormEndsWhenTheFlowDoes() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [0]}]"#)
        let done = RxModalCoordinator<RatingController>.present(using: .surface(surface)) { _ in
            RatingController()
        } sequence: {
            $0.controller.stars.ignoreElements().asCompletable()
        }
        let recorder = runModal(done.asObservable())
        XCTAssertTrue(recorder.completed)
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testCancellingCompletesWithoutAValue() throws {
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let recorder = runModal(RxModal.rating(presenter: .surface(surface)).asObservable())
        XCTAssertEqual(recorder.elements, [])
        XCTAssertTrue(recorder.completed)
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testDisposingBeforeAnAnswerDismisses() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let recorder = EventRecorder<Int>()
        let subscription = RxModal.rating(presenter: .surface(surface)).asObservable().subscribe(recorder.observer)
        surface.waitUntilShown(1)
        subscription.dispose()
        surface.drain()
        XCTAssertEqual(recorder.events.count, 0)
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testDisposedBeforeItsTurnOnTheSurfacesQueueItShowsNothing() throws {
        let surface = try ScriptedSurface(json: #"[{"select": [0]}]"#)
        let gate = DispatchSemaphore(value: 0)
        surface.queue.async { gate.wait() }   // holds the queue the rating would be shown on
        let recorder = EventRecorder<Int>()
        let subscription = RxModal.rating(presenter: .surface(surface)).asObservable().subscribe(recorder.observer)
        subscription.dispose()
        gate.signal()
        surface.drain()
        XCTAssertEqual(surface.transcript, [])
        XCTAssertEqual(recorder.events.count, 0)
    }

    func testAScriptMismatchReachesTheSubscriberAsItsCase() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "OK"}]"#)
        let recorder = runModal(RxModal.rating(presenter: .surface(surface)).asObservable())
        guard case .scriptMismatch(1, _)? = recorder.error as? ModalError else {
            return XCTFail("expected the script's mismatch, got \(String(describing: recorder.error))")
        }
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testWithoutASurfaceItFailsAsTheSeedsMissingPresenter() throws {
        let environment = EnvironmentOverride()
        defer { environment.restore() }
        environment.set("RXMODAL_SCRIPT", nil)
        // With a controlling terminal, `.default` would rightly present there.
        try XCTSkipIf(processHasControllingTerminal, "the tests have a controlling terminal: run them with setsid")
        let recorder = runModal(RxModal.rating().asObservable())
        do {
            throw recorder.error ?? TestFailure(name: "no error")
        } catch RxModalError.missingPresenter {
            XCTAssertEqual(recorder.error as? ModalError, .missingSurface)
        }
    }

    func testASecondModalSubscribedFromTheFirstsAnswerStacksInOrder() throws {
        // Two self-made modals in a row: the second is shown from the first's answer.
        let surface = try ScriptedSurface(json: #"[{"select": [4]}, {"select": [0]}]"#)
        let both = RxModal.rating(presenter: .surface(surface)) { $0.title = "Talk" }
            .asObservable()
            .flatMap { talk in
                RxModal.rating(presenter: .surface(surface)) { $0.title = "Venue" }.asObservable().map { [talk, $0] }
            }
        let recorder = runModal(both)
        XCTAssertEqual(recorder.elements, [[5, 1]])
        surface.drain()
        XCTAssertEqual(surface.transcript.map { $0["spec"]?["title"] }, ["Talk", "Venue"])
        XCTAssertEqual(surface.transcript.map { $0["dismissals"] }, [1, 1])
    }
}
