@preconcurrency import CFFI

/// A C function pointer made at run time with libffi's closure API
/// (`ffi_closure_alloc` + `ffi_prep_closure_loc`): calling it runs `handler`
/// with the arguments decoded by libffi from `cif` and with `userData`.
///
/// Why libffi closures: `config_new(rxm_error *)` and the configuration methods
/// (`int f(void *config, <arguments…>, rxm_error *)`) receive no pointer that
/// could lead back to the Swift kind they belong to (for methods, the config
/// says which kind but not which method), and Swift cannot make a C function
/// pointer that captures a context. A libffi closure is a small trampoline,
/// generated per function, that passes a context (`userData`) of our choosing;
/// it is the technique the invoker's own library provides for exactly this, and
/// unlike a fixed pool of pre-compiled thunks it has no limit on kinds or methods.
///
/// Lifetime: never freed. The trampoline, its call interface, its argument type
/// table and `userData` (retained by the caller) live as long as the process,
/// because a registered kind is never unregistered and a registry may hand the
/// function pointer to anyone (the invoker, the C API) at any time.
///
/// Thread safety: immutable after it is made; the trampoline may be called from
/// any thread (the handler must be thread-safe itself).
struct FFIClosure {
    typealias Handler = @convention(c) (UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?,
                                        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?) -> Void

    /// The executable address to call.
    let code: UnsafeMutableRawPointer

    /// Makes a closure of C type `result (arguments…)`. Throws
    /// `ModalError.malformedValue` if libffi cannot allocate or prepare it.
    init(arguments: [UnsafeMutablePointer<ffi_type>?], result: UnsafeMutablePointer<ffi_type>,
         handler: Handler, userData: UnsafeMutableRawPointer, what: String) throws {
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(arguments.count, 1))
        types.initialize(from: arguments, count: arguments.count)
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        guard ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(arguments.count), result, types) == FFI_OK else {
            types.deallocate()
            cif.deallocate()
            throw ModalError.malformedValue("\(what): libffi could not prepare a call interface")
        }
        var code: UnsafeMutableRawPointer?
        guard let writable = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            types.deallocate()
            cif.deallocate()
            throw ModalError.malformedValue("\(what): libffi could not allocate a closure")
        }
        let closure = writable.assumingMemoryBound(to: ffi_closure.self)
        guard ffi_prep_closure_loc(closure, cif, handler, userData, code) == FFI_OK else {
            ffi_closure_free(writable)
            types.deallocate()
            cif.deallocate()
            throw ModalError.malformedValue("\(what): libffi could not prepare a closure")
        }
        self.code = code
    }
}
