import XCTest
import RxModal
import RxModalPluginABI

/// Every `rxm_error` the runtime and the C bridge fill goes through one writer:
/// the message fits the fixed buffer, is cut at a character boundary and always
/// ends with a NUL.
final class ErrorMessageFillingTests: RxTestCase {
    private func message(of error: rxm_error) -> String {
        var copy = error
        return withUnsafeBytes(of: &copy.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    func testAShortMessageIsKeptWhole() {
        var error = rxm_error()
        error.set(code: Int32(RXM_ERR_INVALID_ARGUMENT), message: "bad “title”")
        XCTAssertEqual(error.code, Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "bad “title”")
    }

    func testALongMessageIsCutAtACharacterBoundaryAndTerminated() {
        var error = rxm_error()
        let capacity = MemoryLayout.size(ofValue: error.message)
        // Three-byte characters in a buffer whose room before the NUL is not a
        // multiple of three: a byte-wise cut would split the last one.
        XCTAssertNotEqual((capacity - 1) % 3, 0, "pick a character width that does not divide the room")
        let long = String(repeating: "€", count: capacity)
        error.set(code: 7, message: long)
        let kept = message(of: error)
        XCTAssertTrue(long.hasPrefix(kept))
        XCTAssertEqual(kept.utf8.count, (capacity - 1) / 3 * 3, "as many whole characters as fit")
        XCTAssertFalse(kept.contains("\u{FFFD}"))
    }
}
