import XCTest
import RxModal

final class MethodSignatureTests: RxTestCase {
    func testParsesEveryCodeIntoItsKindInOrder() throws {
        let signature = try MethodSignature("bidsySv")
        XCTAssertEqual(signature.kinds, [.bool, .int, .double, .string, .bytes, .strings, .value])
        XCTAssertEqual(signature.code, "bidsySv")
    }

    func testBytesAndStringArraysExpandToTwoCArguments() throws {
        XCTAssertEqual(try MethodSignature("yss").cArgumentCount, 4)
        XCTAssertEqual(try MethodSignature("S").cArgumentTypes, ["const char *const *", "size_t"])
        XCTAssertEqual(try MethodSignature("bidv").cArgumentCount, 4)
        XCTAssertEqual(try MethodSignature("").cArgumentCount, 0)
    }

    func testCPrototypeWrapsTheArgumentsInConfigAndError() throws {
        XCTAssertEqual(try MethodSignature("yss").cPrototype(name: "addAttachmentData"),
                       "int addAttachmentData(void *config, const uint8_t *, size_t, const char *, const char *, rxm_error *error)")
        XCTAssertEqual(try MethodSignature("").cPrototype(name: "touch"), "int touch(void *config, rxm_error *error)")
    }

    func testHumanFormUsesTheArgumentNamesTrimmedOfSpaces() throws {
        let signature = try MethodSignature("sb", argumentNames: "body, isHTML")
        XCTAssertEqual(signature.argumentNames, ["body", "isHTML"])
        XCTAssertEqual(signature.humanForm, "body: string, isHTML: bool")
        XCTAssertEqual(try MethodSignature("Sv", argumentNames: "to,extra").humanForm, "to: [string], extra: value")
    }

    func testMissingArgumentNamesAreNumbered() throws {
        XCTAssertEqual(try MethodSignature("id").humanForm, "argument 1: int, argument 2: double")
        XCTAssertEqual(try MethodSignature("y", argumentNames: "").humanForm, "argument 1: bytes")
        XCTAssertEqual(try MethodSignature("").humanForm, "")
    }

    func testUnknownCodeIsRefusedNamingItAndItsPosition() {
        XCTAssertThrowsError(try MethodSignature("sbx")) { error in
            XCTAssertEqual(error as? ModalError,
                           .malformedValue("signature “sbx”: unknown code “x” at position 3; known codes: b i d s y S v"))
        }
        // Codes are case-sensitive: 'B' is not 'b', 's' is not 'S'.
        XCTAssertThrowsError(try MethodSignature("B"))
        XCTAssertThrowsError(try MethodSignature("s "))
    }

    func testArgumentNamesMustMatchTheArgumentsOneForOne() {
        XCTAssertThrowsError(try MethodSignature("sb", argumentNames: "body")) { error in
            XCTAssertEqual(error as? ModalError,
                           .malformedValue("signature “sb” has 2 arguments but argument_names “body” names 1"))
        }
        XCTAssertThrowsError(try MethodSignature("sb", argumentNames: "body,,isHTML"))
        XCTAssertThrowsError(try MethodSignature("sb", argumentNames: "body, ")) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("argument_names “body, ”: name 2 is empty"))
        }
    }

    func testMethodDescriptionReadsAFixtureMethod() throws {
        let description = try MethodDescription(method: Fixtures.method("addAttachment"))
        XCTAssertEqual(description.name, "addAttachment")
        XCTAssertEqual(description.signature.humanForm, "data: bytes, mimeType: string, fileName: string")
        XCTAssertEqual(description.doc, "Records an attachment.")
        XCTAssertEqual(description.description, "addAttachment(data: bytes, mimeType: string, fileName: string)")
    }
}
