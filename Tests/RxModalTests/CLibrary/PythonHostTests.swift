import XCTest

/// librxmodal from Python, through ctypes only (Tests/Fixtures/python-host):
/// the alert flow with callbacks on a library thread, a poll loop that
/// dispatches an rxm_loop on its own thread, and a host that exits with a
/// subscription live. Each script runs against the build's library with the
/// runner's plugins, under /usr/bin/python3 (stdlib ctypes only).
final class PythonHostTests: RxTestCase {
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

    private static let fixtures = CProgramRunner.projectRoot + "/Tests/Fixtures/python-host"

    private func runScript(_ name: String, _ arguments: [String] = []) throws -> CProgramRunner.Result {
        // The system's Python (scripts/test installs it), whatever else is on PATH.
        try runner.runProgram("/usr/bin/python3", [Self.fixtures + "/" + name] + arguments,
                              environment: ["RXMODAL_LIB": CProgramRunner.buildDirectory + "/librxmodal.so",
                                            "PYTHONPATH": Self.fixtures, "PYTHONDONTWRITEBYTECODE": "1"])
    }

    func testTheAlertFlowWithCallbacksOnALibraryThread() throws {
        let result = try runScript("alert_flow.py")
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, """
            events: ['next', 'completed']
            chose: Sign In
            shown: Sign in dismissed: True
            destroyed: 1

            """)
    }

    func testAPollLoopDispatchesOnTheHostsThread() throws {
        let result = try runScript("poll_loop.py")
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, """
            events: ['next', 'completed']
            callbacks on the host thread: yes
            host ticks while waiting: some
            destroyed: 1

            """)
    }

    /// The answer falls due around the moment the interpreter finalizes; over
    /// several delays, one of them lands inside that window (without
    /// rxm_stop_callbacks in Python's atexit this crashed with SIGILL or SIGSEGV).
    func testExitingWithALiveSubscriptionIsClean() throws {
        for delay in [5, 15, 25, 35, 45] {
            let result = try runScript("exit_with_live_subscription.py", [String(delay)])
            XCTAssertEqual(result.status, 0, "delay \(delay) ms: \(result.errors)")
            XCTAssertEqual(result.output, "exiting with a live subscription\ndestroyed at exit: 1\n", "delay \(delay) ms")
            XCTAssertEqual(result.errors, "", "delay \(delay) ms")
        }
    }
}
