import XCTest
import Dispatch
import RxCore
import RxModal

/// The Void overloads: one dialog offers flows of different element types, and
/// the seed's README flow (a tap → flatMapFirst → an action sheet of two flows).
final class VoidOverloadTests: RxTestCase {
    /// Stand-ins for the seed's mail and message composers (not built yet).
    private let mailComposer = Observable<Int>.of(1, 2)
    private let messageComposer = Single<String>.just("sent")

    func testActionsOfDifferentElementTypesShareOneVoidDialog() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Message"}]"#)
        let recorder = runModal(RxModal.actionSheet(presenter: .surface(surface), source: "contactUsButton", actions: [
            .default(title: "Mail", flatMapTo: mailComposer),
            .default(title: "Message", flatMapTo: messageComposer),
            .destructive(title: "Mail twice", flatMap: { _ in self.mailComposer.concat(self.mailComposer) }),
            .cancel(title: "Cancel"),
        ]))
        XCTAssertEqual(recorder.elements.count, 1, "the Single's one value, as Void")
        XCTAssertTrue(recorder.completed)
    }

    func testVoidFlatMapMapsEveryElement() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Mail"}, {"cancel": true}, {"choose": "Other"}]"#)
        XCTAssertEqual(runModal(RxModal.actionSheet(presenter: .surface(surface), actions: [
            .default(title: "Mail", flatMap: { _ in self.mailComposer }), .cancel(title: "Cancel"),
        ])).elements.count, 2)
        // A Single<String> fits both DialogAction<String> and the Void overloads:
        // the element type is named, as the seed needs too.
        XCTAssertEqual(runModal(RxModal.actionSheet(Void.self, presenter: .surface(surface), actions: [
            .default(title: "Mail"), .cancel(title: "Cancel", flatMapTo: messageComposer),
        ])).elements.count, 1)
        XCTAssertEqual(runModal(RxModal.actionSheet(presenter: .surface(surface), actions: [
            .destructive(title: "Other", flatMapTo: mailComposer), .cancel(title: "Cancel", flatMap: { _ in self.mailComposer }),
        ])).elements.count, 2)
    }

    func testSeedReadmeFlowIgnoresTapsWhileTheSheetAndItsFlowRun() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"expect": {"source": "contactUsButton"}, "choose": "Mail", "afterMilliseconds": 400},
         {"choose": "Message", "afterMilliseconds": 400},
         {"cancel": true, "afterMilliseconds": 400}]
        """#)
        let taps = PublishSubject<Void>()
        let chosen = PublishSubject<String>()
        let recorder = EventRecorder<Void>()
        // Signalled when a sheet's flow has ended, so that the next tap finds
        // flatMapFirst idle: the end arrives asynchronously, on the surface's queue.
        let flowEnded = DispatchSemaphore(value: 0)
        let subscription = taps
            .flatMapFirst { _ in
                RxModal.actionSheet(presenter: .surface(surface), source: "contactUsButton", actions: [
                    .default(title: "Mail", flatMapTo: Observable<String>.just("mail").do(onNext: { chosen.onNext($0) })),
                    .default(title: "Message", flatMapTo: Observable<String>.just("message").do(onNext: { chosen.onNext($0) })),
                    .cancel(title: "Cancel"),
                ])
                .do(onDispose: { flowEnded.signal() })
            }
            .subscribe(recorder.observer)
        let flows = EventRecorder<String>()
        let flowsSubscription = chosen.subscribe(flows.observer)

        for expected in 1...3 {
            if expected > 1 {
                XCTAssertEqual(flowEnded.wait(timeout: .now() + .seconds(10)), .success, "sheet \(expected - 1)'s flow never ended")
            }
            taps.onNext(())
            surface.waitUntilShown(expected)
            // The sheet is up and answers 400 ms after it was shown (every step
            // waits, so that this tap cannot come after a quick answer under load).
            taps.onNext(())   // ignored by flatMapFirst

            surface.waitUntilDismissed(expected - 1)
            surface.drain()
        }
        subscription.dispose()
        flowsSubscription.dispose()

        XCTAssertEqual(surface.transcript.count, 3, "one sheet per tap that was not ignored")
        XCTAssertEqual(flows.elements, ["mail", "message"])
        XCTAssertEqual(recorder.elements.count, 2)
        XCTAssertEqual(surface.transcript.map { $0["dismissals"] }, [1, 1, 1])
    }
}
