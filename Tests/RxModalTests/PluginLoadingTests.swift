import XCTest
import RxModal
import RxModalPluginABI

/// Loading plugins from real shared objects: what a good one exposes, and every
/// way a broken one is refused, with its reason, without stopping the others.
final class PluginLoadingTests: RxTestCase {
    func testGoodPluginLoadsWithItsFieldsAndMethods() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let path = try fixture.plugin(kind: "testgood", in: directory)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.skipped, [])
        XCTAssertEqual(registry.kindNames, ["testgood"])
        let kind = try registry.kind(named: "testgood")
        XCTAssertEqual(kind.name, "testgood")
        XCTAssertEqual(kind.version, "1.2.3")
        XCTAssertEqual(kind.summary, "A plugin for the registry's tests.")
        XCTAssertEqual(kind.resultDescription, "nothing: it never presents")
        XCTAssertEqual(kind.origin, .file(path))
        XCTAssertEqual(kind.abiMinor, UInt32(RXM_PLUGIN_ABI_MINOR))
        XCTAssertTrue(kind.hasPrecondition)
        XCTAssertFalse(kind.hasAuthorization)
        XCTAssertEqual(kind.methods.map(\.name), ["setTitle", "setCount"])
        XCTAssertEqual(kind.methods.map(\.signature), ["s", "i"])
        XCTAssertEqual(kind.methods.map(\.argumentNames), [["title"], ["count"]])
        XCTAssertEqual(kind.methods.map(\.index), [0, 1])
        XCTAssertEqual(try kind.method(named: "setCount").doc, "Sets how many; a negative count is unsupported.")
        XCTAssertEqual(UnsafeRawPointer(try kind.descriptor).load(as: UInt32.self), UInt32(MemoryLayout<rxm_plugin_descriptor>.size))
    }

    func testUnknownMethodListsTheKnownOnes() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "testgood", in: directory)
        let kind = try ModalRegistry(searchPath: .explicit([directory])).kind(named: "testgood")

        XCTAssertThrowsError(try kind.method(named: "setColour")) { error in
            XCTAssertEqual(error as? ModalError, .unknownMethod(kind: "testgood", method: "setColour", known: ["setTitle", "setCount"]))
        }
    }

    func testUnknownKindListsTheKnownNames() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "zeta", in: directory)
        try fixture.plugin(kind: "alpha", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertThrowsError(try registry.kind(named: "mailComposer")) { error in
            XCTAssertEqual(error as? ModalError, .unknownKind("mailComposer", known: ["alpha", "zeta"]))
        }
        XCTAssertEqual(registry.kinds.map(\.name), ["alpha", "zeta"])
    }

    func testEachBrokenPluginIsRefusedWithItsReasonWhileTheGoodOnesLoad() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let broken: [(TestPluginVariant, SkippedPlugin.Reason)] = [
            (.noEntry, .noEntrySymbol),
            (.abiMajor2, .abiMismatch(found: 2, expected: 1)),
            (.entryNull, .entryReturnedNull),
            (.nullKind, .malformedDescriptor(.nullKind)),
            (.badKindName, .malformedDescriptor(.invalidKindName("bad kind!"))),
            (.smallStruct, .malformedDescriptor(.structSizeTooSmall(found: 8, minimum: UInt32(MemoryLayout<rxm_plugin_descriptor>.size)))),
            (.nullConfigNew, .malformedDescriptor(.missingFunction("config_new"))),
            (.nullConfigFree, .malformedDescriptor(.missingFunction("config_free"))),
            (.nullPresent, .malformedDescriptor(.missingFunction("present"))),
            (.nullMethodsWithCount, .malformedDescriptor(.nullMethodTable(count: 2))),
            (.methodNullName, .malformedDescriptor(.invalidMethodField(index: 0, field: "name"))),
            (.methodNullSignature, .malformedDescriptor(.invalidMethodField(index: 0, field: "signature"))),
            (.methodNullFunction, .malformedDescriptor(.invalidMethodField(index: 0, field: "function"))),
            (.badSignature, .malformedDescriptor(.invalidSignature(method: "setTitle", signature: "sx", character: "x"))),
            (.duplicateMethods, .malformedDescriptor(.duplicateMethod("setTitle"))),
            (.halfAuthorization, .malformedDescriptor(.incompleteAuthorization(present: "authorization_status", missing: "request_authorization"))),
            (.argumentNamesMismatch, .malformedDescriptor(.argumentNamesMismatch(method: "setTitle", names: 2, arguments: 1))),
        ]
        // File names sort the good plugins between and around the broken ones, so
        // a refusal that stopped the scan would lose a good one.
        var builds = broken.enumerated().map { index, entry in
            PluginFixture.Build(variant: entry.0, kind: "broken\(index)", path: "\(directory)/b\(String(format: "%02d", index)).so")
        }
        builds.append(.init(variant: .good, kind: "first", path: "\(directory)/a.so"))
        builds.append(.init(variant: .good, kind: "middle", path: "\(directory)/b08-good.so"))
        builds.append(.init(variant: .withAuthorization, kind: "last", path: "\(directory)/c.so"))
        try fixture.compile(builds)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.kindNames, ["first", "last", "middle"])
        let expected = broken.enumerated().map { index, entry in
            SkippedPlugin(path: "\(directory)/b\(String(format: "%02d", index)).so", reason: entry.1)
        }
        XCTAssertEqual(registry.skipped, expected)
        XCTAssertTrue(try registry.kind(named: "last").hasAuthorization)
    }

    func testATextFileNamedLikeAPluginIsRefusedBeforeTheDynamicLinkerSeesIt() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let text = try fixture.textFile(String(repeating: "These are notes, not a plugin, whatever the name says.\n", count: 4),
                                        in: directory, named: "librxmodal-text.so", mode: 0o755)
        try fixture.plugin(kind: "testgood", in: directory)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.kindNames, ["testgood"])
        XCTAssertEqual(registry.skipped.map(\.path), [text])
        XCTAssertEqual(registry.skipped.first?.reason, .invalidImage("not an ELF file"))
    }

    func testSubdirectoriesAndSpecialFilesAreNotCandidates() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.directory("plugins/nested.so")
        XCTAssertEqual(mkfifo(directory + "/librxmodal-fifo.so", 0o644), 0)   // dlopen would block on it
        try fixture.plugin(kind: "testgood", in: directory)

        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.kindNames, ["testgood"])
        XCTAssertEqual(registry.skipped, [])
    }

    func testRefusalsReadAsSentences() {
        XCTAssertEqual(
            SkippedPlugin(path: "/p/x.so", reason: .abiMismatch(found: 2, expected: 1)).description,
            "/p/x.so: plugin ABI major version 2, host expects 1")
        XCTAssertEqual(
            SkippedPlugin.Reason.unsafePermissions(path: "/p", mode: 0o777, bits: 0o022).description,
            "unsafe permissions: /p (mode 777) is writable by group and others")
        XCTAssertEqual(
            SkippedPlugin.Reason.duplicateKind("alert", providedBy: .inProcess).description,
            "duplicate kind “alert”, already provided by in-process")
        XCTAssertEqual(
            SkippedPlugin.Reason.malformedDescriptor(.invalidSignature(method: "m", signature: "sq", character: "q")).description,
            "malformed descriptor: method m has signature “sq” with “q”, not one of b i d s y S v")
    }
}
