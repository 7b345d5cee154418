import Foundation
@preconcurrency import CFFI
import RxModalPluginABI

/// The context of one configuration method's libffi closure: decodes the C
/// arguments `(void *config, <arguments…>, rxm_error *error)` by the method's
/// signature back into ``ModalValue``s and runs the method's body on the
/// configuration the config pointer holds.
///
/// The host's invoker has already checked the arguments; another caller of the
/// descriptor (C code holding the function pointer) may not have, so what can be
/// checked cheaply is checked again: a NULL config, string or array, invalid
/// UTF-8, a malformed value tree, a configuration of another kind. Each fills the
/// `rxm_error` with `RXM_ERR_INVALID_ARGUMENT` instead of crashing.
///
/// Immutable; the handler may run on any thread (the ABI serializes calls per
/// configuration, not per method).
final class MethodBinding: Sendable {
    private let kind: String
    private let name: String
    private let kinds: [MethodSignature.Kind]
    private let argumentNames: [String]
    private let call: @Sendable (ConfigurationBox, [ModalValue]) throws -> Void

    init<Configuration: AnyObject>(kind: String, method: ModalKindMethod<Configuration>, signature: MethodSignature) {
        self.kind = kind
        name = method.name
        kinds = signature.kinds
        argumentNames = signature.argumentNames
        let body = method.body
        let methodName = method.name
        let expected = ObjectIdentifier(Configuration.self)
        call = { box, values in
            guard let configuration = box.configuration(as: Configuration.self, expecting: expected) else {
                throw ModalError.invalidArgument(method: methodName, reason: "the config is not a configuration of \(kind)")
            }
            try body(configuration, values)
        }
    }

    /// `int method(void *config, <arguments…>, rxm_error *error)`
    static let handler: FFIClosure.Handler = { _, result, arguments, userData in
        let binding = Unmanaged<MethodBinding>.fromOpaque(userData!).takeUnretainedValue()
        let status = binding.run(arguments!)
        // libffi widens an `int` result to a full register (ffi_sarg).
        result!.storeBytes(of: ffi_sarg(status), as: ffi_sarg.self)
    }

    private func run(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
        var slot = 0
        func next<T>(_ type: T.Type) -> T {
            defer { slot += 1 }
            return arguments[slot]!.load(as: T.self)
        }
        let config = next(UnsafeMutableRawPointer?.self)
        var values: [ModalValue] = []
        var problem: String?
        for (index, kind) in kinds.enumerated() {
            let value: ModalValue?
            switch kind {
            case .bool:
                value = .bool(next(UInt8.self) != 0)
            case .int:
                value = .int(next(Int64.self))
            case .double:
                value = .double(next(Double.self))
            case .string:
                value = next(UnsafePointer<CChar>?.self).flatMap { String(validatingCString: $0) }.map(ModalValue.string)
            case .bytes:
                let data = next(UnsafePointer<UInt8>?.self)
                let count = next(Int.self)
                value = count == 0 ? .bytes([]) : data.map { .bytes(Array(UnsafeBufferPointer(start: $0, count: count))) }
            case .strings:
                let items = next(UnsafePointer<UnsafePointer<CChar>?>?.self)
                let count = next(Int.self)
                if count == 0 {
                    value = .array([])
                } else if let items {
                    let strings = UnsafeBufferPointer(start: items, count: count).map { $0.flatMap { String(validatingCString: $0) } }
                    value = strings.contains(nil) ? nil : .array(strings.map { .string($0!) })
                } else {
                    value = nil
                }
            case .value:
                value = try? ModalValue(cValue: next(UnsafePointer<rxm_value>?.self))
            }
            if let value {
                values.append(value)
            } else if problem == nil {
                problem = "argument \(index + 1) (\(argumentNames[index])): NULL, invalid UTF-8 or a malformed \(kind.typeName)"
            }
        }
        let error = next(UnsafeMutablePointer<rxm_error>?.self)
        if let problem {
            return RxmErrorFilling.fill(error, with: ModalError.invalidArgument(method: name, reason: problem))
        }
        return perform(config: config, values: values, error: error)
    }

    /// Runs the method's body on the configuration `config` points to with
    /// `values`, decoded already: the closure's last step, and what an invoker
    /// in this process calls directly (``InProcessMethods``). Returns `RXM_OK`,
    /// or the code of the error it fills `error` with.
    func perform(config: UnsafeMutableRawPointer?, values: [ModalValue], error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        guard let config else {
            return RxmErrorFilling.fill(error, with: ModalError.invalidArgument(method: name, reason: "config is NULL"))
        }
        do {
            let box = Unmanaged<ConfigurationBox>.fromOpaque(config).takeUnretainedValue()
            try call(box, values)
            return Int32(RXM_OK)
        } catch let thrown {
            return RxmErrorFilling.fill(error, with: thrown)
        }
    }
}
