import XCTest
import Foundation
import RxModal
import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

// Test support for the alert and actionSheet plugins: the BUILT shared objects
// are loaded with dlopen and driven through their descriptors directly, on a
// fake surface written here with C function pointers, as a host would.

/// An `rxm_error` returned by a plugin.
struct PluginFailure: Error, Equatable, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "[\(code)] \(message)" }

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: rxm_error) {
        var error = error
        code = error.code
        message = withUnsafeBytes(of: &error.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    static func invalid(_ message: String) -> PluginFailure {
        PluginFailure(code: Int32(RXM_ERR_INVALID_ARGUMENT), message: message)
    }
}

/// A plugin shared object from the build directory, opened once per test run.
final class DialogPluginLibrary: @unchecked Sendable {
    let path: String
    let descriptor: UnsafePointer<rxm_plugin_descriptor>
    let entry: rxm_plugin_entry_function

    static let alert = Result { try DialogPluginLibrary(fileName: "librxmodal-alert.so") }
    static let actionSheet = Result { try DialogPluginLibrary(fileName: "librxmodal-actionSheet.so") }
    /// The message composer (written in Swift): the same present/dismiss contract, with a form.
    static let messageComposer = Result { try DialogPluginLibrary(fileName: "librxmodal-messageComposer.so") }

    /// The directory of the running test executable: SwiftPM puts the package's
    /// products (the plugins among them) next to it.
    static var buildDirectory: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        let executable = length > 0 ? String(decoding: buffer[..<length], as: UTF8.self) : CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }

    private init(fileName: String) throws {
        path = Self.buildDirectory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else {
            throw PluginFailure(code: -1, message: "\(path) is missing: build the plugins with `swift build --build-tests`")
        }
        // Local binding, as the registry loads plugins: both export rxm_plugin_entry.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw PluginFailure(code: -1, message: "dlopen \(path): \(String(cString: dlerror()))")
        }
        guard let symbol = dlsym(handle, RXM_PLUGIN_ENTRY_SYMBOL) else {
            throw PluginFailure(code: -1, message: "\(path) exports no \(RXM_PLUGIN_ENTRY_SYMBOL)")
        }
        entry = unsafeBitCast(symbol, to: rxm_plugin_entry_function.self)
        guard let descriptor = entry(UInt32(RXM_PLUGIN_ABI_MAJOR), UInt32(RXM_PLUGIN_ABI_MINOR)) else {
            throw PluginFailure(code: -1, message: "\(path): rxm_plugin_entry returned NULL")
        }
        self.descriptor = descriptor
    }

    var kind: String { String(cString: descriptor.pointee.kind) }

    var methods: [(name: String, signature: String, arguments: String, doc: String)] {
        (0..<descriptor.pointee.method_count).map { index in
            let method = descriptor.pointee.methods[index]
            return (String(cString: method.name), String(cString: method.signature),
                    String(cString: method.argument_names), String(cString: method.doc))
        }
    }

    /// A fresh configuration; freed by `DialogConfig.free()`.
    func makeConfig() throws -> DialogConfig {
        var error = rxm_error()
        guard let config = descriptor.pointee.config_new!(&error) else { throw PluginFailure(error) }
        return DialogConfig(library: self, pointer: config)
    }
}

/// An argument of a configuration method, typed as in the signature string.
enum DialogArgument {
    case s(String)
    case i(Int64)
    case b(Bool)
    case v(ModalValue)

    var code: Character {
        switch self {
        case .s: return "s"
        case .i: return "i"
        case .b: return "b"
        case .v: return "v"
        }
    }
}

/// A plugin configuration, with its methods called through their C pointers
/// (not the libffi invoker: these tests are about the plugins). Sendable as the
/// plugin's configuration is: its methods lock, and the race tests call one
/// method at a time against surface callbacks and dispose, as a host may.
final class DialogConfig: @unchecked Sendable {
    let library: DialogPluginLibrary
    let pointer: UnsafeMutableRawPointer
    /// The surfaces and observers given to the plugin by pointer, kept alive
    /// until the configuration (which may still reach them) is freed.
    private var keptAlive: [AnyObject] = []

    init(library: DialogPluginLibrary, pointer: UnsafeMutableRawPointer) {
        self.library = library
        self.pointer = pointer
    }

    typealias Config = UnsafeMutableRawPointer?
    typealias Text = UnsafePointer<CChar>?
    typealias ErrorOut = UnsafeMutablePointer<rxm_error>?

    /// Calls the method `name`, checking the arguments against its signature.
    func call(_ name: String, _ arguments: DialogArgument...) throws {
        guard let method = (0..<library.descriptor.pointee.method_count)
            .map({ library.descriptor.pointee.methods[$0] })
            .first(where: { String(cString: $0.name) == name }) else {
            throw PluginFailure(code: -1, message: "\(library.kind) has no method \(name)")
        }
        let signature = String(cString: method.signature)
        precondition(signature == String(arguments.map(\.code)), "\(name) takes “\(signature)”")
        let function = method.function!
        var error = rxm_error()
        let status: Int32
        func text(_ index: Int) -> String { if case .s(let value) = arguments[index] { return value }; preconditionFailure() }
        func integer(_ index: Int) -> Int64 { if case .i(let value) = arguments[index] { return value }; preconditionFailure() }
        func flag(_ index: Int) -> Bool { if case .b(let value) = arguments[index] { return value }; preconditionFailure() }
        func tree(_ index: Int) -> ModalValue { if case .v(let value) = arguments[index] { return value }; preconditionFailure() }
        switch signature {
        case "s":
            typealias F = @convention(c) (Config, Text, ErrorOut) -> Int32
            status = unsafeBitCast(function, to: F.self)(pointer, text(0), &error)
        case "ss":
            typealias F = @convention(c) (Config, Text, Text, ErrorOut) -> Int32
            status = unsafeBitCast(function, to: F.self)(pointer, text(0), text(1), &error)
        case "sss":
            typealias F = @convention(c) (Config, Text, Text, Text, ErrorOut) -> Int32
            status = unsafeBitCast(function, to: F.self)(pointer, text(0), text(1), text(2), &error)
        case "i":
            typealias F = @convention(c) (Config, Int64, ErrorOut) -> Int32
            status = unsafeBitCast(function, to: F.self)(pointer, integer(0), &error)
        case "ib":
            typealias F = @convention(c) (Config, Int64, Bool, ErrorOut) -> Int32
            status = unsafeBitCast(function, to: F.self)(pointer, integer(0), flag(1), &error)
        case "v":
            typealias F = @convention(c) (Config, UnsafePointer<rxm_value>?, ErrorOut) -> Int32
            status = tree(0).withCValue { unsafeBitCast(function, to: F.self)(pointer, $0, &error) }
        default:
            preconditionFailure("no test call shape for \(signature)")
        }
        guard status == RXM_OK else {
            XCTAssertEqual(error.code, status, "the returned code and the error's code differ")
            throw PluginFailure(error)
        }
    }

    /// The failure of a call that must fail.
    func failure(_ name: String, _ arguments: DialogArgument...) -> PluginFailure? {
        do {
            switch arguments.count {
            case 1: try call(name, arguments[0])
            case 2: try call(name, arguments[0], arguments[1])
            case 3: try call(name, arguments[0], arguments[1], arguments[2])
            default: preconditionFailure("no test call shape")
            }
            return nil
        } catch {
            return error as? PluginFailure
        }
    }

    /// Presents on `surface`, reporting to `recorder`.
    func present(on surface: FakeDialogSurface, to recorder: DialogEventRecorder) -> Result<DialogDisposable, PluginFailure> {
        keptAlive += [surface, recorder]
        var error = rxm_error()
        let disposable = library.descriptor.pointee.present!(pointer, surface.cSurface, recorder.cObserver, &error)
        guard disposable.dispose != nil else { return .failure(PluginFailure(error)) }
        let handle = DialogDisposable(disposable)
        recorder.disposable = handle
        return .success(handle)
    }

    func free() {
        library.descriptor.pointee.config_free!(pointer)
        keptAlive = []
    }
}

/// The disposable of a presentation.
final class DialogDisposable: @unchecked Sendable {
    private let disposable: rxm_disposable
    init(_ disposable: rxm_disposable) { self.disposable = disposable }
    func dispose() { disposable.dispose(disposable.context) }
}

/// Records what a presentation emits.
final class DialogEventRecorder: @unchecked Sendable {
    enum Event: Equatable {
        case next(ModalValue)
        case error(PluginFailure)
        case completed
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    /// Runs inside on_next, after recording (to dispose from inside the observer).
    var onNext: ((DialogEventRecorder) -> Void)?
    /// Set by `DialogConfig.present`.
    var disposable: DialogDisposable?

    var events: [Event] { lock.withLock { recorded } }

    fileprivate func record(_ event: Event) { lock.withLock { recorded.append(event) } }

    var cObserver: rxm_observer {
        rxm_observer(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_next: { context, value in
                let recorder = Unmanaged<DialogEventRecorder>.fromOpaque(context!).takeUnretainedValue()
                do {
                    recorder.record(.next(try ModalValue(cValue: value)))
                } catch {
                    recorder.record(.error(PluginFailure(code: -1, message: "malformed value from the plugin: \(error)")))
                }
                recorder.onNext?(recorder)
            },
            on_error: { context, error in
                let recorder = Unmanaged<DialogEventRecorder>.fromOpaque(context!).takeUnretainedValue()
                recorder.record(.error(PluginFailure(error!.pointee)))
            },
            on_completed: { context in
                Unmanaged<DialogEventRecorder>.fromOpaque(context!).takeUnretainedValue().record(.completed)
            })
    }
}

/// A surface that records what plugins show, update and dismiss, and lets the
/// test answer each presentation (or answers from inside show()).
final class FakeDialogSurface: @unchecked Sendable {
    private let lock = NSLock()
    private var specs: [ModalValue] = []
    private var patches: [(presentation: Int, patch: ModalValue)] = []
    private var dismissals: [Int] = []
    private var operations: [String] = []
    private var callbacks: [Int: rxm_presentation_callbacks] = [:]

    /// Answered from inside show(), before it returns.
    var answerInsideShow: ModalValue?
    /// show() fails with this instead of presenting.
    var showFailure: PluginFailure?
    /// update() fails with this.
    var updateFailure: PluginFailure?
    /// Runs inside update(), after recording the patch (to answer from inside it).
    var duringUpdate: ((Int) -> Void)?

    let cSurface: UnsafeMutablePointer<rxm_surface>

    init() {
        cSurface = .allocate(capacity: 1)
        cSurface.initialize(to: rxm_surface(
            struct_size: UInt32(MemoryLayout<rxm_surface>.size),
            context: nil,
            name: nil,
            show: { context, spec, callbacks, error in
                FakeDialogSurface.from(context).show(spec, callbacks, error)
            },
            update: { context, presentation, patch, error in
                FakeDialogSurface.from(context).update(presentation, patch, error)
            },
            dismiss: { context, presentation in
                FakeDialogSurface.from(context).dismiss(presentation)
            }))
        cSurface.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        cSurface.pointee.name = UnsafePointer(strdup("fake"))
    }

    deinit {
        Glibc.free(UnsafeMutableRawPointer(mutating: cSurface.pointee.name))
        cSurface.deallocate()
    }

    var shown: [ModalValue] { lock.withLock { specs } }
    var updates: [(presentation: Int, patch: ModalValue)] { lock.withLock { patches } }
    /// Every call into the surface, in order: "show 1", "update 1", "dismiss 1".
    var log: [String] { lock.withLock { operations } }
    /// Presentation numbers (1, 2, …) in the order they were dismissed.
    var dismissed: [Int] { lock.withLock { dismissals } }

    private static func from(_ context: UnsafeMutableRawPointer?) -> FakeDialogSurface {
        Unmanaged<FakeDialogSurface>.fromOpaque(context!).takeUnretainedValue()
    }

    private func show(_ spec: UnsafePointer<rxm_value>?, _ callbacks: rxm_presentation_callbacks,
                      _ error: UnsafeMutablePointer<rxm_error>?) -> OpaquePointer? {
        if let failure = showFailure {
            fill(error, failure)
            return nil
        }
        let value = (try? ModalValue(cValue: spec)) ?? .string("malformed spec")
        let number = lock.withLock { () -> Int in
            specs.append(value)
            self.callbacks[specs.count] = callbacks
            operations.append("show \(specs.count)")
            return specs.count
        }
        if let answer = answerInsideShow { self.answer(number, with: answer) }
        return OpaquePointer(bitPattern: number)
    }

    private func update(_ presentation: OpaquePointer?, _ patch: UnsafePointer<rxm_value>?,
                        _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        let number = Int(bitPattern: UnsafeRawPointer(presentation))
        let value = (try? ModalValue(cValue: patch)) ?? .string("malformed patch")
        lock.withLock {
            patches.append((number, value))
            operations.append("update \(number)")
        }
        duringUpdate?(number)
        if let failure = updateFailure {
            fill(error, failure)
            return failure.code
        }
        return Int32(RXM_OK)
    }

    private func dismiss(_ presentation: OpaquePointer?) {
        let number = Int(bitPattern: UnsafeRawPointer(presentation))
        lock.withLock {
            dismissals.append(number)
            operations.append("dismiss \(number)")
        }
    }

    private func fill(_ error: UnsafeMutablePointer<rxm_error>?, _ failure: PluginFailure) {
        guard let error else { return }
        _ = failure.message.withCString { rxm_error_set_message(error, failure.code, $0) }
    }

    /// The user answers presentation `number` (1-based) with `result`. The fake
    /// does not stop a test from answering after dismissal: that is how tests
    /// check that a plugin ignores late answers.
    func answer(_ number: Int, with result: ModalValue) {
        guard let callbacks = lock.withLock({ self.callbacks[number] }) else { return XCTFail("no presentation \(number)") }
        result.withCValue { callbacks.on_result(callbacks.context, $0) }
    }

    /// The surface fails presentation `number`.
    func fail(_ number: Int, with failure: PluginFailure) {
        guard let callbacks = lock.withLock({ self.callbacks[number] }) else { return XCTFail("no presentation \(number)") }
        var error = rxm_error()
        fill(&error, failure)
        callbacks.on_error(callbacks.context, &error)
    }
}

/// rxm_error_set is variadic, which Swift cannot call: this fills an error the
/// same way with a preformatted message.
private func rxm_error_set_message(_ error: UnsafeMutablePointer<rxm_error>, _ code: Int32, _ message: UnsafePointer<CChar>) -> Int32 {
    error.pointee.code = code
    withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
        let bytes = buffer.bindMemory(to: CChar.self)
        let count = min(strlen(message), bytes.count - 1)
        for index in 0..<count { bytes[index] = message[index] }
        bytes[count] = 0
    }
    return code
}

extension DialogPluginLibrary {
    /// The loaded plugin, or a test failure that says how to build it.
    static func loaded(_ result: Result<DialogPluginLibrary, Error>, file: StaticString = #filePath, line: UInt = #line) throws -> DialogPluginLibrary {
        do {
            return try result.get()
        } catch {
            XCTFail("\(error)", file: file, line: line)
            throw error
        }
    }
}
