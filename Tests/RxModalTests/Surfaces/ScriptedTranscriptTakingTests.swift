import XCTest
import RxModal
import RxCore

/// `takeTranscript`: a long-lived surface hands its transcript over in pieces
/// and keeps only what it has not handed over yet.
final class ScriptedTranscriptTakingTests: RxTestCase {
    func testATakeReturnsEverythingAndForgetsWhatWasDismissed() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Sign In"}, {"choose": "Sign In"}, {"choose": "Sign In"}]"#)
        _ = try surface.answer(Specs.signIn)
        _ = try surface.answer(Specs.signIn)
        XCTAssertEqual(surface.takeTranscript().map { $0["index"] }, [0, 1])
        XCTAssertEqual(surface.transcript, [])
        _ = try surface.answer(Specs.signIn)
        XCTAssertEqual(surface.takeTranscript().map { $0["index"] }, [2], "the index goes on counting")
    }

    /// A presentation still shown keeps its record: its answer and dismissal
    /// come in the next take.
    func testARecordOfAPresentationStillShownComesAgainCompleted() throws {
        let surface = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let presentation = try surface.show(spec: Specs.signIn, onResult: { _ in }, onError: { _ in })
        XCTAssertEqual(surface.takeTranscript().first?["dismissed"], false)
        try surface.update(presentation, patch: ["title": "Later"])
        surface.dismiss(presentation)
        let again = surface.takeTranscript()
        XCTAssertEqual(again.count, 1)
        XCTAssertEqual(again.first?["dismissed"], true)
        XCTAssertEqual(again.first?["updates"], [["title": "Later"]])
        XCTAssertEqual(surface.takeTranscript(), [])
    }

    /// Hundreds of presentations, taken as they go: no take grows with the
    /// number shown before it (beyond the digits of its indexes and sequence
    /// numbers; kept, the last would be thirty times the first).
    func testTakesStayTheSameSizeOverManyPresentations() throws {
        let steps = Array(repeating: #"{"choose": "Sign In"}"#, count: 300).joined(separator: ",")
        let surface = try ScriptedSurface(json: "[\(steps)]")
        var sizes: [Int] = []
        for round in 1...300 {
            _ = try surface.answer(Specs.signIn)
            if round % 10 == 0 { sizes.append(surface.takeTranscriptJSON().utf8.count) }
        }
        let first = try XCTUnwrap(sizes.first), last = try XCTUnwrap(sizes.last)
        XCTAssertLessThan(last, first + first / 4, "takes grew from \(first) to \(last) bytes")
        XCTAssertEqual(surface.transcriptJSON, "[]")
    }
}
