import XCTest
import RxModal

/// What each argument kind delivers to a real C function called through libffi.
final class MethodInvokerArgumentPassingTests: RxTestCase {
    func testBoolArrivesAsTrueAndFalse() throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker("setBool")
        try invoker.invoke(config: record.config, arguments: [true])
        XCTAssertTrue(record.boolean)
        try invoker.invoke(config: record.config, arguments: [false])
        XCTAssertFalse(record.boolean)
        XCTAssertEqual(record.calls, 2)
        XCTAssertEqual(record.method, "setBool")
        XCTAssertFalse(record.errorPointerWasNull)
    }

    func testIntArrivesExactlyAtTheExtremesAndNegative() throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker("setInt")
        for value in [Int64.max, Int64.min, -1, 0, 9_007_199_254_740_993] {
            try invoker.invoke(config: record.config, arguments: [.int(value)])
            XCTAssertEqual(record.integer, value)
        }
    }

    func testIntAcceptsADoubleWithAnExactIntegerValue() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setInt").invoke(config: record.config, arguments: [.double(-42.0)])
        XCTAssertEqual(record.integer, -42)
    }

    func testDoubleAcceptsDoublesAndIntegers() throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker("setDouble")
        try invoker.invoke(config: record.config, arguments: [.double(-0.125)])
        XCTAssertEqual(record.number, -0.125)
        try invoker.invoke(config: record.config, arguments: [.int(3)])
        XCTAssertEqual(record.number, 3.0)
        try invoker.invoke(config: record.config, arguments: [.double(.greatestFiniteMagnitude)])
        XCTAssertEqual(record.number, .greatestFiniteMagnitude)
    }

    func testStringArrivesNulTerminatedIncludingEmptyAndNonASCII() throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker("setString")
        try invoker.invoke(config: record.config, arguments: ["Sign In"])
        try invoker.invoke(config: record.config, arguments: [""])
        try invoker.invoke(config: record.config, arguments: ["Grüße, 世界 ✓ 🎉"])
        XCTAssertEqual(record.strings, ["Sign In", "", "Grüße, 世界 ✓ 🎉"])
        XCTAssertEqual(record.stringLengths, [7, 0, "Grüße, 世界 ✓ 🎉".utf8.count])
    }

    func testStringAcceptsBytesThatAreValidUTF8() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setString").invoke(config: record.config, arguments: [.bytes(Array("né".utf8))])
        XCTAssertEqual(record.strings, ["né"])
    }

    func testBytesArriveByteForByteWithTheirLength() throws {
        let record = FixtureRecord()
        let data: [UInt8] = [0, 1, 0x7f, 0x80, 0xfe, 0xff, 0, 0]   // NULs are data here, not terminators
        try Fixtures.invoker("setBytes").invoke(config: record.config, arguments: [.bytes(data)])
        XCTAssertEqual(record.bytes, data)
        XCTAssertEqual(record.bytesHash, FixtureRecord.hash(data))
        XCTAssertFalse(record.bytesPointerWasNull)
    }

    func testEmptyBytesArriveAsANonNullPointerAndZeroLength() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setBytes").invoke(config: record.config, arguments: [.bytes([])])
        XCTAssertEqual(record.calls, 1)
        XCTAssertEqual(record.bytes, [])
        XCTAssertFalse(record.bytesPointerWasNull)
    }

    func testBytesAcceptAStringAsItsUTF8() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setBytes").invoke(config: record.config, arguments: ["é!"])
        XCTAssertEqual(record.bytes, [0xc3, 0xa9, 0x21])
    }

    func testStringArrayArrivesWithItsCountAndEveryElement() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setStrings").invoke(config: record.config, arguments: [["a@b.c", "", "ünï"]])
        XCTAssertEqual(record.arrayCount, 3)
        XCTAssertEqual(record.strings, ["a@b.c", "", "ünï"])
    }

    func testEmptyStringArrayArrivesAsANonNullPointerAndZeroCount() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setStrings").invoke(config: record.config, arguments: [[]])
        XCTAssertEqual(record.calls, 1)
        XCTAssertEqual(record.arrayCount, 0)
        XCTAssertFalse(record.arrayPointerWasNull)
        XCTAssertEqual(record.strings, [])
    }

    func testValueArrivesAsACTreeWithEveryType() throws {
        let record = FixtureRecord()
        let value: ModalValue = ["b": [1, -2.5, "x", nil, true], "a": .bytes([0, 255]), "c": [:], "d": []]
        try Fixtures.invoker("setValue").invoke(config: record.config, arguments: [value])
        // Object members arrive with sorted keys (the C form's rule).
        XCTAssertEqual(record.values, [#"{a:bytes:00ff,b:[1,-2.5,"x",null,true],c:{},d:[]}"#])
    }

    func testScalarValuesArriveAsTrees() throws {
        let record = FixtureRecord()
        let invoker = try Fixtures.invoker("setValue")
        try invoker.invoke(config: record.config, arguments: [nil])
        try invoker.invoke(config: record.config, arguments: ["Grüße"])
        XCTAssertEqual(record.values, ["null", #""Grüße""#])
    }

    func testStringAndBoolTogether() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setBody").invoke(config: record.config, arguments: ["<p>Hi</p>", true])
        XCTAssertEqual(record.strings, ["<p>Hi</p>"])
        XCTAssertTrue(record.boolean)
    }

    func testBytesThenTwoStrings() throws {
        let record = FixtureRecord()
        let data: [UInt8] = Array(0...255)
        try Fixtures.invoker("addAttachment").invoke(config: record.config, arguments: [.bytes(data), "image/png", "ä.png"])
        XCTAssertEqual(record.bytes, data)
        XCTAssertEqual(record.strings, ["image/png", "ä.png"])
    }

    func testIntDoubleAndBoolTogether() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setMixed").invoke(config: record.config, arguments: [.int(-7), .double(2.5), false])
        XCTAssertEqual(record.integer, -7)
        XCTAssertEqual(record.number, 2.5)
        XCTAssertFalse(record.boolean)
        try Fixtures.invoker("setMixed").invoke(config: record.config, arguments: [.int(Int64.max), .int(-1), true])
        XCTAssertEqual(record.integer, Int64.max)
        XCTAssertEqual(record.number, -1.0)
        XCTAssertTrue(record.boolean)
    }

    func testTwoValueTreesAroundAString() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("setTwoValues").invoke(config: record.config, arguments: [["k": 1], "between", [false]])
        XCTAssertEqual(record.values, ["{k:1}", "[false]"])
        XCTAssertEqual(record.strings, ["between"])
    }

    func testMethodWithoutArgumentsIsCalled() throws {
        let record = FixtureRecord()
        try Fixtures.invoker("touch").invoke(config: record.config, arguments: [])
        XCTAssertEqual(record.calls, 1)
        XCTAssertEqual(record.method, "touch")
    }

    func testLargeArgumentsBeyondTheStackBlockArriveIntact() throws {
        // Bigger than a stack-allocated block: the temporary memory moves to the heap.
        let record = FixtureRecord()
        let long = String(repeating: "ab", count: 500)   // 1000 bytes, fits FX_TEXT_SIZE
        let data = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Fixtures.invoker("addAttachment").invoke(config: record.config, arguments: [.bytes(data), .string(long), "x"])
        XCTAssertEqual(record.strings, [long, "x"])
        XCTAssertEqual(record.bytesLength, 100_000)
        XCTAssertEqual(record.bytes, Array(data.prefix(1024)))   // the record keeps the first 1024…
        XCTAssertEqual(record.bytesHash, FixtureRecord.hash(data))  // …and a hash of them all
    }
}
