import XCTest
import RxCore
import RxModal
import RxModalPluginABI

/// A Swift kind's descriptor is a real `rxm_plugin_descriptor`: the registry
/// validates and describes it, the libffi invoker calls its methods through
/// their C function pointers, and the arguments arrive in Swift as the values
/// the caller passed; errors thrown in Swift come back with their codes.
final class ModalKindDescriptorTests: RxTestCase {
    func testTheRegistryDescribesASwiftKindLikeAPlugin() throws {
        let registry = ModalRegistry()
        let kind = try registry.register(ProbeKind())
        XCTAssertEqual(kind.name, "probe")
        XCTAssertEqual(kind.version, "2.1.0")
        XCTAssertEqual(kind.summary, "Records what its methods receive.")
        XCTAssertEqual(kind.resultDescription, #"{"presented": true}"#)
        XCTAssertEqual(kind.origin, .inProcess)
        XCTAssertEqual(kind.methods.map(\.name), ["takeAll", "takeNothing", "fail"])
        XCTAssertEqual(kind.methods[0].signature, "bidsySv")
        XCTAssertEqual(kind.methods[0].argumentNames, ["flag", "count", "ratio", "text", "data", "list", "tree"])
        XCTAssertEqual(kind.methods[0].doc, "Takes one argument of every kind.")
        XCTAssertFalse(kind.hasPrecondition)
        XCTAssertFalse(kind.hasAuthorization)
        XCTAssertEqual(registry.kindNames, ["probe"])
    }

    func testEveryArgumentKindCrossesCAndArrivesAsTheValueThatWasPassed() throws {
        let probe = ProbeKind()
        let kind = try ModalRegistry().register(probe)
        let configuration = try kind.makeConfiguration()
        let arguments: [ModalValue] = [true, -42, 2.5, "héllo", .bytes([0, 1, 255]), ["a", "", "ç"],
                                       ["nested": [1, 2.5, nil, "x"], "flag": false]]
        try kind.methodTable().invoker(named: "takeAll").invoke(config: configuration.pointer, arguments: arguments)
        try kind.methodTable().invoker(named: "takeNothing").invoke(config: configuration.pointer, arguments: [])
        try kind.methodTable().invoker(named: "takeAll").invoke(
            config: configuration.pointer, arguments: [false, .int(Int64.min), 3, "", .bytes([]), [], nil])

        XCTAssertEqual(probe.received, [
            arguments,
            [],
            [false, .int(Int64.min), 3.0, "", .bytes([]), [], nil],   // an int passed for a double arrives as a double
        ])
    }

    func testAnIllTypedArgumentNeverReachesTheMethodBody() throws {
        let probe = ProbeKind()
        let kind = try ModalRegistry().register(probe)
        let configuration = try kind.makeConfiguration()
        let takeAll = try kind.methodTable().invoker(named: "takeAll")
        XCTAssertThrowsError(try takeAll.invoke(config: configuration.pointer,
                                                arguments: [true, 1, 1.0, "nul\0byte", .bytes([]), [], nil])) {
            XCTAssertModalError($0, .invalidArgument(method: "takeAll", reason: "argument 4 (text): contains a NUL byte at UTF-8 offset 3"))
        }
        XCTAssertThrowsError(try takeAll.invoke(config: configuration.pointer, arguments: [true])) {
            guard case .invalidArgument(let method, _)? = $0 as? ModalError else { return XCTFail("\($0)") }
            XCTAssertEqual(method, "takeAll")
        }
        XCTAssertEqual(probe.received, [], "the Swift body ran for none of them")
    }

    func testAModalErrorThrownByAMethodKeepsItsCodeAndReason() throws {
        let kind = try ModalRegistry().register(ProbeKind())
        let configuration = try kind.makeConfiguration()
        XCTAssertThrowsError(try kind.methodTable().invoker(named: "fail").invoke(config: configuration.pointer, arguments: [2])) {
            XCTAssertModalError($0, .plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "not here"))
        }
    }

    func testAnyOtherErrorThrownByAMethodIsAnInternalError() throws {
        let kind = try ModalRegistry().register(ProbeKind())
        let configuration = try kind.makeConfiguration()
        XCTAssertThrowsError(try kind.methodTable().invoker(named: "fail").invoke(config: configuration.pointer, arguments: [1])) {
            XCTAssertModalError($0, .plugin(code: Int32(RXM_ERR_INTERNAL), message: "something Swift-only went wrong"))
        }
    }

    func testEachConfigurationIsMadeByConfigNewAndFreedWithItsHandle() throws {
        let probe = ProbeKind()
        let kind = try ModalRegistry().register(probe)
        var first: ModalConfiguration? = try kind.makeConfiguration()
        var second: ModalConfiguration? = try kind.makeConfiguration()
        XCTAssertNotEqual(first?.pointer, second?.pointer)
        XCTAssertEqual(probe.liveConfigurations.load(ordering: .relaxed), 2)
        first = nil
        XCTAssertEqual(probe.liveConfigurations.load(ordering: .relaxed), 1)
        second = nil
        XCTAssertEqual(probe.liveConfigurations.load(ordering: .relaxed), 0)
        _ = (first, second)
    }

    func testPresentingEmitsThroughTheCoordinatorAndDropsWhatFollowsTheEnd() throws {
        let probe = ProbeKind()
        let registry = ModalRegistry()
        try registry.register(probe)
        let surface = try ScriptedSurface(json: "[]")
        let recorder = runModal(ModalCoordinator(registry: registry).present(kind: "probe", presenter: .surface(surface)))
        surface.drain()
        XCTAssertEqual(recorder.elements, [["presented": true]])
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(recorder.events.count, 2)
        XCTAssertEqual(probe.liveConfigurations.load(ordering: .relaxed), 0, "the configuration was freed")
    }

    func testAMalformedSignatureIsRefusedWhenTheDescriptorIsMade() {
        struct Broken: ModalKindDefinition {
            final class Configuration {}
            let name = "broken", version = "1", summary = "", resultDescription = ""
            func makeConfiguration() -> Configuration { Configuration() }
            var methods: [ModalKindMethod<Configuration>] {
                [ModalKindMethod("setX", signature: "sx", argumentNames: ["a", "b"], doc: "") { _, _ in }]
            }
            func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
                Disposables.create()
            }
        }
        XCTAssertThrowsError(try ModalKindDescriptor(Broken())) { error in
            guard case .malformedValue(let reason)? = error as? ModalError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("broken.setX: signature “sx”: unknown code “x” at position 2"), reason)
        }
    }

    func testTheSameDescriptorRegistersInSeveralRegistriesButOnceInEach() throws {
        let descriptor = try ModalKindDescriptor(ProbeKind(name: "probe.shared"))
        let first = ModalRegistry(), second = ModalRegistry()
        let kind = try descriptor.kind(in: first)
        XCTAssertTrue(try descriptor.kind(in: first) === kind, "found, not registered again")
        XCTAssertEqual(try descriptor.kind(in: second).descriptor, descriptor.pointer)
        XCTAssertThrowsError(try descriptor.register(in: first)) { error in
            guard case .duplicateKind(let name, _)? = (error as? SkippedPlugin)?.reason else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "probe.shared")
        }
    }
}
