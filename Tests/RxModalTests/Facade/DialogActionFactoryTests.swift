import XCTest
import RxCore
import RxModal

/// Every factory of DialogAction, for each style: what the dialog shows and
/// what it emits when the action is chosen.
final class DialogActionFactoryTests: RxTestCase {
    /// Shows `action` (second, after a "Filler" cancel action), chooses it, and
    /// returns what the alert emitted and the action as shown.
    private func choose(_ action: DialogAction<String>, style: String,
                        file: StaticString = #filePath, line: UInt = #line) throws -> EventRecorder<String> {
        let surface = try ScriptedSurface(json: #"[{"choose": 1}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), title: "Factories",
                                         actions: [.cancel(title: "Filler"), action]), file: file, line: line)
        let shown = surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[1]
        XCTAssertEqual(shown?["title"], "Chosen", file: file, line: line)
        XCTAssertEqual(shown?["style"], .string(style), file: file, line: line)
        return recorder
    }

    func testFlatMapEmitsWhatTheObservableEmitsForEachStyle() throws {
        let makers: [(String, DialogAction<String>)] = [
            ("default", .default(title: "Chosen", flatMap: { _ in .of("a", "b") })),
            ("destructive", .destructive(title: "Chosen", flatMap: { _ in .of("a", "b") })),
        ]
        for (style, action) in makers {
            let recorder = try choose(action, style: style)
            XCTAssertEqual(recorder.elements, ["a", "b"], style)
            XCTAssertTrue(recorder.completed, style)
        }
        // A cancel action must be the only one: test it alone.
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            .default(title: "Other"), .cancel(title: "Chosen", flatMap: { _ in .of("a", "b") }),
        ]))
        XCTAssertEqual(recorder.elements, ["a", "b"])
        XCTAssertEqual(surface.transcript[ifPresent: 0]?["spec"]?["actions"]?[1]?["style"], "cancel")
    }

    func testFlatMapToEmitsTheGivenObservable() throws {
        XCTAssertEqual(try choose(.default(title: "Chosen", flatMapTo: .of("x", "y")), style: "default").elements, ["x", "y"])
        XCTAssertEqual(try choose(.destructive(title: "Chosen", flatMapTo: .just("z")), style: "destructive").elements, ["z"])
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertEqual(runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<String>.cancel(title: "Chosen", flatMapTo: .just("c")),
        ])).elements, ["c"])
    }

    func testMapEmitsTheMappedValue() throws {
        XCTAssertEqual(try choose(.default(title: "Chosen", map: { _ in "mapped" }), style: "default").elements, ["mapped"])
        XCTAssertEqual(try choose(.destructive(title: "Chosen", map: { _ in "gone" }), style: "destructive").elements, ["gone"])
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertEqual(runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<String>.cancel(title: "Chosen", map: { _ in "back" }),
        ])).elements, ["back"])
    }

    func testMapThatThrowsFailsTheDialog() throws {
        let recorder = try choose(.default(title: "Chosen", map: { _ in throw TestFailure(name: "map") }), style: "default")
        XCTAssertEqual(recorder.error as? TestFailure, TestFailure(name: "map"))
        XCTAssertEqual(recorder.elements, [])
    }

    func testMapToEmitsTheValueThenCompletes() throws {
        let recorder = try choose(.default(title: "Chosen", mapTo: "value"), style: "default")
        XCTAssertEqual(recorder.elements, ["value"])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(try choose(.destructive(title: "Chosen", mapTo: "d"), style: "destructive").elements, ["d"])
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertEqual(runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<String>.cancel(title: "Chosen", mapTo: "c"),
        ])).elements, ["c"])
    }

    func testThrowFailsWithTheError() throws {
        XCTAssertEqual(try choose(.default(title: "Chosen", throw: TestFailure(name: "d")), style: "default").error as? TestFailure,
                       TestFailure(name: "d"))
        XCTAssertEqual(try choose(.destructive(title: "Chosen", throw: TestFailure(name: "x")), style: "destructive").error as? TestFailure,
                       TestFailure(name: "x"))
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        XCTAssertEqual(runModal(RxModal.alert(presenter: .surface(surface), actions: [
            DialogAction<String>.cancel(title: "Chosen", throw: TestFailure(name: "c")),
        ])).error as? TestFailure, TestFailure(name: "c"))
    }

    func testTitleOnlyCompletesEmpty() throws {
        let recorder = try choose(.default(title: "Chosen"), style: "default")
        XCTAssertEqual(recorder.elements, [])
        XCTAssertTrue(recorder.completed)
        XCTAssertTrue(try choose(.destructive(title: "Chosen"), style: "destructive").completed)
        let surface = try ScriptedSurface(json: #"[{"cancel": true}]"#)
        let cancelled = runModal(RxModal.alert(presenter: .surface(surface), actions: [DialogAction<String>.cancel(title: "Chosen")]))
        XCTAssertEqual(cancelled.events.count, 1)
        XCTAssertTrue(cancelled.completed)
    }

    func testPreferredMarksThatActionOnly() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Sign In"}]"#)
        let recorder = runModal(RxModal.alert(presenter: .surface(surface), actions: [
            .cancel(title: "Cancel"),
            .preferred(.default(title: "Sign In", mapTo: 1)),
            .default(title: "Help", mapTo: 2),
        ]))
        XCTAssertEqual(recorder.elements, [1])
        let actions = surface.transcript[ifPresent: 0]?["spec"]?["actions"]?.arrayValue ?? []
        XCTAssertEqual(actions.map { $0["preferred"] ?? false }, [false, true, false])
    }
}
