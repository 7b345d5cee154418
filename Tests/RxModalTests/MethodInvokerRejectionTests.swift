import XCTest
import RxModal

/// Arguments that do not fit the signature are refused with a clear error, and
/// the plugin's function is never called with them.
final class MethodInvokerRejectionTests: RxTestCase {
    /// Invokes `method` with `arguments`, expects `reason`, and checks the fixture was not called.
    private func assertRefused(_ method: String, _ arguments: [ModalValue], _ reason: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker(method)
        XCTAssertThrowsError(try invoker.invoke(config: record.config, arguments: arguments), file: file, line: line) { error in
            XCTAssertEqual(error as? ModalError, .invalidArgument(method: method, reason: reason), file: file, line: line)
        }
        XCTAssertEqual(record.calls, 0, "the fixture was called with refused arguments", file: file, line: line)
    }

    func testWrongCountNamesTheExpectedArguments() throws {
        try assertRefused("setBody", ["only the body"], "expects 2 arguments (body: string, isHTML: bool), got 1")
        try assertRefused("setBody", ["a", true, 3], "expects 2 arguments (body: string, isHTML: bool), got 3")
        try assertRefused("setString", [], "expects 1 argument (text: string), got 0")
        try assertRefused("touch", [1], "expects no arguments, got 1")
    }

    func testWrongTypeNamesTheArgumentExpectedAndGot() throws {
        try assertRefused("setBody", ["body", 1], "argument 2 (isHTML): expected bool, got int 1")
        try assertRefused("setBody", [1, true], "argument 1 (body): expected string, got int 1")
        try assertRefused("setMixed", [1, "2.5", true], "argument 2 (ratio): expected double, got string “2.5”")
        try assertRefused("setBytes", [[1, 2]], "argument 1 (data): expected bytes, got array")
        try assertRefused("setStrings", ["a,b"], "argument 1 (items): expected [string], got string “a,b”")
    }

    func testBoolAcceptsBooleansOnly() throws {
        try assertRefused("setBool", [1], "argument 1 (flag): expected bool, got int 1")
        try assertRefused("setBool", ["true"], "argument 1 (flag): expected bool, got string “true”")
        try assertRefused("setBool", [nil], "argument 1 (flag): expected bool, got null")
    }

    func testIntRefusesFractionsOutOfRangeDoublesBoolsAndStrings() throws {
        try assertRefused("setInt", [.double(1.5)],
                          "argument 1 (value): expected int, got double 1.5, which is not a whole number in the 64-bit range")
        try assertRefused("setInt", [.double(1e19)],
                          "argument 1 (value): expected int, got double 1e+19, which is not a whole number in the 64-bit range")
        try assertRefused("setInt", [.double(.nan)],
                          "argument 1 (value): expected int, got double nan, which is not a whole number in the 64-bit range")
        try assertRefused("setInt", [true], "argument 1 (value): expected int, got bool true")
        try assertRefused("setInt", ["3"], "argument 1 (value): expected int, got string “3”")
    }

    func testDoubleRefusesNonNumbers() throws {
        try assertRefused("setDouble", [false], "argument 1 (value): expected double, got bool false")
    }

    func testStringWithANulByteIsRefused() throws {
        try assertRefused("setString", ["ab\u{0}cd"], "argument 1 (text): contains a NUL byte at UTF-8 offset 2")
        try assertRefused("setBody", ["é\u{0}", false], "argument 1 (body): contains a NUL byte at UTF-8 offset 2")
    }

    func testBytesThatAreNotUTF8AreRefusedAsAString() throws {
        try assertRefused("setString", [.bytes([0x41, 0xC1, 0x81])], "argument 1 (text): is not valid UTF-8")
        try assertRefused("setString", [.bytes([0xED, 0xA0, 0x80])], "argument 1 (text): is not valid UTF-8")   // a surrogate
        try assertRefused("setString", [.bytes([0x41, 0x00])], "argument 1 (text): contains a NUL byte at UTF-8 offset 1")
    }

    func testStringArrayElementsAreCheckedOneByOne() throws {
        try assertRefused("setStrings", [["ok", 2]], "argument 1 (items): expected [string], but element 2 is int")
        try assertRefused("setStrings", [["ok", "n\u{0}"]], "argument 1 (items): element 2 contains a NUL byte at UTF-8 offset 1")
        try assertRefused("setStrings", [[.bytes([0xFF])]], "argument 1 (items): element 1 is not valid UTF-8")
    }

    func testValueTreesDeeperThanTheHostAcceptsAreRefused() throws {
        var deep: ModalValue = 1
        for _ in 0..<ModalValue.maximumDepth { deep = [deep] }
        try assertRefused("setValue", [deep], "argument 1 (value): nested deeper than \(ModalValue.maximumDepth) levels")
    }

    func testValueObjectKeysWithANulByteAreRefused() throws {
        try assertRefused("setValue", [["a\u{0}b": 1]], "argument 1 (value): object key “a\\0b” contains a NUL byte")
    }

    func testAnErrorInTheLastArgumentStopsTheWholeCall() throws {
        // The first two arguments are fine; nothing is called because the third is not.
        try assertRefused("addAttachment", [.bytes([1]), "text/plain", 7], "argument 3 (fileName): expected string, got int 7")
        try assertRefused("setTwoValues", [["k": 1], "between", [1], 4], "expects 3 arguments (first: value, between: string, second: value), got 4")
    }

    func testTheErrorDescriptionReadsAsOneSentence() throws {
        let record = FixtureRecord()
        XCTAssertThrowsError(try Fixtures.invoker("setBody").invoke(config: record.config, arguments: ["x", "yes"])) { error in
            XCTAssertEqual("\(error)", "setBody: argument 2 (isHTML): expected bool, got string “yes”")
        }
    }
}
