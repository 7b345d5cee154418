import XCTest
import RxModal

/// A method that returns non-zero becomes the `ModalError` its code stands for
/// (`invalidArgument` for RXM_ERR_INVALID_ARGUMENT, else `plugin` with the code),
/// with the message it filled in; a method that forgets to fill them is named as buggy.
final class MethodInvokerPluginFailureTests: RxTestCase {
    func testFailureCarriesTheCodeAndUTF8MessageThePluginFilled() throws {
        let record = FixtureRecord()
        XCTAssertThrowsError(try Fixtures.invoker("fail").invoke(config: record.config, arguments: ["zu groß"])) { error in
            XCTAssertEqual(error as? ModalError, .invalidArgument(method: "fail", reason: "refused “zu groß”"))
        }
        XCTAssertEqual(record.calls, 1)
    }

    func testFailureWithoutAFilledErrorSaysSoWithTheReturnedCode() throws {
        let record = FixtureRecord()
        XCTAssertThrowsError(try Fixtures.invoker("failSilently").invoke(config: record.config, arguments: [])) { error in
            XCTAssertEqual(error as? ModalError,
                           .plugin(code: 6, message: "failSilently failed with code 6 without filling its rxm_error (a bug in the plugin)"))
        }
        XCTAssertEqual(record.calls, 1)
    }

    func testAnErrorFilledByAnEarlierFailureDoesNotLeakIntoALaterOne() throws {
        // The error block is reused memory; each call starts it empty.
        let record = FixtureRecord()
        let table = try Fixtures.table()
        XCTAssertThrowsError(try table.invoke(name: "fail", config: record.config, arguments: ["first"]))
        XCTAssertThrowsError(try table.invoke(name: "failSilently", config: record.config, arguments: [])) { error in
            XCTAssertEqual(error as? ModalError,
                           .plugin(code: 6, message: "failSilently failed with code 6 without filling its rxm_error (a bug in the plugin)"))
        }
    }

    func testTheConfigPointerIsPassedThroughUnchanged() throws {
        let first = FixtureRecord()
        let second = FixtureRecord()
        let invoker = try Fixtures.invoker("setInt")
        try invoker.invoke(config: first.config, arguments: [1])
        try invoker.invoke(config: second.config, arguments: [2])
        XCTAssertEqual([first.integer, second.integer], [1, 2])
        XCTAssertEqual([first.calls, second.calls], [1, 1])
    }
}
