import RxModalPluginABI

/// A Swift plugin's configuration object behind the `void *config` of the ABI:
/// retained once by `config_new`, released by `config_free`.
public enum PluginConfig<Object: AnyObject> {
    public static func pointer(to object: Object) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    public static func object(_ pointer: UnsafeRawPointer?) -> Object? {
        pointer.map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Drops `config_new`'s reference and returns the object (alive while the caller holds it).
    public static func release(_ pointer: UnsafeMutableRawPointer?) -> Object? {
        pointer.map { Unmanaged<Object>.fromOpaque($0).takeRetainedValue() }
    }

    /// Runs a configuration method's body: a NULL config and a thrown
    /// ``PluginError`` become the ABI's error return.
    public static func method(_ pointer: UnsafeMutableRawPointer?, _ errorOut: UnsafeMutablePointer<rxm_error>?,
                              _ name: String, _ body: (Object) throws -> Void) -> Int32 {
        guard let object = object(pointer) else {
            return PluginError.invalidArgument("\(name): the configuration is NULL").fill(errorOut)
        }
        do {
            try body(object)
            return Int32(RXM_OK)
        } catch let failure as PluginError {
            return PluginError(failure.code, "\(name): \(failure.message)").fill(errorOut)
        } catch {
            return PluginError.invalidArgument("\(name): \(error)").fill(errorOut)
        }
    }
}

/// One row of a method table: `function` is the real C function, any shape.
public struct PluginMethodRow {
    let name: String
    let signature: String
    let function: @convention(c) () -> Void
    let argumentNames: String
    let doc: String

    public init<Function>(_ name: String, _ signature: String, _ function: Function, _ argumentNames: String, _ doc: String) {
        precondition(MemoryLayout<Function>.size == MemoryLayout<@convention(c) () -> Void>.size, "not a C function")
        self.name = name
        self.signature = signature
        self.function = unsafeBitCast(function, to: (@convention(c) () -> Void).self)
        self.argumentNames = argumentNames
        self.doc = doc
    }

    /// A method table with static storage (never freed), for a descriptor.
    public static func table(_ rows: [PluginMethodRow]) -> (UnsafePointer<rxm_method>, Int) {
        let table = UnsafeMutablePointer<rxm_method>.allocate(capacity: max(rows.count, 1))
        for (index, row) in rows.enumerated() {
            (table + index).initialize(to: rxm_method(
                name: StaticCString.keep(row.name), signature: StaticCString.keep(row.signature), function: row.function,
                argument_names: row.argumentNames.isEmpty ? nil : StaticCString.keep(row.argumentNames),
                doc: StaticCString.keep(row.doc)))
        }
        return (UnsafePointer(table), rows.count)
    }
}
