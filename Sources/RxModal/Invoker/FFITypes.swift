@preconcurrency import CFFI

/// libffi's descriptions of the C types that configuration methods use.
///
/// libffi exports them as mutable globals (`ffi_type_pointer`, …), which Swift
/// imports as `var`s; libffi never writes to the built-in ones, so their addresses
/// are taken once here and shared read-only by every call interface.
enum FFITypes {
    /// `void *`, `const char *`, `const rxm_value *`, `rxm_error *`.
    nonisolated(unsafe) static let pointer = address(of: &ffi_type_pointer)
    /// `bool` (C's `_Bool` is one byte on every platform Swift runs on).
    nonisolated(unsafe) static let bool = address(of: &ffi_type_uint8)
    /// `int64_t`
    nonisolated(unsafe) static let int64 = address(of: &ffi_type_sint64)
    /// `double`
    nonisolated(unsafe) static let double = address(of: &ffi_type_double)
    /// `int`, the return type of every method.
    nonisolated(unsafe) static let int32 = address(of: &ffi_type_sint32)
    /// `size_t`
    nonisolated(unsafe) static let size = MemoryLayout<Int>.size == 8
        ? address(of: &ffi_type_uint64) : address(of: &ffi_type_uint32)

    /// The types one argument kind expands to, in order.
    static func types(of kind: MethodSignature.Kind) -> [UnsafeMutablePointer<ffi_type>] {
        switch kind {
        case .bool: return [bool]
        case .int: return [int64]
        case .double: return [double]
        case .string, .value: return [pointer]
        case .bytes, .strings: return [pointer, size]
        }
    }

    // The address of a C global is fixed for the life of the process, so it may
    // outlive the closure that produced it.
    private static func address(of type: UnsafeMutablePointer<ffi_type>) -> UnsafeMutablePointer<ffi_type> { type }
}
