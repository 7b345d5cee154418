import RxModalPluginABI

/// The C shapes of configuration methods (see `rxm_method` in the plugin header),
/// for annotating a method's closure so that it is a C function. Every Swift plugin
/// takes its shapes from here.
public enum PluginMethods {
    /// Where a method reports why it refused (may be NULL).
    public typealias Failure = UnsafeMutablePointer<rxm_error>?
    /// A string list argument (`S`): the strings, then their count.
    public typealias Strings = UnsafePointer<UnsafePointer<CChar>?>?
    public typealias StringMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias StringsMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias BoolMethod = @convention(c) (UnsafeMutableRawPointer?, Bool, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias IntMethod = @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<rxm_error>?) -> Int32
    public typealias ValueMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<rxm_value>?, UnsafeMutablePointer<rxm_error>?) -> Int32
    /// `sb`: a string and a flag.
    public typealias StringBoolMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Bool, Failure) -> Int32
    /// `ss`: two strings.
    public typealias StringStringMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Failure) -> Int32
    /// `yss`: bytes (pointer and length), then two strings.
    public typealias BytesStringStringMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int,
                                                               UnsafePointer<CChar>?, UnsafePointer<CChar>?, Failure) -> Int32
}

/// A plugin's descriptor, built once and never freed (the ABI wants static
/// storage): the fixed fields from the arguments, the functions from `configure`.
public enum PluginDescriptor {
    public static func make(kind: String, version: String = "1.0.0", summary: String, result: String,
                            methods rows: [PluginMethodRow],
                            configure: (inout rxm_plugin_descriptor) -> Void) -> UnsafePointer<rxm_plugin_descriptor> {
        let (methods, count) = PluginMethodRow.table(rows)
        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        descriptor.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        descriptor.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        descriptor.kind = StaticCString.keep(kind)
        descriptor.version = StaticCString.keep(version)
        descriptor.summary = StaticCString.keep(summary)
        descriptor.result_description = StaticCString.keep(result)
        descriptor.methods = methods
        descriptor.method_count = count
        configure(&descriptor)
        let stored = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        stored.initialize(to: descriptor)
        return UnsafePointer(stored)
    }
}
