import XCTest
import Foundation

/// The webAuthenticationSession plugin's C side under valgrind:
/// scripts/plugin-memcheck/run-webauth builds it with `-Wall -Wextra -Werror`
/// and runs a C driver (a callback with dispose and config_free from inside
/// on_completed on the plugin's thread, dispose while waiting, Cancel on the
/// surface, config_free without dispose, refused URLs) under memcheck.
final class WebAuthPluginMemcheckTests: RxTestCase {
    func testThePluginCompilesWithoutWarningsAndRunsCleanUnderValgrind() throws {
        let (status, text) = try MemcheckScript.run("run-webauth")
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("webauth_driver: every scenario behaved as expected"), text)
    }
}
