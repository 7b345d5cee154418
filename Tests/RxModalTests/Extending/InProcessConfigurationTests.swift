import XCTest
import RxCore
@testable import RxModal
import RxModalPluginABI

/// The host makes a Swift kind's configurations without libffi; what it gets
/// (a configuration, or the error the kind threw) must be what the kind's
/// `config_new` gives a C caller.
final class InProcessConfigurationTests: RxTestCase {
    /// `makeConfiguration` fails as `failure` says, or succeeds when it is nil.
    private final class RefusingKind: ModalKindDefinition, @unchecked Sendable {
        final class Configuration {
            var count: Int64 = 0
        }
        struct SwiftOnlyError: Error, CustomStringConvertible {
            var description: String { "a Swift-only failure" }
        }

        let name = "refusing.inProcess"
        let version = "1.0.0"
        let summary = "Makes a configuration, or refuses to."
        let resultDescription = "nothing"
        private let lock = NSLock()
        private var failureValue: Error?
        var failure: Error? {
            get { lock.withLock { failureValue } }
            set { lock.withLock { failureValue = newValue } }
        }

        func makeConfiguration() throws -> Configuration {
            if let failure { throw failure }
            return Configuration()
        }

        var methods: [ModalKindMethod<Configuration>] {
            [ModalKindMethod("setCount", signature: "i", argumentNames: ["count"], doc: "") { configuration, arguments in
                configuration.count = arguments[0].intValue!
            }]
        }

        func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
            observer.onNext(.int(configuration.count))
            observer.onCompleted()
            return Disposables.create()
        }
    }

    private static let kind = RefusingKind()
    private static let descriptor = try! ModalKindDescriptor(kind)

    override func tearDown() {
        Self.kind.failure = nil
        super.tearDown()
    }

    /// What `config_new`, called through its C function pointer, says.
    private func errorThroughC(of kind: ModalKind) throws -> ModalError? {
        var error = rxm_error()
        let configNew = try XCTUnwrap(try kind.descriptor.pointee.config_new)
        guard let pointer = configNew(&error) else {
            return ModalKind.modalError(from: &error, kind: kind.name, call: "config_new")
        }
        try kind.descriptor.pointee.config_free(pointer)
        return nil
    }

    func testAFailingConfigurationFailsInProcessAsThroughC() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        XCTAssertNotNil(ConfigurationMaker.inProcess(at: unsafeBitCast(try kind.descriptor.pointee.config_new, to: UnsafeRawPointer.self)),
                        "a Swift kind of this process is made without libffi")
        let failures: [Error] = [
            ModalError.unsupported(kind: "refusing.inProcess", reason: "not on this system"),
            ModalError.invalidArgument(method: "config_new", reason: "no"),
            ModalError.plugin(code: 77, message: String(repeating: "é", count: 400)),
            RefusingKind.SwiftOnlyError(),
        ]
        for failure in failures {
            Self.kind.failure = failure
            let throughC = try XCTUnwrap(try errorThroughC(of: kind), "\(failure)")
            XCTAssertThrowsError(try kind.makeConfiguration(), "\(failure)") { error in
                XCTAssertEqual(error as? ModalError, throughC, "in process and through C differ for \(failure)")
            }
        }
        // Both ways name the kind and the call.
        Self.kind.failure = RefusingKind.SwiftOnlyError()
        XCTAssertThrowsError(try kind.makeConfiguration()) { error in
            XCTAssertTrue("\(error)".contains("a Swift-only failure"), "\(error)")
        }
    }

    func testAConfigurationMadeInProcessIsTheOneCFunctionsUse() throws {
        let kind = try Self.descriptor.kind(in: ModalRegistry())
        let configuration = try kind.makeConfiguration()
        let box = Unmanaged<ConfigurationBox>.fromOpaque(configuration.pointer).takeUnretainedValue()
        let typed = try XCTUnwrap(box.configuration as? RefusingKind.Configuration)
        // A method called through libffi, then one called in process, set the same configuration.
        let methods = UnsafeBufferPointer(start: try kind.descriptor.pointee.methods, count: try kind.descriptor.pointee.method_count)
        let method = try XCTUnwrap(methods.first)
        let throughC = try MethodInvoker(description: MethodDescription(method: method), function: method.function!, inProcess: false)
        try throughC.invoke(config: configuration.pointer, arguments: [.int(41)])
        XCTAssertEqual(typed.count, 41)
        try kind.methodTable().invoker(named: "setCount").invoke(config: configuration.pointer, arguments: [.int(42)])
        XCTAssertEqual(typed.count, 42)
    }
}
