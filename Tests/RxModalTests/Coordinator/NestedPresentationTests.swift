import XCTest
import RxCore
import RxModal

/// Contract 3: a modal presented while another is shown stacks on the surface
/// (the transcript records its depth and parent), and the parent is not lost.
final class NestedPresentationTests: RxTestCase {
    func testModalSubscribedWhileAnotherIsShownStacksAndTheParentStillAnswers() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"expect": {"title": "Parent"}, "choose": "OK", "afterMilliseconds": 300},
         {"expect": {"title": "Child"}, "choose": "OK"}]
        """#)
        let parent = EventRecorder<ModalValue>()
        let child = EventRecorder<ModalValue>()
        let parentSubscription = Dialogs.alert("Parent", on: surface).subscribe(parent.observer)
        surface.waitUntilShown(1)
        let childSubscription = Dialogs.alert("Child", on: surface).subscribe(child.observer)
        child.waitForTerminal()
        parent.waitForTerminal()
        parentSubscription.dispose()
        childSubscription.dispose()

        let transcript = surface.transcript
        XCTAssertEqual(transcript[ifPresent: 1]?["depth"], 1)
        XCTAssertEqual(transcript[ifPresent: 1]?["parent"], 0)
        XCTAssertEqual(parent.elements.map { $0["title"] }, ["OK"])
        XCTAssertEqual(child.elements.map { $0["title"] }, ["OK"])
        // The child came and went while the parent stayed; then the parent answered.
        XCTAssertLessThan(try XCTUnwrap(transcript[ifPresent: 1]?["dismissedAt"]?.intValue), try XCTUnwrap(transcript[ifPresent: 0]?["answeredAt"]?.intValue))
        XCTAssertEqual(transcript.map { $0["dismissals"] }, [1, 1])
    }

    func testModalSubscribedFromInsideAnotherIsShownOnTopOfIt() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Next"}, {"choose": "Done"}]"#)
        let recorder = EventRecorder<ModalValue>()
        let flow = Dialogs.alert("First", actions: [("Next", "default")], on: surface)
            .flatMap { _ in Dialogs.alert("Second", actions: [("Done", "default")], on: surface) }
        let subscription = flow.subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()

        let transcript = surface.transcript
        XCTAssertEqual(recorder.elements.map { $0["title"] }, ["Done"])
        XCTAssertEqual(transcript[ifPresent: 1]?["depth"], 1, "shown while the first was still shown")
        XCTAssertEqual(transcript[ifPresent: 1]?["parent"], 0)
        XCTAssertLessThan(try XCTUnwrap(transcript[ifPresent: 1]?["shownAt"]?.intValue), try XCTUnwrap(transcript[ifPresent: 0]?["dismissedAt"]?.intValue))
        XCTAssertEqual(transcript.map { $0["dismissals"] }, [1, 1])
    }
}
