import XCTest
import RxModal
import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors read by a scanner process: a plugin that crashes, exits, hangs
/// or returns a wild pointer is skipped with the reason while the host lives
/// on; what was read is cached so a warm open reads no plugin; a kind is loaded
/// into the host only when first used, and only if its file is still the one
/// that was scanned.
final class PluginScannerTests: RxTestCase {
    /// SwiftPM builds the scanner beside this test bundle.
    static let scanner: String = {
        let bundle = PluginSearchPath.executablePath() ?? ""
        return (bundle as NSString).deletingLastPathComponent + "/" + PluginScannerLocation.fileName
    }()

    private func scanning(_ fixture: PluginFixture) -> PluginScanning {
        .scanner(path: Self.scanner, cache: fixture.root + "/cache/registry.json")
    }

    func testPluginsThatKillOrStopTheScannerAreSkippedAndTheRestLoad() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.compile([
            .init(variant: .entryCrashes, kind: "crashes", path: plugins + "/librxmodal-a-crashes.so"),
            .init(variant: .entryExits, kind: "exits", path: plugins + "/librxmodal-b-exits.so"),
            .init(variant: .good, kind: "fine", path: plugins + "/librxmodal-c-fine.so"),
            .init(variant: .entryReturnsWildPointer, kind: "wild", path: plugins + "/librxmodal-d-wild.so"),
            .init(variant: .abiMajor2, kind: "future", path: plugins + "/librxmodal-e-future.so"),
        ])

        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: scanning(fixture))

        XCTAssertEqual(registry.kindNames, ["fine"])
        XCTAssertEqual(registry.skipped, [
            SkippedPlugin(path: plugins + "/librxmodal-a-crashes.so", reason: .crashedScanner(signal: SIGSEGV)),
            SkippedPlugin(path: plugins + "/librxmodal-b-exits.so", reason: .exitedScanner(status: 42)),
            SkippedPlugin(path: plugins + "/librxmodal-d-wild.so", reason: .crashedScanner(signal: SIGSEGV)),
            SkippedPlugin(path: plugins + "/librxmodal-e-future.so", reason: .refusedByScanner("plugin ABI major version 2, host expects 1")),
        ])
        XCTAssertEqual(registry.skipped.first?.reason.description, "crashed the plugin scanner with signal 11 (Segmentation fault)")
    }

    func testAPluginThatHangsTheScannerIsSkippedAfterTheTimeout() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.compile([
            .init(variant: .entryHangs, kind: "hangs", path: plugins + "/librxmodal-a-hangs.so"),
            .init(variant: .good, kind: "after", path: plugins + "/librxmodal-b-after.so"),
        ])

        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: scanning(fixture))

        XCTAssertEqual(registry.kindNames, ["after"])
        XCTAssertEqual(registry.skipped, [SkippedPlugin(path: plugins + "/librxmodal-a-hangs.so", reason: .hungScanner(seconds: 10))])
    }

    func testAScannedKindIsListedWithoutItsPluginAndLoadedOnFirstUse() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(kind: "lazyone", in: plugins)

        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: scanning(fixture))
        let kind = try registry.kind(named: "lazyone")

        XCTAssertEqual(kind.methods.map(\.name), ["setTitle", "setCount"])
        XCTAssertFalse(kind.isLoaded)
        XCTAssertFalse(try mappedFiles().contains(plugins + "/librxmodal-lazyone.so"))
        let configuration = try kind.makeConfiguration()
        XCTAssertTrue(kind.isLoaded)
        XCTAssertEqual(UnsafeRawPointer(try kind.descriptor).load(as: UInt32.self), UInt32(MemoryLayout<rxm_plugin_descriptor>.size))
        withExtendedLifetime(configuration) {}
    }

    /// The second open takes every description from the cache: it works with
    /// no scanner at all, and still loads the kind when used.
    func testAWarmOpenReadsNoPlugin() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(kind: "cachedone", in: plugins)
        try fixture.plugin(.entryNull, kind: "declines", in: plugins)
        let cache = fixture.root + "/cache/registry.json"
        let cold = ModalRegistry(searchPath: .explicit([plugins]), scanning: .scanner(path: Self.scanner, cache: cache))
        XCTAssertEqual(cold.kindNames, ["cachedone"])
        var info = stat()
        XCTAssertEqual(stat(cache, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)

        let warm = ModalRegistry(searchPath: .explicit([plugins]), scanning: .scanner(path: fixture.root + "/no-scanner-here", cache: cache))

        XCTAssertEqual(warm.kindNames, ["cachedone"])
        XCTAssertEqual(warm.skipped.map(\.description), [plugins + "/librxmodal-declines.so: rxm_plugin_entry returned NULL"])
        XCTAssertNoThrow(try warm.kind(named: "cachedone").makeConfiguration())
    }

    /// A file replaced after its scan is not loaded in its kind's name: the
    /// kind is unavailable, and says why.
    func testAFileReplacedAfterItsScanIsNotLoaded() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        let path = try fixture.plugin(kind: "swapped", in: plugins)
        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: scanning(fixture))
        let kind = try registry.kind(named: "swapped")

        let elsewhere = try fixture.directory("elsewhere")
        let replacement = try fixture.plugin(.withAuthorization, kind: "swapped", in: elsewhere)
        XCTAssertEqual(rename(replacement, path), 0)

        XCTAssertThrowsError(try kind.makeConfiguration()) { error in
            XCTAssertEqual(error as? ModalError, .pluginUnavailable(
                reason: "\(path): the file changed since it was scanned; list the plugins again"))
        }
        XCTAssertFalse(kind.isLoaded)
    }

    /// A plugin that words its texts after what it finds where it runs (a library
    /// installed since the scan) is still the kind the scan described: it loads.
    func testAPluginDescribingItselfDifferentlyWhenLoadedStillLoads() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(.describesEnvironment, kind: "worded", in: plugins)
        setenv("RXMODAL_TEST_PLUGIN_NOTE", "as scanned", 1)
        defer { unsetenv("RXMODAL_TEST_PLUGIN_NOTE") }
        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: scanning(fixture))
        let kind = try registry.kind(named: "worded")
        XCTAssertEqual(kind.resultDescription, "as scanned")

        setenv("RXMODAL_TEST_PLUGIN_NOTE", "as loaded", 1)
        XCTAssertNoThrow(try kind.makeConfiguration())
        XCTAssertTrue(kind.isLoaded)
        XCTAssertEqual(String(cString: try kind.descriptor.pointee.result_description), "as loaded")
    }

    func testAScannerThatCannotRunFallsBackToReadingInThisProcessAndSaysSo() throws {
        let fixture = try PluginFixture(for: self)
        let plugins = try fixture.directory("plugins")
        try fixture.plugin(kind: "stillhere", in: plugins)
        let missing = fixture.root + "/no-scanner-here"

        let registry = ModalRegistry(searchPath: .explicit([plugins]), scanning: .scanner(path: missing, cache: nil))

        XCTAssertEqual(registry.kindNames, ["stillhere"])
        XCTAssertEqual(registry.skipped.map(\.path), [missing])
        XCTAssertTrue(registry.skipped.first?.reason.description.hasPrefix("cannot run the plugin scanner") ?? false, "\(registry.skipped)")
    }

    /// The files of /proc/self/maps: what this process has mapped.
    private func mappedFiles() throws -> Set<String> {
        // Read with read(2): files of /proc report a size of 0.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).dropFirst(5).first
                .map { $0.trimmingCharacters(in: .whitespaces) }
        })
    }
}
