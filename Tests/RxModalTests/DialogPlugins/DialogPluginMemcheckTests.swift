import XCTest
import Foundation

/// The C side of the dialog plugins under valgrind: scripts/plugin-memcheck/run
/// compiles both plugins with `cc -std=c99 -Wall -Wextra -Werror -pedantic` and
/// runs a C driver (normal paths, error paths, dispose races, config_free of a
/// presentation left shown) under memcheck. (valgrind cannot read the DWARF 5
/// of SwiftPM's clang-built objects, hence the plugins built again with cc.)
final class DialogPluginMemcheckTests: RxTestCase {
    func testPluginsCompileWithoutWarningsAndRunCleanUnderValgrind() throws {
        let (status, text) = try MemcheckScript.run("run")
        XCTAssertEqual(status, 0, text)
        XCTAssertEqual(text.components(separatedBy: "\n").filter { $0.hasPrefix("memcheck clean: ") },
                       ["memcheck clean: librxmodal-alert.so", "memcheck clean: librxmodal-actionSheet.so"], text)
    }
}
