import XCTest

/// The programs of examples-c/, built with cc against the built librxmodal
/// (pkg-config, strict C99) and run against scripted surfaces; their output is
/// checked (see `CExampleCase.all`).
final class CExampleProgramTests: RxTestCase {
    private var runner: CProgramRunner!

    override func setUpWithError() throws {
        try super.setUpWithError()
        runner = try CProgramRunner()
    }

    override func tearDown() {
        runner?.remove()
        runner = nil
        super.tearDown()
    }

    func testEveryExampleBehaves() throws {
        for example in CExampleCase.all {
            try runner.verify(example, checking: .plain)
        }
    }

    /// The header is C++-safe: a C++ program includes it and links.
    func testHeaderCompilesAsCPlusPlus() throws {
        let source = runner.directory + "/header.cc"
        try """
        #include <rxmodal.h>
        #include <cstdio>
        int main() {
            rxm_error error;
            int code = rxm_registry_open(nullptr, nullptr, &error);
            std::printf("%s %s %u\\n", rxm_version(), rxm_error_code_name(code), rxm_plugin_abi_major());
            return 0;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let binary = runner.directory + "/header-cpp"
        let build = try runner.run("/usr/bin/env", ["c++", "-std=c++11", "-Wall", "-Wextra", "-Werror", "-pedantic",
                                                   "-I" + CProgramRunner.projectRoot + "/Include", source, "-o", binary,
                                                   "-L" + CProgramRunner.buildDirectory, "-Wl,-rpath," + CProgramRunner.buildDirectory, "-lrxmodal"])
        XCTAssertEqual(build.status, 0, build.errors)
        let run = try runner.runProgram(binary)
        XCTAssertEqual(run.output, "0.1.0 RXM_ERR_INVALID_ARGUMENT 1\n")
    }
}
