import XCTest
import RxModal
#if canImport(Glibc)
import Glibc
#endif

/// The loader refuses code that someone else could have written: files and
/// directories writable by group or others, files owned by another user.
final class PluginPermissionTests: RxTestCase {
    func testGroupWritableDirectoryIsRefusedWhole() throws {
        let fixture = try PluginFixture(for: self)
        let unsafe = try fixture.directory("unsafe", mode: 0o775)
        try fixture.plugin(kind: "hidden", in: unsafe)

        let registry = ModalRegistry(searchPath: .explicit([unsafe]))

        XCTAssertEqual(registry.kindNames, [])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: unsafe, reason: .unsafePermissions(path: unsafe, mode: 0o775, bits: 0o020)),
        ])
    }

    func testWorldWritableDirectoryIsRefusedButTheNextDirectoryStillLoads() throws {
        let fixture = try PluginFixture(for: self)
        let unsafe = try fixture.directory("unsafe", mode: 0o757)
        let safe = try fixture.directory("safe")
        try fixture.plugin(kind: "hidden", in: unsafe)
        try fixture.plugin(kind: "shown", in: safe)

        let registry = ModalRegistry(searchPath: .explicit([unsafe, safe]))

        XCTAssertEqual(registry.kindNames, ["shown"])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: unsafe, reason: .unsafePermissions(path: unsafe, mode: 0o757, bits: 0o002)),
        ])
    }

    func testGroupOrWorldWritableFilesAreRefusedWithTheirBits() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let groupWritable = try fixture.plugin(kind: "groupw", in: directory)
        let worldWritable = try fixture.plugin(kind: "worldw", in: directory)
        try fixture.plugin(kind: "safe", in: directory)
        XCTAssertEqual(chmod(groupWritable, 0o775), 0)
        XCTAssertEqual(chmod(worldWritable, 0o757), 0)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.kindNames, ["safe"])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: groupWritable, reason: .unsafePermissions(path: groupWritable, mode: 0o775, bits: 0o020)),
            SkippedPlugin(path: worldWritable, reason: .unsafePermissions(path: worldWritable, mode: 0o757, bits: 0o002)),
        ])
    }

    func testALinkIsJudgedByItsTargetAndTheTargetsDirectory() throws {
        let fixture = try PluginFixture(for: self)
        let safe = try fixture.directory("safe")
        let elsewhere = try fixture.directory("elsewhere", mode: 0o777)
        let target = try fixture.plugin(kind: "linked", in: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: safe + "/librxmodal-linked.so", withDestinationPath: target)

        let registry = ModalRegistry(searchPath: .explicit([safe]))

        XCTAssertEqual(registry.kindNames, [])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: safe + "/librxmodal-linked.so",
                          reason: .unsafePermissions(path: elsewhere, mode: 0o777, bits: 0o022)),
        ])
    }

    func testFileOwnedByAnotherUserIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "giving a file to another user needs root")
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let foreign = try fixture.plugin(kind: "foreign", in: directory)
        try fixture.plugin(kind: "own", in: directory)
        XCTAssertEqual(chown(foreign, 54321, 54321), 0)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.kindNames, ["own"])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: foreign, reason: .untrustedOwner(path: foreign, owner: 54321)),
        ])
    }
}
