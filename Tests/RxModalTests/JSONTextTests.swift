import XCTest
import RxModal
import RxModalPluginABI

/// JSON text read and written by the runtime: numbers keep their kind across a
/// round trip, nesting has one limit everywhere, bad text says what and where.
final class JSONTextTests: RxTestCase {
    func testDoublesStayDoublesAndIntegersIntegersAcrossARoundTrip() throws {
        let values: [ModalValue] = [.double(2.0), .double(-0.0), .double(0.1), .double(1e300), .double(-5e-324),
                                    .int(0), .int(Int64.max), .int(Int64.min), .int(-7)]
        for value in values {
            let text = value.json
            let back = try ModalValue(json: text)
            XCTAssertEqual(back, value, text)
            if case .double(let number) = value, case .double(let read) = back {
                XCTAssertEqual(number.sign, read.sign, "the sign of \(text)")
            }
        }
        XCTAssertEqual(ModalValue.double(2).json, "2.0")
        XCTAssertEqual(ModalValue.double(-0.0).json, "-0.0")
        XCTAssertEqual(try ModalValue(json: "[2, 2.0, 2e0, -0, 9223372036854775808]"),
                       .array([.int(2), .double(2), .double(2), .int(0), .double(9223372036854775808)]))
    }

    func testStringsWithEscapesAndSurrogatePairsRoundTrip() throws {
        XCTAssertEqual(try ModalValue(json: #""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#), .string("a\"b\\c/d\n\té😀"))
        let tricky = ModalValue.string("quote \" back \\ nul \u{0} bell \u{7} é 東京 😀")
        XCTAssertEqual(try ModalValue(json: tricky.json), tricky)
        XCTAssertEqual(ModalValue.string("\u{1}").json, #""\u0001""#)
        XCTAssertEqual(ModalValue.object(["b": .int(1), "a": .array([.null, .bool(true)])]).json, #"{"a":[null,true],"b":1}"#)
    }

    func testNestingHasOneLimitEverywhere() throws {
        // RXM_VALUE_MAX_DEPTH in rxmodal.h; examples-c/checking/contracts.c holds C to it.
        let limit = ModalValue.maximumDepth
        XCTAssertEqual(limit, 64)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNoThrow(try ModalValue(json: deepest).withCValue { _ in })
        let deeper = "[" + deepest + "]"
        XCTAssertThrowsError(try ModalValue(json: deeper)) { error in
            XCTAssertEqual(error as? ModalError,
                           .invalidJSON("nested deeper than \(limit) levels, the limit of a value tree at byte \(limit)"))
        }
    }

    func testBadTextSaysWhatIsWrongAndWhere() {
        let cases: [(String, String)] = [
            ("", "expected a value at the end of the text"),
            ("[1,]", "expected a value at byte 3"),
            ("{\"a\":1,\"a\":2}", "the key \"a\" appears twice in one object at byte 7"),
            ("01", "a number may not start with 0 at byte 1"),
            ("\"tab\there\"", "a control character must be escaped in a string at byte 4"),
            ("\"\\ud800x\"", "a high surrogate must be followed by a low one at byte 7"),
            ("true false", "unexpected text after the value at byte 5"),
            ("1e999", "the number 1e999 is beyond a double at byte 0"),
            ("nul", "expected null at byte 0"),
            // Found by fuzzing: the C form cut such a key short, so the tree changed on its way to C.
            (#"{"b":{"\u0000c":{}}}"#, "an object key may not contain U+0000 (keys cross to C as NUL-terminated strings) at byte 6"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try ModalValue(json: text), text) { error in
                XCTAssertEqual(error as? ModalError, .invalidJSON(reason), text)
            }
        }
    }
}
