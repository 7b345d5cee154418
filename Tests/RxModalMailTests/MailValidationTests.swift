import XCTest
import Foundation
import RxModalMail
import MailTestSupport

/// Addresses, MIME types and attachment files are checked before anything is written.
final class MailValidationTests: RxTestCase {
    func testAcceptsAddrSpecsDisplayNamesQuotedPartsAndIDNDomains() throws {
        let cases: [(String, String?, String)] = [
            ("alice@example.org", nil, "alice@example.org"),
            ("  Alice Liddell <alice@example.org> ", "Alice Liddell", "alice@example.org"),
            ("\"Doe, Jane\" <jane@example.org>", "Doe, Jane", "jane@example.org"),
            ("<bare@example.org>", nil, "bare@example.org"),
            ("first.last+tag@sub.example.co.uk", nil, "first.last+tag@sub.example.co.uk"),
            ("\"very odd local\"@example.org", nil, "\"very odd local\"@example.org"),
            ("user@localhost", nil, "user@localhost"),
            ("user@[192.0.2.1]", nil, "user@[192.0.2.1]"),
            ("Jürgen <j@bücher.example>", "Jürgen", "j@bücher.example"),
            ("δοκιμή@παράδειγμα.δοκιμή".replacingOccurrences(of: "δοκιμή@", with: "test@"), nil, "test@παράδειγμα.δοκιμή"),
        ]
        for (input, name, spec) in cases {
            let address = try MailAddress(parsing: input, field: "to[0]")
            XCTAssertEqual(address.displayName, name, input)
            XCTAssertEqual(address.addrSpec, spec, input)
        }
        XCTAssertEqual(try MailAddress(parsing: "j@bücher.example", field: "to").asciiAddrSpec, "j@xn--bcher-kva.example")
        XCTAssertEqual(try MailAddress(parsing: "a@München.DE", field: "to").asciiDomain, "xn--mnchen-3ya.de")
    }

    func testRefusesMalformedAddressesNamingTheField() {
        let bad = ["", "plainaddress", "@example.org", "alice@", "alice@@example.org", "a..b@example.org", ".a@example.org",
                   "a.@example.org", "alice@-example.org", "alice@example-.org", "alice@exa mple.org", "alice@example..org",
                   "Alice <alice@example.org", "Al<ice <alice@example.org>", "a\"b@example.org", "ü@example.org",
                   "alice@exa_mple.org", String(repeating: "a", count: 65) + "@example.org", "alice@" + String(repeating: "b", count: 64) + ".org"]
        for input in bad {
            let message = MailMessage(toRecipients: ["ok@example.org"], ccRecipients: [input])
            XCTAssertThrowsError(try message.validated(), input) { error in
                XCTAssertEqual(error as? MailValidationError, MailValidationError(field: "cc[0]", reason: .invalidAddress), input)
            }
        }
    }

    func testRefusesMalformedMIMETypeAndEmptyFileName() {
        let badType = MailMessage(attachments: [MailAttachment(data: Data(), mimeType: "application", fileName: "a")])
        XCTAssertThrowsError(try badType.validated()) {
            XCTAssertEqual($0 as? MailValidationError, MailValidationError(field: "attachments[0].mimeType", reason: .invalidMIMEType))
        }
        let emptyName = MailMessage(attachments: [MailAttachment(data: Data(), mimeType: "text/plain", fileName: "a"),
                                                  MailAttachment(data: Data(), mimeType: "text/plain", fileName: " ")])
        XCTAssertThrowsError(try emptyName.validated()) {
            XCTAssertEqual($0 as? MailValidationError, MailValidationError(field: "attachments[1].fileName", reason: .emptyFileName))
        }
    }

    func testAttachingAFileReadsItsBytesAndRefusesMissingFilesAndDirectories() throws {
        let directory = try MailTestTools.temporaryDirectory("attach")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes é.txt")
        try Data([0, 1, 2, 255]).write(to: file)
        let attachment = try MailAttachment(contentsOfFile: file.path, mimeType: "text/plain", field: "attachments[0].path")
        XCTAssertEqual(attachment.data, Data([0, 1, 2, 255]))
        XCTAssertEqual(attachment.fileName, "notes é.txt")

        XCTAssertThrowsError(try MailAttachment(contentsOfFile: directory.appendingPathComponent("missing").path, field: "attachments[1].path")) { error in
            let validation = error as? MailValidationError
            XCTAssertEqual(validation?.field, "attachments[1].path")
            guard case .unreadableAttachment(let detail)? = validation?.reason else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("no such file"), detail)
        }
        XCTAssertThrowsError(try MailAttachment(contentsOfFile: directory.path, field: "attachments[2].path")) { error in
            guard case .unreadableAttachment(let detail)? = (error as? MailValidationError)?.reason else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("is a directory"), detail)
        }
    }

    func testConfiguredIdentityMustBeAValidAddress() {
        XCTAssertThrowsError(try MailIdentity.resolve(environment: ["RXMODAL_MAIL_FROM": "not an address"])) {
            XCTAssertEqual($0 as? MailValidationError, MailValidationError(field: "RXMODAL_MAIL_FROM", reason: .invalidAddress))
        }
        XCTAssertEqual(try MailIdentity.resolve(environment: ["USER": "someone"]).address.localPart, "someone")
    }
}
