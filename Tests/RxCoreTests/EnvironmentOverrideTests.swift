import XCTest
import RxTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The test helper that sets environment variables for one test must leave the
/// environment exactly as it found it: a variable that was unset is unset again
/// (a `[String: String?]` of saved values silently dropped those, and later tests
/// and their child processes inherited the leftovers).
final class EnvironmentOverrideTests: RxTestCase {
    private func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    func testRestoreUnsetsAVariableThatWasNotSetAndResetsOneThatWas() {
        unsetenv("RXMODAL_TEST_UNSET")
        setenv("RXMODAL_TEST_SET", "before", 1)
        defer { unsetenv("RXMODAL_TEST_SET") }

        let environment = EnvironmentOverride()
        environment.set("RXMODAL_TEST_UNSET", "during")
        environment.set("RXMODAL_TEST_SET", "during")
        environment.set("RXMODAL_TEST_SET", nil)
        XCTAssertEqual(value("RXMODAL_TEST_UNSET"), "during")
        XCTAssertNil(value("RXMODAL_TEST_SET"))

        environment.restore()
        XCTAssertNil(value("RXMODAL_TEST_UNSET"))
        XCTAssertEqual(value("RXMODAL_TEST_SET"), "before")
    }
}
