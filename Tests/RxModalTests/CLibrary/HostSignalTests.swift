import XCTest

/// Loading librxmodal leaves a C host's crash-signal dispositions as they were
/// (the Swift runtime it brings would install its crash handler), and a host's
/// own crash dies at once of its own signal: examples-c/checking/host_signals.c,
/// which loads the build's library with dlopen so that it can look before.
final class HostSignalTests: RxTestCase {
    func testLoadingTheLibraryKeepsTheHostsSignalDispositions() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let binary = runner.directory + "/host_signals"
        let build = try runner.run("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-O1",
                                                   CProgramRunner.projectRoot + "/examples-c/checking/host_signals.c",
                                                   "-o", binary, "-ldl"])
        XCTAssertEqual(build.status, 0, build.errors)
        let result = try runner.runProgram(binary, [CProgramRunner.buildDirectory + "/librxmodal.so"])
        XCTAssertEqual(result.status, 0, "stdout:\n\(result.output)\nstderr:\n\(result.errors)")
        let passed = CExampleCase.lines(result.output).filter { $0.hasSuffix(": ok") }
        XCTAssertEqual(passed.count, 3, result.output)
    }
}
