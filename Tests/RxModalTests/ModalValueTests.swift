import XCTest
import RxModal
import RxModalPluginABI

final class ModalValueTests: RxTestCase {
    let sample: ModalValue = [
        "action": 1,
        "title": "Sign In ✓",
        "ratio": 0.5,
        "enabled": true,
        "nothing": nil,
        "fields": ["a@b.c", "secret"],
        "data": .bytes([0, 1, 255]),
    ]

    func testRoundTripsThroughTheCTree() throws {
        let back = try sample.withCValue { try ModalValue(cValue: $0) }
        XCTAssertEqual(back, sample)
    }

    func testCTreeHasSortedObjectKeysAndExplicitStringLengths() {
        sample.withCValue { root in
            XCTAssertEqual(root.pointee.type, RXM_OBJECT)
            let members = root.pointee.as.object.members!
            let keys = (0..<root.pointee.as.object.count).map { String(cString: members[$0].key) }
            XCTAssertEqual(keys, keys.sorted())
            let title = rxm_value_member(root, "title")!.pointee
            XCTAssertEqual(title.as.string.length, "Sign In ✓".utf8.count)
        }
    }

    func testJSONIsCompactWithSortedKeysAndReadsBack() throws {
        let value: ModalValue = ["b": [1, 2.5, "x"], "a": true]
        XCTAssertEqual(value.json, #"{"a":true,"b":[1,2.5,"x"]}"#)
        XCTAssertEqual(try ModalValue(json: value.json), value)
    }

    func testMalformedJSONIsAClearError() {
        XCTAssertThrowsError(try ModalValue(json: "{\"a\": ")) { error in
            guard case ModalError.invalidJSON = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testInvalidUTF8FromCIsRefused() {
        let bytes: [CChar] = [0x41, -0x3F, 0x00]   // "A", then 0xC1: never valid UTF-8
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            var value = rxm_string_n(buffer.baseAddress, 2)
            return Result { try ModalValue(cValue: &value) }
        }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("value: invalid UTF-8"))
        }
    }

    func testNullPointersWithLengthsAreRefused() {
        var value = rxm_array(nil, 3)
        XCTAssertThrowsError(try ModalValue(cValue: &value)) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("value: NULL items with count 3"))
        }
        XCTAssertThrowsError(try ModalValue(cValue: nil))
    }

    func testUnknownTypeTagsAndDuplicateKeysAreRefused() {
        var bogus = rxm_null()
        bogus.type = rxm_value_type(rawValue: 99)
        XCTAssertThrowsError(try ModalValue(cValue: &bogus))
        let key = strdup("k")!
        defer { free(key) }
        var members = [rxm_member(key: key, value: rxm_int(1)), rxm_member(key: key, value: rxm_int(2))]
        let outcome = members.withUnsafeMutableBufferPointer { buffer in
            var object = rxm_object(buffer.baseAddress, 2)
            return Result { try ModalValue(cValue: &object) }
        }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("value: duplicate key “k”"))
        }
    }

    func testAnErrorDeepInsideATreeNamesWhereItIs() {
        // {"items": [1, "A\xC1"]}: the second item of items is not UTF-8.
        let bytes: [CChar] = [0x41, -0x3F, 0x00]
        let key = strdup("items")!
        defer { free(key) }
        let outcome = bytes.withUnsafeBufferPointer { text in
            var items = [rxm_int(1), rxm_string_n(text.baseAddress, 2)]
            return items.withUnsafeMutableBufferPointer { buffer in
                var members = [rxm_member(key: key, value: rxm_array(buffer.baseAddress, 2))]
                return members.withUnsafeMutableBufferPointer { memberBuffer in
                    var object = rxm_object(memberBuffer.baseAddress, 1)
                    return Result { try ModalValue(cValue: &object) }
                }
            }
        }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("value.items[1]: invalid UTF-8"))
        }
    }

    func testAnObjectThatOverstatesItsCountFailsAtItsFirstBadMemberWithoutSizingForTheCount() {
        // A count far beyond what the members hold: reading stops at the first
        // member without a key, and nothing is allocated for the count first.
        var members = [rxm_member(key: nil, value: rxm_int(1))]
        let outcome = members.withUnsafeMutableBufferPointer { memberBuffer in
            var object = rxm_object(memberBuffer.baseAddress, Int.max / 2)
            return Result { try ModalValue(cValue: &object) }
        }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual(error as? ModalError, .malformedValue("value: NULL key at member 0"))
        }
    }
}
