import Foundation
@preconcurrency import CFFI
import RxModalPluginABI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Calls one configuration method of a plugin (an `rxm_method`) through libffi.
///
/// The method has the C shape `int method(void *config, <arguments…>, rxm_error *error)`
/// given by its signature string. The call interface (`ffi_cif`) is prepared once,
/// when the invoker is made, and lives as long as the invoker. Every argument is
/// converted and checked against the signature before the call, so nothing
/// ill-typed, no string with a NUL byte and no invalid UTF-8 reaches the plugin;
/// all the C memory an argument needs lives exactly for the call.
///
/// A method of a Swift kind defined in this process (``InProcessMethods``) is
/// called without libffi when it takes no value tree: its binding gets the
/// checked arguments as the values it would have read back from C, and its
/// failure comes back through an `rxm_error`, as a C call's does.
///
/// Lifetime: the invoker keeps the method's function pointer, so it must not
/// outlive the loaded plugin that provides it (the registry keeps plugins loaded
/// for as long as their kinds are registered).
///
/// Threads: an invoker is immutable after it is made (libffi only reads a
/// prepared `ffi_cif`), so it may be shared and called from any thread. The
/// plugin ABI, however, requires calls for one configuration to be serial: a
/// caller must not call methods on the same `config` from two threads at once.
public final class MethodInvoker: @unchecked Sendable {
    /// The method's name: "setSubject".
    public let name: String
    /// What the method takes.
    public let signature: MethodSignature
    /// The method's one-line documentation (empty if the plugin gave none).
    public let doc: String

    private let function: @convention(c) () -> Void
    // Owned by this invoker; libffi keeps a pointer to `argumentTypes` inside `cif`,
    // so both are freed together, in deinit.
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// C arguments including `config` and `error`.
    private let cArgumentCount: Int
    // Copies of what the signature says, read on every call.
    private let kinds: [MethodSignature.Kind]
    private let hasValueArguments: Bool
    /// Set when the function is a method of a Swift kind of this process
    /// (``InProcessMethods``): it is then called with Swift values, not through libffi.
    private let inProcess: MethodBinding?

    /// Whether calls skip libffi, going straight to a Swift kind's method.
    var callsInProcess: Bool { inProcess != nil }

    private static let preparations = Atomic<Int>(0)

    /// How many call interfaces have been prepared in this process. Tests use it
    /// to check that a method's interface is prepared once, not once per call.
    public static var preparedInterfaceCount: Int { preparations.load(ordering: .relaxed) }

    /// Prepares an invoker for `method`, whose strings and function must stay
    /// valid while the invoker exists.
    ///
    /// Throws `ModalError.malformedValue` when the method has no name, no
    /// signature or no function, or when its signature or argument names are
    /// malformed.
    public convenience init(method: rxm_method) throws {
        let description = try MethodDescription(method: method)
        try self.init(description: description, function: method.function!)
    }

    /// Prepares an invoker for a method already described in Swift. With
    /// `inProcess` false, a Swift kind's method is called through libffi like a
    /// plugin's (for tests comparing the two ways).
    init(description: MethodDescription, function: @escaping @convention(c) () -> Void, inProcess: Bool = true) throws {
        let name = description.name
        let signature = description.signature
        self.name = name
        self.signature = signature
        self.doc = description.doc
        self.function = function
        let kinds = signature.kinds
        self.kinds = kinds
        hasValueArguments = signature.hasValueArguments
        // A value tree (`v`) crosses as C memory that the method reads in place:
        // such methods keep the C call, so that they see exactly what a C caller's
        // tree would give them.
        self.inProcess = inProcess && !signature.hasValueArguments
            ? InProcessMethods.binding(at: unsafeBitCast(function, to: UnsafeRawPointer.self)) : nil
        let types: [UnsafeMutablePointer<ffi_type>?] = [FFITypes.pointer] + kinds.flatMap(FFITypes.types(of:)) + [FFITypes.pointer]
        cArgumentCount = types.count
        argumentTypes = .allocate(capacity: types.count)
        argumentTypes.initialize(from: types, count: types.count)
        cif = .allocate(capacity: 1)
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(types.count), FFITypes.int32, argumentTypes)
        guard status == FFI_OK else {
            argumentTypes.deallocate()
            cif.deallocate()
            throw ModalError.malformedValue("method \(name): libffi could not prepare a call interface for “\(signature.code)” (status \(status.rawValue))")
        }
        Self.preparations.add(1, ordering: .relaxed)
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
    }

    /// Calls the method on `config` with `arguments`, one per signature code:
    ///
    /// - `b` a `.bool`;
    /// - `i` an `.int`, or a `.double` with an exact 64-bit integer value;
    /// - `d` an `.int` or a `.double`;
    /// - `s` a `.string` without NUL bytes (or `.bytes` that are such a string in UTF-8);
    /// - `y` `.bytes`, or a `.string` (its UTF-8);
    /// - `S` an `.array` of strings, as for `s`;
    /// - `v` any value, passed as a C value tree.
    ///
    /// Throws `ModalError.invalidArgument` before calling anything when an
    /// argument does not fit, and the plugin's error when the method returns
    /// non-zero: ``ModalError/invalidArgument(method:reason:)`` for
    /// `RXM_ERR_INVALID_ARGUMENT`, else as ``ModalError/fromPlugin(code:message:kind:call:)`` says.
    public func invoke(config: UnsafeMutableRawPointer, arguments: [ModalValue]) throws {
        guard arguments.count == kinds.count else { throw countMismatch(got: arguments.count) }
        var layout = ScratchLayout()
        for index in kinds.indices {
            try check(arguments[index], as: kinds[index], at: index, into: &layout)
        }
        if let inProcess {
            try call(inProcess, config: config, arguments: arguments)
            return
        }
        let failure: ModalError?
        if hasValueArguments {
            let values = zip(kinds, arguments).filter { $0.0 == .value }.map(\.1)
            failure = Self.withCValues(values[...], collected: []) { valuePointers in
                call(config: config, arguments: arguments, layout: layout, valuePointers: valuePointers)
            }
        } else {
            failure = call(config: config, arguments: arguments, layout: layout, valuePointers: [])
        }
        if let failure { throw failure }
    }

    /// Checks `arguments` as ``invoke(config:arguments:)`` would, without
    /// calling: for calls that are queued, so a caller still hears of a wrong
    /// count or type at once.
    public func check(arguments: [ModalValue]) throws {
        guard arguments.count == kinds.count else { throw countMismatch(got: arguments.count) }
        var layout = ScratchLayout()
        for index in kinds.indices {
            try check(arguments[index], as: kinds[index], at: index, into: &layout)
        }
    }

    // MARK: - The call

    /// Builds the C arguments in one temporary block (on the stack when it is
    /// small) laid out as: argument pointers for libffi, one 8-byte slot per C
    /// argument, the `rxm_error`, string-array pointers, then text and bytes.
    private func call(config: UnsafeMutableRawPointer, arguments: [ModalValue], layout: ScratchLayout,
                      valuePointers: [UnsafePointer<rxm_value>]) -> ModalError? {
        let slotSize = 8
        let pointersOffset = 0
        let slotsOffset = cArgumentCount * MemoryLayout<UnsafeMutableRawPointer?>.stride
        let errorOffset = slotsOffset + cArgumentCount * slotSize
        let stringArraysOffset = Self.align(errorOffset + MemoryLayout<rxm_error>.size, to: 8)
        let textOffset = stringArraysOffset + layout.stringArrayPointers * MemoryLayout<UnsafePointer<CChar>>.stride
        let byteCount = textOffset + layout.textBytes

        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 16) { block -> ModalError? in
            let base = block.baseAddress!
            let argumentPointers = (base + pointersOffset).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: cArgumentCount)
            let slots = base + slotsOffset
            let error = base + errorOffset
            var stringArrayCursor = (base + stringArraysOffset).bindMemory(
                to: UnsafePointer<CChar>.self, capacity: layout.stringArrayPointers)
            var textCursor = base + textOffset

            for index in 0..<cArgumentCount { argumentPointers[index] = slots + index * slotSize }
            var slot = 0
            func put<T>(_ value: T) {
                (slots + slot * slotSize).storeBytes(of: value, as: T.self)
                slot += 1
            }

            put(UnsafeRawPointer(config))
            var valueIndex = 0
            for index in kinds.indices {
                let argument = arguments[index]
                switch kinds[index] {
                case .bool:
                    put(UInt8(argument.boolValue! ? 1 : 0))
                case .int:
                    put(Self.exactInt(argument)!)
                case .double:
                    put(argument.doubleValue!)
                case .string:
                    put(Self.copyCString(argument, to: &textCursor))
                case .bytes:
                    let start = UnsafeRawPointer(textCursor)
                    let count = Self.copyBytes(argument, to: &textCursor)
                    put(start)
                    put(count)
                case .strings:
                    let items = argument.arrayValue!
                    let start = UnsafeRawPointer(stringArrayCursor)
                    for item in items {
                        stringArrayCursor.initialize(to: Self.copyCString(item, to: &textCursor))
                        stringArrayCursor += 1
                    }
                    put(start)
                    put(items.count)
                case .value:
                    put(UnsafeRawPointer(valuePointers[valueIndex]))
                    valueIndex += 1
                }
            }
            // A plugin that fails without filling the error is caught by these two zeros.
            error.storeBytes(of: Int32(0), as: Int32.self)
            error.storeBytes(of: UInt8(0), toByteOffset: Self.messageOffset, as: UInt8.self)
            put(UnsafeRawPointer(error))

            var returned: ffi_arg = 0
            ffi_call(cif, function, &returned, argumentPointers)
            // libffi widens an `int` result to ffi_arg; the low 32 bits are the int.
            let status = Int32(truncatingIfNeeded: returned)
            return status == 0 ? nil : pluginFailure(status: status, error: UnsafeRawPointer(error))
        }
    }

    /// Calls a Swift kind's method with checked arguments as the values its
    /// closure would have read back from C (an `int` given as a whole `.double`
    /// arrives as `.int`, a string given for bytes as `.bytes`, …), and turns a
    /// failure into the error a C call's would have become: the `rxm_error` is
    /// filled, then read as a plugin's.
    private func call(_ binding: MethodBinding, config: UnsafeMutableRawPointer, arguments: [ModalValue]) throws {
        // Most calls already give every argument in its C-read form: they are
        // passed on as they are, without building a second array.
        let values = kinds.indices.allSatisfy({ Self.isAsReadBackFromC(arguments[$0], kind: kinds[$0]) })
            ? arguments
            : kinds.indices.map { Self.asReadBackFromC(arguments[$0], kind: kinds[$0]) }
        var error = rxm_error()
        let status = binding.perform(config: config, values: values, error: &error)
        guard status != 0 else { return }
        throw withUnsafeBytes(of: &error) { pluginFailure(status: status, error: $0.baseAddress!) }
    }

    /// A checked argument as the closure of a Swift kind reads it from its C form.
    private static func asReadBackFromC(_ argument: ModalValue, kind: MethodSignature.Kind) -> ModalValue {
        switch kind {
        case .bool: return .bool(argument.boolValue!)
        case .int: return .int(exactInt(argument)!)
        case .double: return .double(argument.doubleValue!)
        case .string: return asString(argument)
        case .bytes:
            switch argument {
            case .string(let text): return .bytes(Array(text.utf8))
            default: return argument
            }
        case .strings: return .array(argument.arrayValue!.map(asString))
        case .value: preconditionFailure("a value tree crosses as C memory")
        }
    }

    /// Whether a checked argument is already what ``asReadBackFromC(_:kind:)`` makes of it.
    private static func isAsReadBackFromC(_ argument: ModalValue, kind: MethodSignature.Kind) -> Bool {
        switch (kind, argument) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.bytes, .bytes):
            return true
        case (.strings, .array(let items)):
            return items.allSatisfy { if case .string = $0 { return true } else { return false } }
        default:
            return false
        }
    }

    /// A checked string argument (a string, or bytes of valid UTF-8) as a string.
    private static func asString(_ argument: ModalValue) -> ModalValue {
        switch argument {
        case .bytes(let data): return .string(String(decoding: data, as: UTF8.self))
        default: return argument
        }
    }

    /// Where `rxm_error.message` starts: after the `int32_t code` (the ABI checks
    /// in Include/ pin the struct to exactly those two fields).
    private static var messageOffset: Int { MemoryLayout<Int32>.size }

    private func pluginFailure(status: Int32, error: UnsafeRawPointer) -> ModalError {
        let code = error.load(as: Int32.self)
        let message = error + Self.messageOffset
        let length = strnlen(message.assumingMemoryBound(to: CChar.self), Int(RXM_ERROR_MESSAGE_SIZE))
        guard code != 0 || length > 0 else {
            return .plugin(code: status, message: "\(name) failed with code \(status) without filling its rxm_error (a bug in the plugin)")
        }
        // A plugin's message is shown, not parsed: invalid UTF-8 in it is repaired.
        let text = String(decoding: UnsafeRawBufferPointer(start: message, count: length), as: UTF8.self)
        return .fromPlugin(code: code != 0 ? code : status, message: text, kind: nil, call: name)
    }

    // MARK: - Checking arguments

    /// What the temporary block needs beyond the fixed part.
    struct ScratchLayout {
        var textBytes = 0
        var stringArrayPointers = 0
    }

    private func check(_ value: ModalValue, as kind: MethodSignature.Kind, at index: Int, into layout: inout ScratchLayout) throws {
        switch kind {
        case .bool:
            guard case .bool = value else { throw mismatch(value, kind, at: index) }
        case .int:
            guard Self.exactInt(value) != nil else {
                if case .double = value {
                    throw invalid(at: index, "expected int, got \(Self.sketch(value)), which is not a whole number in the 64-bit range")
                }
                throw mismatch(value, kind, at: index)
            }
        case .double:
            switch value {
            case .int, .double: break
            default: throw mismatch(value, kind, at: index)
            }
        case .string:
            layout.textBytes += try checkCString(value, at: index, element: nil)
        case .bytes:
            switch value {
            case .bytes(let data): layout.textBytes += data.count
            case .string(let text): layout.textBytes += text.utf8.count
            default: throw mismatch(value, kind, at: index)
            }
        case .strings:
            guard case .array(let items) = value else { throw mismatch(value, kind, at: index) }
            for (position, item) in items.enumerated() {
                layout.textBytes += try checkCString(item, at: index, element: position)
            }
            layout.stringArrayPointers += items.count
        case .value:
            if let problem = Self.cTreeProblem(value, depth: 0) { throw invalid(at: index, problem) }
        }
    }

    /// Checks a value bound for a `const char *` and returns the bytes it needs.
    private func checkCString(_ value: ModalValue, at index: Int, element: Int?) throws -> Int {
        let which = element.map { "element \($0 + 1)" }
        switch value {
        case .string(let text):
            if let offset = Self.nulOffset(text) {
                throw invalid(at: index, [which, "contains a NUL byte at UTF-8 offset \(offset)"].compactMap { $0 }.joined(separator: " "))
            }
            return text.utf8.count + 1
        case .bytes(let data):
            guard String(validating: data, as: UTF8.self) != nil else {
                throw invalid(at: index, [which, "is not valid UTF-8"].compactMap { $0 }.joined(separator: " "))
            }
            if let offset = data.firstIndex(of: 0) {
                throw invalid(at: index, [which, "contains a NUL byte at UTF-8 offset \(offset)"].compactMap { $0 }.joined(separator: " "))
            }
            return data.count + 1
        default:
            if let element {
                throw invalid(at: index, "expected [string], but element \(element + 1) is \(value.typeName)")
            }
            throw mismatch(value, .string, at: index)
        }
    }

    /// Why a value cannot cross as a C tree, or nil: nesting deeper than the host
    /// accepts from plugins, or an object key that a NUL byte would cut short.
    private static func cTreeProblem(_ value: ModalValue, depth: Int) -> String? {
        guard depth < ModalValue.maximumDepth else { return "nested deeper than \(ModalValue.maximumDepth) levels" }
        switch value {
        case .array(let items):
            for item in items { if let problem = cTreeProblem(item, depth: depth + 1) { return problem } }
        case .object(let members):
            for (key, member) in members {
                if nulOffset(key) != nil { return "object key “\(key.replacingNUL)” contains a NUL byte" }
                if let problem = cTreeProblem(member, depth: depth + 1) { return problem }
            }
        default: break
        }
        return nil
    }

    func countMismatch(got: Int) -> ModalError {
        let count = signature.kinds.count
        let expected = count == 0 ? "no arguments"
            : "\(count) argument\(count == 1 ? "" : "s") (\(signature.humanForm))"
        return .invalidArgument(method: name, reason: "expects \(expected), got \(got)")
    }

    private func mismatch(_ value: ModalValue, _ kind: MethodSignature.Kind, at index: Int) -> ModalError {
        invalid(at: index, "expected \(kind.typeName), got \(Self.sketch(value))")
    }

    func invalid(at index: Int, _ reason: String) -> ModalError {
        .invalidArgument(method: name, reason: "argument \(index + 1) (\(signature.argumentNames[index])): \(reason)")
    }

    /// "int 3", "string “x”", "array": enough of a value to recognise it in a message.
    private static func sketch(_ value: ModalValue) -> String {
        switch value {
        case .bool(let flag): return "bool \(flag)"
        case .int(let number): return "int \(number)"
        case .double(let number): return "double \(number)"
        case .string(let text) where text.count <= 40: return "string “\(text.replacingNUL)”"
        default: return value.typeName
        }
    }

    // MARK: - Conversions shared by checking and calling

    static func exactInt(_ value: ModalValue) -> Int64? {
        switch value {
        case .int(let number): return number
        case .double(let number): return Int64(exactly: number)
        default: return nil
        }
    }

    static func nulOffset(_ text: String) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }) {
            return found
        }
        return text.utf8.firstIndex(of: 0).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
    }

    /// Copies a checked string (or UTF-8 bytes) and its NUL; returns where it starts.
    private static func copyCString(_ value: ModalValue, to cursor: inout UnsafeMutableRawPointer) -> UnsafePointer<CChar> {
        let start = cursor
        _ = copyBytes(value, to: &cursor)
        cursor.storeBytes(of: 0, as: UInt8.self)
        cursor += 1
        return UnsafePointer(start.assumingMemoryBound(to: CChar.self))
    }

    /// Copies a string's UTF-8 or bytes; returns how many.
    private static func copyBytes(_ value: ModalValue, to cursor: inout UnsafeMutableRawPointer) -> Int {
        let destination = cursor
        let count: Int
        switch value {
        case .bytes(let data):
            data.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress { destination.copyMemory(from: source, byteCount: bytes.count) }
            }
            count = data.count
        case .string(var text):
            count = text.withUTF8 { utf8 in
                if let source = utf8.baseAddress { destination.copyMemory(from: source, byteCount: utf8.count) }
                return utf8.count
            }
        default:
            preconditionFailure("checked before the call")
        }
        cursor += count
        return count
    }

    private static func align(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// Nests `withCValue` once per value tree, so that every tree lives for the call.
    private static func withCValues<Result>(_ values: ArraySlice<ModalValue>, collected: [UnsafePointer<rxm_value>],
                                            _ body: ([UnsafePointer<rxm_value>]) -> Result) -> Result {
        guard let first = values.first else { return body(collected) }
        return first.withCValue { pointer in
            withCValues(values.dropFirst(), collected: collected + [pointer], body)
        }
    }
}

private extension String {
    /// The string with NUL bytes shown as “\0”, for messages.
    var replacingNUL: String { replacingOccurrences(of: "\0", with: "\\0") }
}
