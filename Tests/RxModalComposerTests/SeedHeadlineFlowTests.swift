import XCTest
import Foundation
import RxCore
import RxModal
import MailTestSupport

/// The seed's README example, on the scripted surface: a button tap →
/// `flatMapFirst` → an action sheet offering Mail and Message → the chosen
/// composer → sent, for real (an SMTP server on loopback through msmtp; a
/// transport command standing in for the phone).
final class SeedHeadlineFlowTests: RxTestCase {
    /// The seed threw `RxModalError.unsupported` where `canSendMail()` was
    /// false; its users' `catch` catches the runtime's unmet precondition.
    func testWhereMailCannotBeSentTheSeedsCatchSeesUnsupported() async throws {
        let world = try MailWorld()
        defer { world.close() }
        world.environment.set("RXMODAL_SENDMAIL", "/nonexistent/sendmail")
        let surface = try ScriptedSurface(json: #"[{"choose": "Send"}]"#)
        do {
            _ = try await RxModal.mailComposer(presenter: .surface(surface)) {
                $0.setToRecipients(["rxmodal@rxswiftcommunity.org"])
            }.value
            XCTFail("the composer was presented although mail cannot be sent")
        } catch RxModalError.unsupported {
            XCTAssertFalse(RxModal.canSendMail())
        }
        XCTAssertEqual(surface.transcript, [], "nothing was shown")
    }

    func testContactUsButtonLeadsToAMailThatArrivesAndAMessageThatIsSent() throws {
        let world = try MailWorld()
        defer { world.close() }
        let record = world.directory.appendingPathComponent("argv")
        world.environment.set("RXMODAL_SMS_COMMAND", try world.script("fake-phone", """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\0' "$argument"; done > '\(record.path)'
            """))
        let surface = try ScriptedSurface(json: #"""
            [{"expect": {"primitive": "dialog", "style": "actionSheet"}, "choose": "Mail"},
             {"expect": {"primitive": "form", "title": "New Message"}, "choose": "Send"},
             {"expect": {"primitive": "dialog", "style": "actionSheet"}, "choose": "Message"},
             {"expect": {"primitive": "form", "title": "New Message"}, "choose": "Send"}]
            """#)
        let presenter = Presenter.surface(surface)
        let drafts = world.drafts.path

        // As in the seed's README.
        let mailComposer = RxModal.mailComposer(presenter: presenter) {
            $0.setToRecipients([
                "rxmodal@rxswiftcommunity.org"
            ])
            $0.setMessageBody(
                "Hello World!",
                isHTML: false
            )
            $0.draftsDirectory = drafts
        }
        let messageComposer = RxModal.messageComposer(presenter: presenter) {
            $0.recipients = ["0639981337"]
            $0.body = "Hello World!"
        }
        let contactUsButtonTaps = PublishSubject<Void>()
        let results = ResultList()
        let flowsEnded = ResultList()
        let subscription = contactUsButtonTaps
            .flatMapFirst {
                RxModal.actionSheet(
                    presenter: presenter,
                    source: "contactUsButton",
                    actions: [
                        .default(title: "Mail", flatMapTo: mailComposer.asObservable().map { "mail: \($0)" }),
                        .default(title: "Message", flatMapTo: messageComposer.asObservable().map { "message: \($0)" }),
                        .cancel(title: "Cancel"),
                    ])
                    .do(onCompleted: { flowsEnded.append("ended") })
            }
            .subscribe(onNext: { results.append($0) }, onError: { results.append("error: \($0)") })

        contactUsButtonTaps.onNext(())
        contactUsButtonTaps.onNext(())   // ignored: the first flow is still running (flatMapFirst)
        XCTAssertTrue(results.wait(for: 1), "\(results.all) \(surface.transcriptJSON)")
        // flatMapFirst takes the next tap once the sheet's flow has completed, which
        // it learns on the thread that completed it, a moment after the result: tap
        // as a person would, until the sheet is shown again (bounded).
        XCTAssertTrue(flowsEnded.wait(for: 1))
        let deadline = Date().addingTimeInterval(10)
        while surface.transcript.count < 3 && Date() < deadline {
            contactUsButtonTaps.onNext(())
            usleep(5_000)
        }
        XCTAssertTrue(results.wait(for: 2), "\(results.all) \(surface.transcriptJSON)")
        subscription.dispose()

        XCTAssertEqual(results.all, ["mail: sent", "message: sent"])
        let transcript = surface.transcript
        guard transcript.count == 4 else { return XCTFail("one sheet per accepted tap, one composer per choice: \(surface.transcriptJSON)") }
        XCTAssertEqual(transcript[ifPresent: 0]?["spec"]?["source"], "contactUsButton")
        XCTAssertEqual(transcript[ifPresent: 0]?["spec"]?["actions"]?.arrayValue?.map { $0["title"] }, ["Mail", "Message", "Cancel"])
        XCTAssertEqual(transcript[ifPresent: 1]?["spec"]?["fields"]?[0]?["value"], ["rxmodal@rxswiftcommunity.org"])
        XCTAssertEqual(transcript[ifPresent: 1]?["spec"]?["fields"]?[4]?["value"], "Hello World!")
        XCTAssertEqual(transcript[ifPresent: 3]?["spec"]?["fields"]?[0]?["value"], ["0639981337"])
        for index in 0..<4 {
            XCTAssertEqual(transcript[index]["dismissals"], 1, "presentation \(index) dismissed once")
            XCTAssertEqual(transcript[index]["depth"], 0, "presentation \(index) shown alone: the sheet went away first")
        }
        XCTAssertLessThan(try XCTUnwrap(transcript[ifPresent: 0]?["dismissedAt"]?.intValue), try XCTUnwrap(transcript[ifPresent: 1]?["shownAt"]?.intValue))

        let arrival = try world.server.waitForMessage(1)
        XCTAssertEqual(arrival.rcptTos, ["rxmodal@rxswiftcommunity.org"])
        let parsed = try ParsedMessage(file: arrival.file)
        XCTAssertEqual(parsed.addresses["to"], [["", "rxmodal@rxswiftcommunity.org"]])
        XCTAssertEqual(parsed.parts(ofType: "text/plain").first?["text"] as? String, "Hello World!\n", "a single-part message ends with a line break")
        XCTAssertEqual(world.server.receivedCount, 1)

        let argv = try Data(contentsOf: record).split(separator: 0, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(argv, ["--body=Hello World!", "--", "0639981337"])
    }
}

/// Results collected from any thread, with a bounded wait.
final class ResultList: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [String] = []

    func append(_ item: String) {
        condition.lock()
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    var all: [String] {
        condition.lock()
        defer { condition.unlock() }
        return items
    }

    func wait(for count: Int, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while items.count < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
