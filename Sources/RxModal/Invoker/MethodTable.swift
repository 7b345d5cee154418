import RxModalPluginABI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The configuration methods of one modal kind, by name, each called through a
/// `MethodInvoker` that is made on its first call and then reused, so a method's
/// libffi call interface is prepared once.
///
/// Every method is read and its signature checked when the table is made, so a
/// malformed method table is refused up front rather than at its first call.
///
/// Lifetime: like an invoker, the table must not outlive the plugin that
/// provides the methods.
///
/// Threads: safe to share and to call from any thread; the invoker cache is
/// guarded by a mutex that is held only to look up or add an invoker, never
/// during a call. Calls for one `config` must still be serial (plugin ABI).
///
/// Cost: `invoke(name:…)` looks the name up (hashing it and taking the mutex)
/// on every call; code that calls one method often keeps its `invoker(named:)`.
public final class MethodTable: @unchecked Sendable {
    /// The kind the methods belong to, for error messages.
    public let kind: String
    /// The methods in the plugin's order.
    public let methods: [MethodDescription]
    /// The method names, sorted.
    public let names: [String]

    private struct Entry {
        let description: MethodDescription
        let function: @convention(c) () -> Void
    }

    private let entries: [String: Entry]
    private let invokers = Mutex<[String: MethodInvoker]>([:])

    /// Reads `methods` (from a plugin descriptor), which must stay valid while
    /// the table exists. Throws `ModalError.malformedValue` for a method without
    /// a name, signature or function, with a malformed signature, or whose name
    /// is used twice.
    public init(kind: String, methods: UnsafeBufferPointer<rxm_method>) throws {
        var entries: [String: Entry] = [:]
        var descriptions: [MethodDescription] = []
        for (index, method) in methods.enumerated() {
            let description: MethodDescription
            do {
                description = try MethodDescription(method: method)
            } catch let ModalError.malformedValue(reason) {
                throw ModalError.malformedValue("\(kind): method \(index + 1): \(reason)")
            }
            guard entries[description.name] == nil else {
                throw ModalError.malformedValue("\(kind): method “\(description.name)” is defined twice")
            }
            entries[description.name] = Entry(description: description, function: method.function!)
            descriptions.append(description)
        }
        self.kind = kind
        self.entries = entries
        self.methods = descriptions
        self.names = entries.keys.sorted()
    }

    /// The invoker of the method `name`, made on first use.
    /// Throws `ModalError.unknownMethod` listing the known methods.
    public func invoker(named name: String) throws -> MethodInvoker {
        if let invoker = invokers.withLock({ $0[name] }) { return invoker }
        guard let entry = entries[name] else {
            throw ModalError.unknownMethod(kind: kind, method: name, known: names)
        }
        return try invokers.withLock { cache in
            // Another thread may have made it meanwhile: keep the first.
            if let invoker = cache[name] { return invoker }
            let invoker = try MethodInvoker(description: entry.description, function: entry.function)
            cache[name] = invoker
            return invoker
        }
    }

    /// Calls the method `name` on `config` (see `MethodInvoker.invoke(config:arguments:)`).
    public func invoke(name: String, config: UnsafeMutableRawPointer, arguments: [ModalValue]) throws {
        try invoker(named: name).invoke(config: config, arguments: arguments)
    }

    /// Calls the method `name` on `config` with arguments given as text
    /// (see `MethodInvoker.values(fromStrings:)`).
    public func invoke(name: String, config: UnsafeMutableRawPointer, stringArguments: [String]) throws {
        try invoker(named: name).invoke(config: config, stringArguments: stringArguments)
    }
}
