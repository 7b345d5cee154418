import Foundation
@preconcurrency import CFFI
import RxModalPluginABI

/// A ``ModalKindDefinition`` turned into a real `rxm_plugin_descriptor`: the
/// same struct a C plugin's `rxm_plugin_entry` returns, with C function pointers
/// for `config_new`, `config_free`, every method, `precondition`, the
/// authorization pair and `present`. Registering it
/// (``register(in:)``, or ``ModalRegistry/register(_:)``) goes through
/// ``ModalRegistry/register(descriptor:)`` and its validation, so the coordinator,
/// the libffi invoker and `describe` treat the Swift kind exactly as a plugin
/// loaded from a file.
///
/// How the C functions reach Swift: `config_new` and each method are libffi
/// closures (``FFIClosure``) bound to this kind and that method; the other
/// functions are plain C functions that find the kind through the configuration
/// box the config pointer points to (``ConfigurationBox``). Method arguments are
/// decoded from their C form back into ``ModalValue``s by the method's signature
/// (parsed by ``MethodSignature``), then handed to the method's body.
///
/// Lifetime: the descriptor, its strings, its method table and its closures are
/// allocated once and **never freed**, whether or not this object lives on: a
/// registered kind is never unregistered, and the registry (and whoever it gave a
/// function pointer to) may use them until the process exits. Make one
/// descriptor per definition and keep it (a `static let`), rather than one per
/// registration.
///
/// Thread safety: immutable; safe to share and to register from any thread.
public final class ModalKindDescriptor: Sendable {
    /// The descriptor, valid for the rest of the process.
    nonisolated(unsafe) public let pointer: UnsafePointer<rxm_plugin_descriptor>
    /// The kind's name, as in the descriptor.
    public let kindName: String

    /// Builds the descriptor of `definition`. Throws
    /// ``ModalError/malformedValue(_:)`` when a method's signature or argument
    /// names are malformed, or a name appears twice; the registry checks the rest
    /// (the kind name's characters, …) when the descriptor is registered.
    public init<Definition: ModalKindDefinition>(_ definition: Definition) throws {
        kindName = definition.name
        let methods = definition.methods
        var seen: Set<String> = []
        for method in methods where !seen.insert(method.name).inserted {
            throw ModalError.malformedValue("\(definition.name): method \(method.name) is declared twice")
        }

        let table = UnsafeMutablePointer<rxm_method>.allocate(capacity: max(methods.count, 1))
        for (index, method) in methods.enumerated() {
            let signature: MethodSignature
            do {
                signature = try MethodSignature(method.signature, argumentNames:
                    method.argumentNames.isEmpty ? nil : method.argumentNames.joined(separator: ","))
            } catch let ModalError.malformedValue(reason) {
                throw ModalError.malformedValue("\(definition.name).\(method.name): \(reason)")
            }
            let binding = MethodBinding(kind: definition.name, method: method, signature: signature)
            let closure = try FFIClosure(
                arguments: [FFITypes.pointer] + signature.kinds.flatMap(FFITypes.types(of:)) + [FFITypes.pointer],
                result: FFITypes.int32, handler: MethodBinding.handler,
                userData: Unmanaged.passRetained(binding).toOpaque(),   // never released: see Lifetime
                what: "\(definition.name).\(method.name)")
            InProcessMethods.register(binding, at: closure.code)
            (table + index).initialize(to: rxm_method(
                name: Self.keep(method.name), signature: Self.keep(method.signature),
                function: unsafeBitCast(closure.code, to: (@convention(c) () -> Void).self),
                argument_names: method.argumentNames.isEmpty ? nil : Self.keep(method.argumentNames.joined(separator: ",")),
                doc: Self.keep(method.doc)))
        }

        // The box's class, looked up once: in this generic context, naming the
        // class on every call would look its metadata up again each time.
        let boxClass = DefinedConfiguration<Definition>.self
        let maker = ConfigurationMaker(make: {
            boxClass.init(definition: definition, configuration: try definition.makeConfiguration())
        })
        let configNew = try FFIClosure(arguments: [FFITypes.pointer], result: FFITypes.pointer,
                                       handler: ConfigurationMaker.handler,
                                       userData: Unmanaged.passRetained(maker).toOpaque(),   // never released
                                       what: "\(definition.name).config_new")
        ConfigurationMaker.register(maker, at: configNew.code)

        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        descriptor.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        descriptor.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        descriptor.kind = Self.keep(definition.name)
        descriptor.version = Self.keep(definition.version)
        descriptor.summary = Self.keep(definition.summary)
        descriptor.result_description = Self.keep(definition.resultDescription)
        descriptor.config_new = unsafeBitCast(configNew.code,
                                              to: (@convention(c) (UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer?).self)
        descriptor.config_free = { config in
            guard let config else { return }
            let box = Unmanaged<ConfigurationBox>.fromOpaque(config).takeRetainedValue()
            box.free()
        }
        descriptor.methods = UnsafePointer(table)
        descriptor.method_count = methods.count
        if definition.precondition != nil {
            descriptor.precondition = { config, error in
                guard let config else {
                    return RxmErrorFilling.fill(error, with: ModalError.invalidArgument(method: "precondition", reason: "config is NULL"))
                }
                return Unmanaged<ConfigurationBox>.fromOpaque(config).takeUnretainedValue().checkPrecondition(error)
            }
        }
        if definition.authorization != nil {
            descriptor.authorization_status = { config in
                guard let config else { return RXM_AUTHORIZATION_DENIED }
                return Unmanaged<ConfigurationBox>.fromOpaque(config).takeUnretainedValue().authorizationStatus()
            }
            descriptor.request_authorization = { config, surface, callback in
                guard let config, let surface else {
                    callback.on_status?(callback.context, RXM_AUTHORIZATION_DENIED)
                    return rxm_disposable()
                }
                return Unmanaged<ConfigurationBox>.fromOpaque(UnsafeMutableRawPointer(mutating: config)).takeUnretainedValue()
                    .requestAuthorization(surface: surface, callback: callback)
            }
        }
        descriptor.present = { config, surface, observer, error in
            guard let config, let surface else {
                RxmErrorFilling.fill(error, with: ModalError.invalidArgument(method: "present", reason: "config or surface is NULL"))
                return rxm_disposable()
            }
            return Unmanaged<ConfigurationBox>.fromOpaque(config).takeUnretainedValue()
                .present(surface: surface, observer: observer, error: error)
        }
        let stored = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        stored.initialize(to: descriptor)
        pointer = UnsafePointer(stored)
    }

    /// Registers the kind in `registry` (see ``ModalRegistry/register(descriptor:)``).
    @discardableResult
    public func register(in registry: ModalRegistry) throws -> ModalKind {
        try registry.register(descriptor: pointer)
    }

    /// The kind as registered in `registry` from this descriptor, registering it
    /// first if it is not there. Throws the registry's refusal (a
    /// ``SkippedPlugin``) when another provider already holds the kind's name.
    public func kind(in registry: ModalRegistry) throws -> ModalKind {
        if let existing = try? registry.kind(named: kindName), (try? existing.descriptor) == pointer { return existing }
        do {
            return try registry.register(descriptor: pointer)
        } catch {
            // Registered from another thread in the meantime: that is ours too.
            if let existing = try? registry.kind(named: kindName), (try? existing.descriptor) == pointer { return existing }
            throw error
        }
    }

    /// A C copy of `text` that is never freed (see Lifetime).
    private static func keep(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }
}

extension ModalRegistry {
    /// Registers a Swift kind: builds its descriptor (``ModalKindDescriptor``) and
    /// registers it. Each call builds a new descriptor that lives as long as the
    /// process; to register one kind in several registries, make the descriptor
    /// once and call ``ModalKindDescriptor/register(in:)``.
    @discardableResult
    public func register<Definition: ModalKindDefinition>(_ definition: Definition) throws -> ModalKind {
        try ModalKindDescriptor(definition).register(in: self)
    }
}
