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
/// guarded by a mutex that is held only to look up or make an invoker, never
/// during a call. Calls for one `config` must still be serial (plugin ABI).
///
/// Cost: `invoke(name:…)` finds the name on every call (comparing it with each
/// name of a small table, hashing it for a large one) and takes the mutex;
/// code that calls one method often keeps its `invoker(named:)`.
public final class MethodTable: @unchecked Sendable {
    /// The kind the methods belong to, for error messages.
    public let kind: String
    /// The methods in the plugin's order.
    public let methods: [MethodDescription]
    /// The method names, sorted.
    public let names: [String]

    private let functions: [@convention(c) () -> Void]
    /// Positions by name, for tables too large to scan.
    private let positions: [String: Int]
    /// Up to this many methods, a name is found by comparing (cheaper than hashing it).
    private static let largestScannedTable = 16
    /// By position in `methods`.
    private let invokers: Mutex<[MethodInvoker?]>

    /// Reads `methods` (from a plugin descriptor), which must stay valid while
    /// the table exists. Throws `ModalError.malformedValue` for a method without
    /// a name, signature or function, with a malformed signature, or whose name
    /// is used twice.
    public init(kind: String, methods: UnsafeBufferPointer<rxm_method>) throws {
        var positions: [String: Int] = [:]
        var descriptions: [MethodDescription] = []
        var functions: [@convention(c) () -> Void] = []
        for (index, method) in methods.enumerated() {
            let description: MethodDescription
            do {
                description = try MethodDescription(method: method)
            } catch let ModalError.malformedValue(reason) {
                throw ModalError.malformedValue("\(kind): method \(index + 1): \(reason)")
            }
            guard positions[description.name] == nil else {
                throw ModalError.malformedValue("\(kind): method “\(description.name)” is defined twice")
            }
            positions[description.name] = descriptions.count
            descriptions.append(description)
            functions.append(method.function!)
        }
        self.kind = kind
        self.methods = descriptions
        self.functions = functions
        self.names = positions.keys.sorted()
        self.positions = descriptions.count > Self.largestScannedTable ? positions : [:]
        invokers = Mutex(Array(repeating: nil, count: descriptions.count))
    }

    private func position(of name: String) -> Int? {
        methods.count > Self.largestScannedTable ? positions[name] : methods.firstIndex { $0.name == name }
    }

    /// The invoker of the method `name`, made on first use.
    /// Throws `ModalError.unknownMethod` listing the known methods.
    public func invoker(named name: String) throws -> MethodInvoker {
        guard let position = position(of: name) else {
            throw ModalError.unknownMethod(kind: kind, method: name, known: names)
        }
        return try invokers.withLock { cache in
            if let invoker = cache[position] { return invoker }
            let invoker = try MethodInvoker(description: methods[position], function: functions[position])
            cache[position] = invoker
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
