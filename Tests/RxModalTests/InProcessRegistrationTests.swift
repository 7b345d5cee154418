import XCTest
import RxModal
import RxModalPluginABI

/// Registering kinds from Swift, without a shared object: validated exactly as a
/// loaded file is, and subject to the same first-provider-wins rule.
final class InProcessRegistrationTests: RxTestCase {
    private func makeDescriptor(kind: String, _ change: (inout rxm_plugin_descriptor) -> Void = { _ in }) -> UnsafePointer<rxm_plugin_descriptor> {
        InProcessDescriptor.make(kind: kind, for: self, change)
    }

    func testRegisteredKindIsListedDescribedAndConfigurable() throws {
        let registry = ModalRegistry()
        let descriptor = makeDescriptor(kind: "swiftKind")

        let registered = try registry.register(descriptor: descriptor)

        XCTAssertEqual(registry.kindNames, ["swiftKind"])
        let kind = try registry.kind(named: "swiftKind")
        XCTAssertTrue(kind === registered)
        XCTAssertEqual(kind.origin, .inProcess)
        XCTAssertEqual(try kind.descriptor, descriptor)
        XCTAssertFalse(kind.hasPrecondition)
        XCTAssertEqual(registry.describe(kind), """
            swiftKind 0.1
              Registered from Swift.
              source: in-process
              result: { "flag": b }
              precondition: no   authorization: no
              methods:
                setFlag(flag) [b] — Sets the flag.

            """)
        let before = InProcessDescriptor.liveConfigs.load(ordering: .relaxed)
        do {
            let configuration = try kind.makeConfiguration()
            XCTAssertEqual(InProcessDescriptor.liveConfigs.load(ordering: .relaxed), before + 1)
            try kind.checkPrecondition(configuration)
            XCTAssertEqual(kind.authorizationStatus(configuration), .authorized)
        }
        XCTAssertEqual(InProcessDescriptor.liveConfigs.load(ordering: .relaxed), before)
    }

    func testMalformedDescriptorIsRefusedWithTheSameReasonAsAFile() {
        let registry = ModalRegistry()
        let descriptor = makeDescriptor(kind: "halfAuthorized") { descriptor in
            descriptor.request_authorization = { _, _, _ in rxm_disposable() }
        }

        XCTAssertThrowsError(try registry.register(descriptor: descriptor)) { error in
            XCTAssertEqual(error as? SkippedPlugin, SkippedPlugin(
                path: "in-process",
                reason: .malformedDescriptor(.incompleteAuthorization(present: "request_authorization", missing: "authorization_status"))))
        }
        XCTAssertEqual(registry.kindNames, [])
    }

    func testDescriptorOfAnotherABIMajorIsRefused() {
        let registry = ModalRegistry()
        let descriptor = makeDescriptor(kind: "future") { $0.abi_major = 7 }

        XCTAssertThrowsError(try registry.register(descriptor: descriptor)) { error in
            XCTAssertEqual((error as? SkippedPlugin)?.reason, .abiMismatch(found: 7, expected: 1))
        }
    }

    func testEmptyKindNameAndUnknownSignatureCodesAreRefused() {
        let registry = ModalRegistry()
        let empty = makeDescriptor(kind: "")
        let tooMany = makeDescriptor(kind: "tooMany") { $0.method_count = 5000 }

        XCTAssertThrowsError(try registry.register(descriptor: empty)) { error in
            XCTAssertEqual((error as? SkippedPlugin)?.reason, .malformedDescriptor(.invalidKindName("")))
        }
        XCTAssertThrowsError(try registry.register(descriptor: tooMany)) { error in
            XCTAssertEqual((error as? SkippedPlugin)?.reason, .malformedDescriptor(.tooManyMethods(count: 5000, maximum: 1024)))
        }
    }

    func testSecondRegistrationOfAKindIsRefusedAndTheFirstStays() throws {
        let registry = ModalRegistry()
        let first = try registry.register(descriptor: makeDescriptor(kind: "twice"))

        XCTAssertThrowsError(try registry.register(descriptor: makeDescriptor(kind: "twice"))) { error in
            XCTAssertEqual(error as? SkippedPlugin, SkippedPlugin(path: "in-process", reason: .duplicateKind("twice", providedBy: .inProcess)))
        }
        XCTAssertTrue(try registry.kind(named: "twice") === first)
    }

    func testAFileLoadedAfterARegistrationOfTheSameKindIsReported() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let file = try fixture.plugin(kind: "claimed", in: directory)
        let registry = ModalRegistry()
        try registry.register(descriptor: makeDescriptor(kind: "claimed"))

        registry.load(.explicit([directory]))

        XCTAssertEqual(try registry.kind(named: "claimed").origin, .inProcess)
        XCTAssertEqual(registry.skipped, [SkippedPlugin(path: file, reason: .duplicateKind("claimed", providedBy: .inProcess))])
    }
}

