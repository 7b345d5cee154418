import XCTest
import RxCore
import RxModal
import RxModalPluginABI

/// The safe wrappers around a plugin's configuration: created by config_new,
/// freed by config_free exactly once, counted as a live resource; preconditions
/// and authorization mapped to ModalError.
final class ModalConfigurationTests: RxTestCase {
    private typealias Counter = @convention(c) () -> Int32
    private typealias SetCount = @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<rxm_error>?) -> Int32

    /// One of the test plugin's counters, looked up in the object the registry loaded.
    private func counter(_ name: String, in path: String) throws -> Counter {
        // RTLD_NOLOAD: the object the registry opened, not a second copy.
        let handle = try XCTUnwrap(dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD), "\(path) is not loaded")
        return unsafeBitCast(try XCTUnwrap(dlsym(handle, name)), to: Counter.self)
    }

    private func loadGood(_ variant: TestPluginVariant = .good, kind name: String = "testgood") throws -> (ModalKind, String) {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let path = try fixture.plugin(variant, kind: name, in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))
        return (try registry.kind(named: name), path)
    }

    private func setCount(_ count: Int64, on configuration: ModalConfiguration) throws {
        let method = try configuration.kind.method(named: "setCount")
        let function = try configuration.kind.descriptor.pointee.methods[method.index].function
        var error = rxm_error()
        XCTAssertEqual(unsafeBitCast(function, to: SetCount.self)(configuration.pointer, count, &error), Int32(RXM_OK))
    }

    func testConfigFreeRunsExactlyOnceWhenTheConfigurationGoesAway() throws {
        let (kind, path) = try loadGood()
        let live = try counter("test_plugin_live_configs", in: path)
        let frees = try counter("test_plugin_config_frees", in: path)
        let resources = Resources.total

        do {
            let configuration = try kind.makeConfiguration()
            let other = try kind.makeConfiguration()
            XCTAssertNotEqual(configuration.pointer, other.pointer)
            XCTAssertEqual(live(), 2)
            XCTAssertEqual(frees(), 0)
            XCTAssertEqual(Resources.total, resources + 2)
        }

        XCTAssertEqual(live(), 0)
        XCTAssertEqual(frees(), 2)
        XCTAssertEqual(Resources.total, resources)
    }

    func testConfigurationReleasedOnAnotherThreadIsFreedOnce() throws {
        let (kind, path) = try loadGood()
        let frees = try counter("test_plugin_config_frees", in: path)
        let done = expectation(description: "used on another thread")
        do {
            let configuration = try kind.makeConfiguration()
            // The block holds the last reference once this scope ends.
            DispatchQueue.global().async { [configuration] in
                XCTAssertEqual(configuration.kind.name, "testgood")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)

        // The closure and its capture are gone once the block has run; wait for it, bounded.
        let deadline = Date().addingTimeInterval(5)
        while frees() == 0 && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(frees(), 1)
    }

    func testFailingConfigNewThrowsThePluginsError() throws {
        let (kind, _) = try loadGood(.configNewFails)
        let resources = Resources.total

        XCTAssertThrowsError(try kind.makeConfiguration()) { error in
            XCTAssertEqual(error as? ModalError, .plugin(code: Int32(RXM_ERR_IO), message: "no configuration today"))
        }
        XCTAssertEqual(Resources.total, resources)
    }

    func testPreconditionPassesThenReportsUnsupportedWithThePluginsReason() throws {
        let (kind, _) = try loadGood()
        let configuration = try kind.makeConfiguration()

        XCTAssertNoThrow(try kind.checkPrecondition(configuration))
        try setCount(-2, on: configuration)
        XCTAssertThrowsError(try kind.checkPrecondition(configuration)) { error in
            XCTAssertEqual(error as? ModalError, .unsupported(kind: "testgood", reason: "count -2 is negative"))
        }
        try setCount(13, on: configuration)
        XCTAssertThrowsError(try kind.checkPrecondition(configuration)) { error in
            XCTAssertEqual(error as? ModalError, .plugin(code: Int32(RXM_ERR_IO), message: "thirteen is unlucky"))
        }
    }

    func testAConfigurationOfAnotherKindIsRefusedBeforeReachingThePlugin() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "one", in: directory)
        try fixture.plugin(.withAuthorization, kind: "two", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))
        let one = try registry.kind(named: "one")
        let two = try registry.kind(named: "two")
        let configurationOfTwo = try two.makeConfiguration()

        XCTAssertThrowsError(try one.checkPrecondition(configurationOfTwo)) { error in
            XCTAssertEqual(error as? ModalError, .invalidArgument(method: "checkPrecondition", reason: "a configuration of two given to one"))
        }
        XCTAssertEqual(one.authorizationStatus(configurationOfTwo), .denied)
    }

    func testAuthorizationStatusComesFromThePluginAndIsAuthorizedWhenNotNeeded() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "open", in: directory)
        try fixture.plugin(.withAuthorization, kind: "guarded", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))
        let open = try registry.kind(named: "open")
        let guarded = try registry.kind(named: "guarded")
        let openConfiguration = try open.makeConfiguration()
        let guardedConfiguration = try guarded.makeConfiguration()

        XCTAssertEqual(open.authorizationStatus(openConfiguration), .authorized)
        XCTAssertEqual(guarded.authorizationStatus(guardedConfiguration), .denied)
        try setCount(1, on: guardedConfiguration)
        XCTAssertEqual(guarded.authorizationStatus(guardedConfiguration), .authorized)
    }
}
