import XCTest
import RxModal
import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// The loader against someone who wants their code run: folders another user
/// can rename, relative search entries, truncated or foreign files, reused
/// descriptor numbers, descriptors with out-of-range fields.
final class PluginLoaderHostileInputTests: RxTestCase {
    /// Whoever owns a parent folder can swap the trusted folder below it for
    /// their own between a check and a use, so such a folder is refused whole,
    /// however trustworthy the folder and files themselves look.
    func testAPluginFolderInsideAFolderAnotherUserOwnsIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "giving a folder to another user needs root")
        let fixture = try PluginFixture(for: self)
        let foreign = try fixture.directory("alice")
        let plugins = try fixture.directory("alice/plugins")
        try fixture.plugin(kind: "trusted", in: plugins)
        XCTAssertEqual(chown(foreign, 54321, 54321), 0)

        let registry = ModalRegistry(searchPath: .explicit([plugins]))

        XCTAssertEqual(registry.kindNames, [])
        XCTAssertEqual(registry.skipped, [SkippedPlugin(path: plugins, reason: .untrustedOwner(path: foreign, owner: 54321))])
    }

    /// The attack itself: another user swaps the trusted plugin folder with a
    /// folder of their own (renameat2 RENAME_EXCHANGE) in a loop while root
    /// loads the registry again and again. The other user's constructor must
    /// never run, and every load must refuse the folder.
    func testSwappingFoldersInALoopNeverRunsAnotherUsersCode() throws {
        try XCTSkipUnless(geteuid() == 0, "the swapping user must differ from the loading one: run as root")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                          && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs setpriv and python3")
        let fixture = try PluginFixture(for: self)
        let alice = try fixture.directory("alice")
        let trusted = try fixture.directory("alice/plugins")
        let evil = try fixture.directory("alice/evil")
        let tag = String(UUID().uuidString.prefix(8)).lowercased()
        try fixture.plugin(kind: "trusted", in: trusted, fileName: "librxmodal-swapped.so")
        let marker = "/tmp/rxmodal-constructor-ran-evil\(tag)"
        try fixture.compile([.init(variant: .constructorLeavesMarker, kind: "evil\(tag)", path: evil + "/librxmodal-swapped.so")])
        defer { unlink(marker) }
        for path in [alice, evil, evil + "/librxmodal-swapped.so"] { XCTAssertEqual(chown(path, 54321, 54321), 0) }
        XCTAssertEqual(chmod(fixture.root, 0o755), 0)

        let swapper = Process()
        swapper.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        swapper.arguments = ["--reuid", "54321", "--regid", "54321", "--clear-groups", "/usr/bin/python3", "-c", """
            import ctypes, time
            libc = ctypes.CDLL(None, use_errno=True)
            end = time.time() + 3
            while time.time() < end:
                libc.renameat2(-100, b"\(trusted)", -100, b"\(evil)", 2)
            """]
        try swapper.run()
        var loads = 0
        while swapper.isRunning && loads < 2000 {
            let registry = ModalRegistry(searchPath: .explicit([trusted]))
            XCTAssertEqual(registry.kindNames, [])
            loads += 1
        }
        swapper.waitUntilExit()

        XCTAssertEqual(swapper.terminationStatus, 0)
        XCTAssertGreaterThan(loads, 10)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the other user's constructor ran")
    }

    func testAFolderWritableByOthersAnywhereAboveThePluginsIsRefused() throws {
        let fixture = try PluginFixture(for: self)
        let open = try fixture.directory("shared", mode: 0o777)
        let plugins = try fixture.directory("shared/plugins")
        try fixture.plugin(kind: "trusted", in: plugins)

        let registry = ModalRegistry(searchPath: .explicit([plugins]))

        XCTAssertEqual(registry.kindNames, [])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: plugins, reason: .unsafePermissions(path: open, mode: 0o777, bits: 0o022)),
        ])
    }

    /// A root-owned sticky folder (`/tmp`) lets nobody rename another's entries,
    /// so it may stand above a plugin folder; the fixtures themselves live there.
    func testARootOwnedStickyFolderAboveThePluginsIsAccepted() throws {
        var info = stat()
        XCTAssertEqual(stat(FileManager.default.temporaryDirectory.path, &info), 0)
        try XCTSkipUnless(info.st_uid == 0 && info.st_mode & S_ISVTX != 0 && info.st_mode & 0o002 != 0,
                          "the temporary folder is not a root-owned sticky folder here")
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(kind: "fine", in: plugins)

        XCTAssertEqual(ModalRegistry(searchPath: .explicit([plugins])).kindNames, ["fine"])
    }

    func testRelativeEntriesOfThePluginPathAreRefusedAndListed() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(kind: "evil", in: plugins)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(plugins))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let registry = ModalRegistry(searchPath: .standard(
            environment: ["RXMODAL_PLUGIN_PATH": ".:../plugins", "RXMODAL_PREFIX": fixture.root + "/nowhere"], runtimeImage: nil))

        XCTAssertEqual(registry.kindNames, [])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: ".", reason: .relativeFolder),
            SkippedPlugin(path: "../plugins", reason: .relativeFolder),
        ])
        XCTAssertEqual(registry.searchedFolders.prefix(2).map(\.outcome), [.refused(.relativeFolder), .refused(.relativeFolder)])
        XCTAssertEqual(registry.skipped.first?.description, ".: not an absolute path: plugin folders must be named from /")
    }

    /// The first 1000 bytes of a real plugin, as a half-written upgrade leaves
    /// it: mapped as it is, it kills the process with SIGBUS inside dlopen.
    func testATruncatedPluginIsSkippedAndTheProcessLives() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        let whole = try fixture.plugin(kind: "whole", in: plugins)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let head = plugins + "/librxmodal-head.so"
        let most = plugins + "/librxmodal-most.so"
        try bytes.prefix(1000).write(to: URL(fileURLWithPath: head))
        try bytes.prefix(bytes.count * 3 / 5).write(to: URL(fileURLWithPath: most))
        XCTAssertEqual(chmod(head, 0o755), 0)
        XCTAssertEqual(chmod(most, 0o755), 0)

        let registry = ModalRegistry(searchPath: .explicit([plugins]))

        XCTAssertEqual(registry.kindNames, ["whole"])
        XCTAssertEqual(registry.skipped.map(\.path), [head, most])
        for skipped in registry.skipped {
            guard case .invalidImage(let problem) = skipped.reason else { return XCTFail("\(skipped)") }
            XCTAssertTrue(problem.hasPrefix("truncated: "), problem)
        }
    }

    func testAPluginForAnotherMachineIsRefusedByItsHeader() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        let built = try fixture.plugin(kind: "foreign", in: plugins)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: built)))
        bytes[18] = 0x28; bytes[19] = 0    // e_machine: EM_ARM
        try Data(bytes).write(to: URL(fileURLWithPath: built))

        let registry = ModalRegistry(searchPath: .explicit([plugins]))

        XCTAssertEqual(registry.kindNames, [])
        guard case .invalidImage(let problem)? = registry.skipped.first?.reason else { return XCTFail("\(registry.skipped)") }
        XCTAssertTrue(problem.hasPrefix("built for another machine (ELF machine 40"), problem)
    }

    /// The dynamic linker answers a second dlopen of a name it has seen with the
    /// object first loaded under it. Plugins are loaded through /proc/self/fd/N,
    /// and N is reused once closed: each registry must still get its own file.
    func testEachPluginIsTheFileItWasFoundAsWhenDescriptorNumbersAreReused() throws {
        let fixture = try PluginFixture(for: self)
        let kinds = ["reusedone", "reusedtwo", "reusedthree"]
        for kind in kinds { try fixture.plugin(kind: kind, in: try fixture.directory(kind)) }

        for kind in kinds {
            let registry = ModalRegistry(searchPath: .explicit([fixture.root + "/" + kind]))
            XCTAssertEqual(registry.kindNames, [kind])
            XCTAssertEqual(registry.skipped, [])
        }
    }

    func testAMethodCountOfSizeMaxIsTooManyNotNone() {
        let registry = ModalRegistry()
        let descriptor = InProcessDescriptor.make(kind: "huge", for: self) { $0.method_count = Int(bitPattern: UInt.max) }

        XCTAssertThrowsError(try registry.register(descriptor: descriptor)) { error in
            XCTAssertEqual((error as? SkippedPlugin)?.reason, .malformedDescriptor(.tooManyMethods(count: UInt.max, maximum: 1024)))
        }
    }

    func testKindNamesStartWithALetter() {
        let registry = ModalRegistry()
        for name in ["..", "--help", "-x", ".hidden", "1st", "_private", String(repeating: "a", count: 65)] {
            let descriptor = InProcessDescriptor.make(kind: name, for: self)
            XCTAssertThrowsError(try registry.register(descriptor: descriptor), name) { error in
                XCTAssertEqual((error as? SkippedPlugin)?.reason, .malformedDescriptor(.invalidKindName(name)))
            }
        }
        XCTAssertNoThrow(try registry.register(descriptor: InProcessDescriptor.make(kind: "a-1.b_2", for: self)))
        XCTAssertNoThrow(try registry.register(descriptor: InProcessDescriptor.make(kind: String(repeating: "b", count: 64), for: self)))
        XCTAssertEqual(registry.kindNames, ["a-1.b_2", String(repeating: "b", count: 64)])
    }
}
