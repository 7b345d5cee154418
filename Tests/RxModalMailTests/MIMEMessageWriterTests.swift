import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// The writer's output on its own (no transport), parsed by Python's `email` package.
final class MIMEMessageWriterTests: RxTestCase {
    private func parse(_ data: Data) throws -> ParsedMessage {
        let directory = try MailTestTools.temporaryDirectory("writer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("message.eml")
        try data.write(to: file)
        return try ParsedMessage(file: file)
    }

    private let writer = MIMEMessageWriter(identity: try! MailIdentity(address: MailAddress(parsing: "me@example.org", field: "from")))

    func testLongASCIISubjectWithRunsOfSpacesFoldsWithoutWhiteSpaceOnlyLinesAndUnfoldsExactly() throws {
        let subject = (0..<12).map { "word\($0)" }.joined(separator: "  ") + "   end"
        let data = writer.write(try MailMessage(toRecipients: ["a@example.org"], subject: subject, body: "x").validated())
        let parsed = try parse(data)
        XCTAssertEqual(parsed.header("Subject"), subject)
        let headerLines = (parsed.raw["header_block"] as? String ?? "").components(separatedBy: "\r\n")
        XCTAssertGreaterThan(headerLines.filter { $0.hasPrefix(" ") }.count, 0, "the subject should have been folded")
        for line in headerLines {
            XCTAssertFalse(line.allSatisfy { $0 == " " || $0 == "\t" }, "white-space-only header line")
            XCTAssertLessThanOrEqual(line.utf8.count, 78, line)
        }
    }

    func testSubjectsEndingInSpacesNeverFoldIntoAWhiteSpaceOnlyLine() throws {
        for length in 55...80 {
            let subject = String(repeating: "x", count: length) + " tail  "
            let data = writer.write(try MailMessage(toRecipients: ["a@example.org"], subject: subject, body: "x").validated())
            let headerBlock = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
            for line in headerBlock.components(separatedBy: "\r\n") {
                XCTAssertFalse(line.allSatisfy { $0 == " " || $0 == "\t" }, "white-space-only header line for length \(length)")
            }
        }
    }

    func testOnlyBlindRecipientsGiveAnUndisclosedRecipientsGroupAndNoBcc() throws {
        let validated = try MailMessage(bccRecipients: ["hidden@example.org"], subject: "", body: "x").validated()
        let parsed = try parse(writer.write(validated))
        XCTAssertEqual(parsed.header("To"), "undisclosed-recipients:;")
        XCTAssertNil(parsed.header("Bcc"))
        XCTAssertEqual(parsed.raw["has_bcc_text"] as? Bool, false)
        XCTAssertFalse(String(decoding: writer.write(validated), as: UTF8.self).contains("hidden@example.org"))
        XCTAssertEqual(validated.envelopeRecipients, ["hidden@example.org"])
        XCTAssertEqual(try parse(writer.write(validated, purpose: .draft)).addresses["bcc"], [["", "hidden@example.org"]])
    }

    // Found by fuzzing (scripts/fuzz mail-headers): a long display name was one
    // unfoldable token, and its header line passed RFC 5322's limit of 998.
    func testALongDisplayNameKeepsEveryHeaderLineWithinTheLimitAndReadsBack() throws {
        for name in [String(repeating: "A", count: 1200), String(repeating: "Ada, ", count: 250) + "Lovelace"] {
            let quoted = "\"" + name + "\""
            let message = try MailMessage(toRecipients: ["\(quoted) <a@example.org>"], ccRecipients: ["\(quoted) <b@example.org>"],
                                          subject: "s", body: "x").validated()
            let data = writer.write(message)
            let headerBlock = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n\r\n").first ?? ""
            for line in headerBlock.components(separatedBy: "\r\n") {
                XCTAssertLessThanOrEqual(line.utf8.count, 998, String(line.prefix(80)))
            }
            // The encoded-words of the To field, joined as RFC 2047 says (Python's
            // parser puts a space between them, so it is not asked here).
            let to = headerBlock.components(separatedBy: "\r\nCc:").first ?? ""
            let words = to.components(separatedBy: "=?UTF-8?B?").dropFirst().compactMap { $0.components(separatedBy: "?=").first }
            let decoded = words.compactMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }.joined()
            XCTAssertEqual(decoded, name)
            XCTAssertEqual(try parse(data).addresses["to"]?.first?.last, "a@example.org")
        }
    }

    func testSubjectThatLooksLikeAnEncodedWordIsEncodedSoItReadsBackLiterally() throws {
        let subject = "=?UTF-8?B?aGk=?= is not a greeting"
        let parsed = try parse(writer.write(try MailMessage(toRecipients: ["a@example.org"], subject: subject, body: "x").validated()))
        XCTAssertEqual(parsed.header("Subject"), subject)
    }
}
