import XCTest
import RxCore
@testable import RxModal
import RxModalPluginABI

/// The host's invoker calls a Swift kind's methods with Swift values instead of
/// through libffi; what the method body receives and what its caller hears must
/// be what the call through C gives, argument kind by argument kind.
final class InProcessMethodCallTests: RxTestCase {
    /// Records what its methods receive; `fail(code)` throws a chosen error.
    private final class RecordingKind: ModalKindDefinition, @unchecked Sendable {
        final class Configuration {}
        struct SwiftOnlyError: Error, CustomStringConvertible {
            var description: String { "a Swift-only failure" }
        }

        let name = "recording.inProcess"
        let version = "1.0.0"
        let summary = "Records what its methods receive."
        let resultDescription = "nothing"
        private let lock = NSLock()
        private var calls: [[ModalValue]] = []

        var received: [[ModalValue]] { lock.withLock { calls } }
        func forget() { lock.withLock { calls = [] } }

        func makeConfiguration() -> Configuration { Configuration() }

        var methods: [ModalKindMethod<Configuration>] {
            [
                ModalKindMethod("takeScalars", signature: "bidsyS",
                                argumentNames: ["flag", "count", "ratio", "text", "data", "list"], doc: "") { [self] _, arguments in
                    record(arguments)
                },
                ModalKindMethod("takeTree", signature: "v", argumentNames: ["tree"], doc: "") { [self] _, arguments in
                    record(arguments)
                },
                ModalKindMethod("fail", signature: "i", argumentNames: ["how"], doc: "") { _, arguments in
                    switch arguments[0] {
                    case .int(1): throw ModalError.unsupported(kind: "recording.inProcess", reason: "not here")
                    case .int(2): throw ModalError.invalidArgument(method: "fail", reason: "two is wrong")
                    case .int(3): throw ModalError.plugin(code: 77, message: String(repeating: "é", count: 400))
                    default: throw SwiftOnlyError()
                    }
                },
            ]
        }

        func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
            observer.onCompleted()
            return Disposables.create()
        }

        private func record(_ arguments: [ModalValue]) { lock.withLock { calls.append(arguments) } }
    }

    private static let kind = RecordingKind()
    private static let descriptor = try! ModalKindDescriptor(kind)

    /// The method `name` twice: as the host calls it, and forced through libffi.
    private func invokers(_ name: String, of kind: ModalKind) throws -> (host: MethodInvoker, throughC: MethodInvoker) {
        let host = try kind.methodTable().invoker(named: name)
        let methods = UnsafeBufferPointer(start: try kind.descriptor.pointee.methods, count: try kind.descriptor.pointee.method_count)
        let method = try XCTUnwrap(methods.first { String(cString: $0.name) == name })
        let throughC = try MethodInvoker(description: MethodDescription(method: method), function: method.function!, inProcess: false)
        return (host, throughC)
    }

    func testScalarMethodsOfASwiftKindAreCalledInProcessAndTreeMethodsThroughC() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        XCTAssertTrue(try kind.methodTable().invoker(named: "takeScalars").callsInProcess)
        XCTAssertTrue(try kind.methodTable().invoker(named: "fail").callsInProcess)
        XCTAssertFalse(try kind.methodTable().invoker(named: "takeTree").callsInProcess)
        XCTAssertFalse(try invokers("takeScalars", of: kind).throughC.callsInProcess)
    }

    func testEveryScalarArgumentArrivesAsTheCallThroughCDeliversIt() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        let configuration = try kind.makeConfiguration()
        let (host, throughC) = try invokers("takeScalars", of: kind)
        let argumentLists: [[ModalValue]] = [
            [true, -42, 2.5, "héllo", .bytes([0, 1, 255]), ["a", "", "ç"]],
            // Each conversion the invoker allows: a whole double for an int, an int
            // for a double, UTF-8 bytes for a string, a string for bytes.
            [false, 3.0, .int(2), .bytes(Array("bytes as text".utf8)), "text as bytes", [.bytes(Array("ü".utf8)), "b"]],
            [false, .int(Int64.min), .double(-0.0), "", .bytes([]), []],
            [true, .int(Int64.max), 1e300, .bytes([]), "", [.bytes([])]],
        ]
        for arguments in argumentLists {
            Self.kind.forget()
            try throughC.invoke(config: configuration.pointer, arguments: arguments)
            try host.invoke(config: configuration.pointer, arguments: arguments)
            let received = Self.kind.received
            XCTAssertEqual(received.count, 2)
            XCTAssertEqual(received.first, received.last, "in process and through C differ for \(arguments)")
        }
        XCTAssertEqual(Self.kind.received.last, [true, .int(Int64.max), 1e300, "", .bytes([]), [""]])
    }

    func testAnIllTypedArgumentIsRefusedAsThroughCBeforeTheBodyRuns() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        let configuration = try kind.makeConfiguration()
        let (host, throughC) = try invokers("takeScalars", of: kind)
        Self.kind.forget()
        for arguments: [ModalValue] in [[true, 1.5, 1, "", .bytes([]), []], [true, 1, 1, "nul\0", .bytes([]), []], [true]] {
            var errors: [ModalError?] = []
            for invoker in [throughC, host] {
                XCTAssertThrowsError(try invoker.invoke(config: configuration.pointer, arguments: arguments)) { errors.append($0 as? ModalError) }
            }
            XCTAssertEqual(errors.count, 2)
            XCTAssertNotNil(errors[0])
            XCTAssertEqual(errors[0], errors[1])
        }
        XCTAssertEqual(Self.kind.received, [], "the body ran for none of them")
    }

    func testAnErrorThrownByTheBodyReachesTheCallerAsItDoesThroughC() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        let configuration = try kind.makeConfiguration()
        let (host, throughC) = try invokers("fail", of: kind)
        var seen: [ModalError] = []
        for how: Int64 in [1, 2, 3, 4] {
            var errors: [ModalError] = []
            for invoker in [throughC, host] {
                XCTAssertThrowsError(try invoker.invoke(config: configuration.pointer, arguments: [.int(how)])) { error in
                    guard let error = error as? ModalError else { return XCTFail("not a ModalError: \(error)") }
                    errors.append(error)
                }
            }
            XCTAssertEqual(errors.count, 2)
            XCTAssertEqual(errors.first, errors.last, "in process and through C differ for fail(\(how))")
            seen += errors.prefix(1)
        }
        XCTAssertEqual(seen.count, 4)
        // A bare invoker knows no kind to name, so `unsupported` stays a plugin code on both paths.
        XCTAssertEqual(seen.first, .plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "not here"))
        XCTAssertEqual(seen.last, .plugin(code: Int32(RXM_ERR_INTERNAL), message: "a Swift-only failure"))
        // The message crossed an rxm_error of fixed size on both paths: cut to fit.
        guard case .plugin(77, let message)? = seen.dropFirst(2).first else { return XCTFail("\(seen)") }
        XCTAssertLessThan(message.utf8.count, 400 * 2)
    }

    func testAConfigurationOfAnotherKindIsRefusedInProcessToo() throws {
        let registry = ModalRegistry()
        let kind = try Self.descriptor.kind(in: registry)
        let other = try registry.register(ProbeKind(name: "probe.other"))
        let foreign = try other.makeConfiguration()
        let host = try kind.methodTable().invoker(named: "fail")
        XCTAssertTrue(host.callsInProcess)
        XCTAssertThrowsError(try host.invoke(config: foreign.pointer, arguments: [1])) { error in
            guard case .invalidArgument(let method, let reason)? = error as? ModalError else { return XCTFail("\(error)") }
            XCTAssertEqual(method, "fail")
            XCTAssertTrue(reason.contains("not a configuration of recording.inProcess"), reason)
        }
    }
}
