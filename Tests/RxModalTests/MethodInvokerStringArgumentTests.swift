import XCTest
import RxModal

/// Arguments given as text (the command line's route) are read per kind.
final class MethodInvokerStringArgumentTests: RxTestCase {
    private func values(_ method: String, _ strings: [String]) throws -> [ModalValue] {
        try Fixtures.invoker(method).values(fromStrings: strings)
    }

    private func assertUnreadable(_ method: String, _ strings: [String], _ reason: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker(method)
        XCTAssertThrowsError(try invoker.invoke(config: record.config, stringArguments: strings), file: file, line: line) { error in
            XCTAssertEqual(error as? ModalError, .invalidArgument(method: method, reason: reason), file: file, line: line)
        }
        XCTAssertEqual(record.calls, 0, file: file, line: line)
    }

    func testBooleansInEveryAcceptedSpellingAndCase() throws {
        for text in ["true", "TRUE", "Yes", "1"] { XCTAssertEqual(try values("setBool", [text]), [true], text) }
        for text in ["false", "False", "NO", "0"] { XCTAssertEqual(try values("setBool", [text]), [false], text) }
        try assertUnreadable("setBool", ["maybe"], "argument 1 (flag): “maybe” is not a boolean (true/false, yes/no, 1/0)")
        try assertUnreadable("setBool", [""], "argument 1 (flag): “” is not a boolean (true/false, yes/no, 1/0)")
    }

    func testIntegersAreDecimalAndWithinRange() throws {
        XCTAssertEqual(try values("setInt", ["-9223372036854775808"]), [.int(.min)])
        XCTAssertEqual(try values("setInt", ["+42"]), [42])
        try assertUnreadable("setInt", ["9223372036854775808"],
                             "argument 1 (value): “9223372036854775808” is not a decimal integer in the 64-bit range")
        try assertUnreadable("setInt", ["1.0"], "argument 1 (value): “1.0” is not a decimal integer in the 64-bit range")
        try assertUnreadable("setInt", ["0x10"], "argument 1 (value): “0x10” is not a decimal integer in the 64-bit range")
    }

    func testDoublesAreFiniteDecimals() throws {
        XCTAssertEqual(try values("setDouble", ["-0.5"]), [.double(-0.5)])
        XCTAssertEqual(try values("setDouble", ["1e3"]), [.double(1000)])
        XCTAssertEqual(try values("setDouble", ["7"]), [.double(7)])
        for text in ["nan", "inf", "0x1p3", "", "1e999", "1,5"] {
            try assertUnreadable("setDouble", [text], "argument 1 (value): “\(text)” is not a finite decimal number")
        }
    }

    func testStringsAreVerbatimAndBytesAreTheirUTF8() throws {
        XCTAssertEqual(try values("setString", [" spaced, \"quoted\" "]), [" spaced, \"quoted\" "])
        XCTAssertEqual(try values("setBytes", ["ä"]), [.bytes([0xc3, 0xa4])])
    }

    func testStringArraysFromJSON() throws {
        XCTAssertEqual(try values("setStrings", [#"["a, b", "c"]"#]), [["a, b", "c"]])
        XCTAssertEqual(try values("setStrings", ["[]"]), [[]])
        try assertUnreadable("setStrings", ["[1, 2]"], "argument 1 (items): “[1, 2]” is not a JSON array of strings")
        let record = FixtureRecord()
        XCTAssertThrowsError(try Fixtures.invoker("setStrings").invoke(config: record.config, stringArguments: ["[\"a\""])) { error in
            guard case ModalError.invalidArgument(_, let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.hasPrefix("argument 1 (items): “[\"a\"” looks like a JSON array but is not valid: invalid JSON"), reason)
        }
        XCTAssertEqual(record.calls, 0)
    }

    func testStringArraysFromACommaSeparatedListTrimmed() throws {
        XCTAssertEqual(try values("setStrings", ["a@b.c, d@e.f"]), [["a@b.c", "d@e.f"]])
        XCTAssertEqual(try values("setStrings", ["single"]), [["single"]])
        XCTAssertEqual(try values("setStrings", [""]), [[]])
        XCTAssertEqual(try values("setStrings", ["a,,b"]), [["a", "", "b"]])
    }

    func testValuesAreJSON() throws {
        XCTAssertEqual(try values("setValue", [#"{"k": [1, 2.5, null]}"#]), [["k": [1, 2.5, nil]]])
        let record = FixtureRecord()
        XCTAssertThrowsError(try Fixtures.invoker("setValue").invoke(config: record.config, stringArguments: ["{oops"])) { error in
            guard case ModalError.invalidArgument(let method, let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(method, "setValue")
            XCTAssertTrue(reason.hasPrefix("argument 1 (value): “{oops” is not JSON: invalid JSON"), reason)
        }
        XCTAssertEqual(record.calls, 0)
    }

    func testWrongCountIsTheSameErrorAsForValues() throws {
        try assertUnreadable("setBody", ["body"], "expects 2 arguments (body: string, isHTML: bool), got 1")
    }

    func testAParsedCallReachesTheFunctionWithEveryKind() throws {
        let record = FixtureRecord()
        let table = try Fixtures.table()
        try table.invoke(name: "setMixed", config: record.config, stringArguments: ["-12", "0.25", "yes"])
        XCTAssertEqual(record.integer, -12)
        XCTAssertEqual(record.number, 0.25)
        XCTAssertTrue(record.boolean)
        try table.invoke(name: "addAttachment", config: record.config, stringArguments: ["hi", "text/plain", "hi.txt"])
        XCTAssertEqual(record.bytes, Array("hi".utf8))
        try table.invoke(name: "setStrings", config: record.config, stringArguments: ["x, y"])
        XCTAssertEqual(record.arrayCount, 2)
        XCTAssertEqual(record.strings, ["text/plain", "hi.txt", "x", "y"])
        try table.invoke(name: "setValue", config: record.config, stringArguments: [#"{"b":true,"a":"z"}"#])
        XCTAssertEqual(record.values, [#"{a:"z",b:true}"#])
    }
}
