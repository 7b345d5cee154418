import XCTest
import Synchronization
import RxModal
import RxModalPluginABI

/// Counts the in-process test kind's configurations (C callbacks cannot capture).
private let inProcessLiveConfigs = Atomic<Int>(0)

/// Registering kinds from Swift, without a shared object: validated exactly as a
/// loaded file is, and subject to the same first-provider-wins rule.
final class InProcessRegistrationTests: RxTestCase {
    /// A descriptor in memory that lives until the test ends, with one method.
    private func makeDescriptor(kind: String, _ change: (inout rxm_plugin_descriptor) -> Void = { _ in }) -> UnsafePointer<rxm_plugin_descriptor> {
        var strings: [UnsafeMutablePointer<CChar>] = []
        func keep(_ text: String) -> UnsafePointer<CChar> {
            let copy = strdup(text)!
            strings.append(copy)
            return UnsafePointer(copy)
        }
        let method = UnsafeMutablePointer<rxm_method>.allocate(capacity: 1)
        let setFlag: @convention(c) (UnsafeMutableRawPointer?, Bool, UnsafeMutablePointer<rxm_error>?) -> Int32 = { config, flag, _ in
            config!.storeBytes(of: flag ? 1 : 0, as: Int.self)
            return Int32(RXM_OK)
        }
        method.initialize(to: rxm_method(
            name: keep("setFlag"), signature: keep("b"),
            function: unsafeBitCast(setFlag, to: (@convention(c) () -> Void).self),
            argument_names: keep("flag"), doc: keep("Sets the flag.")))

        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        descriptor.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        descriptor.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        descriptor.kind = keep(kind)
        descriptor.version = keep("0.1")
        descriptor.summary = keep("Registered from Swift.")
        descriptor.result_description = keep("{ \"flag\": b }")
        descriptor.config_new = { _ in
            inProcessLiveConfigs.add(1, ordering: .relaxed)
            let config = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
            config.storeBytes(of: 0, as: Int.self)
            return config
        }
        descriptor.config_free = { config in
            inProcessLiveConfigs.subtract(1, ordering: .relaxed)
            config?.deallocate()
        }
        descriptor.methods = UnsafePointer(method)
        descriptor.method_count = 1
        descriptor.present = { _, _, _, error in
            rxm_error_set_message(error, Int32(RXM_ERR_UNSUPPORTED), "presents nothing")
            return rxm_disposable()
        }
        change(&descriptor)

        let pointer = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        pointer.initialize(to: descriptor)
        let allocated = strings
        addTeardownBlock {
            pointer.deallocate()
            method.deallocate()
            allocated.forEach { free($0) }
        }
        return UnsafePointer(pointer)
    }

    func testRegisteredKindIsListedDescribedAndConfigurable() throws {
        let registry = ModalRegistry()
        let descriptor = makeDescriptor(kind: "swiftKind")

        let registered = try registry.register(descriptor: descriptor)

        XCTAssertEqual(registry.kindNames, ["swiftKind"])
        let kind = try registry.kind(named: "swiftKind")
        XCTAssertTrue(kind === registered)
        XCTAssertEqual(kind.origin, .inProcess)
        XCTAssertEqual(kind.descriptor, descriptor)
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
        let before = inProcessLiveConfigs.load(ordering: .relaxed)
        do {
            let configuration = try kind.makeConfiguration()
            XCTAssertEqual(inProcessLiveConfigs.load(ordering: .relaxed), before + 1)
            try kind.checkPrecondition(configuration)
            XCTAssertEqual(kind.authorizationStatus(configuration), .authorized)
        }
        XCTAssertEqual(inProcessLiveConfigs.load(ordering: .relaxed), before)
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

/// `rxm_error_set` is variadic, so Swift cannot call it; this fills the error the same way.
private func rxm_error_set_message(_ error: UnsafeMutablePointer<rxm_error>?, _ code: Int32, _ message: String) {
    guard let error else { return }
    error.pointee.code = code
    withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
        let bytes = Array(message.utf8.prefix(buffer.count - 1))
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
}
