import RxModalPluginABI
import SwiftPluginSupport

/// The C shapes of the pickers' configuration methods (see `rxm_method`) and
/// the table entry for one. Stateless; use from any thread.
public enum PluginMethods {
    public typealias StringMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias StringsMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias BoolMethod = @convention(c) (UnsafeMutableRawPointer?, Bool, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias IntMethod = @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias ValueMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<rxm_value>?, UnsafeMutablePointer<rxm_error>?) -> Int32

    /// A method table entry whose strings live for the rest of the process.
    public static func method<T>(_ name: String, _ signature: String, _ function: T, _ arguments: String, _ doc: String) -> rxm_method {
        rxm_method(name: CArguments.keep(name), signature: CArguments.keep(signature),
                   function: unsafeBitCast(function, to: (@convention(c) () -> Void).self),
                   argument_names: CArguments.keep(arguments), doc: CArguments.keep(doc))
    }

    /// A descriptor with static lifetime from its parts.
    public static func descriptor(kind: String, summary: String, result: String, methods: [rxm_method],
                                  build: (inout rxm_plugin_descriptor) -> Void) -> UnsafePointer<rxm_plugin_descriptor> {
        let table = UnsafeMutablePointer<rxm_method>.allocate(capacity: max(methods.count, 1))
        table.initialize(from: methods, count: methods.count)
        var d = rxm_plugin_descriptor()
        d.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        d.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        d.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        d.kind = CArguments.keep(kind)
        d.version = CArguments.keep("1.0.0")
        d.summary = CArguments.keep(summary)
        d.result_description = CArguments.keep(result)
        d.methods = UnsafePointer(table)
        d.method_count = methods.count
        build(&d)
        let stored = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        stored.initialize(to: d)
        return UnsafePointer(stored)
    }
}
