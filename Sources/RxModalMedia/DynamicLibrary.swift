import Glibc

/// A shared library opened with `dlopen` at run time, so that the package builds
/// and runs where the library is absent (libmagic, TagLib's C API).
///
/// Thread safety: immutable; `symbol(_:as:)` may be called from any thread.
/// The library is never closed: function pointers taken from it stay valid for
/// the rest of the process.
public final class DynamicLibrary: @unchecked Sendable {
    /// The file name that was opened ("libmagic.so.1").
    public let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `names` that `dlopen` finds, or returns nil with the
    /// last `dlerror` text in `failure`.
    public static func open(firstOf names: [String], failure: inout String) -> DynamicLibrary? {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                return DynamicLibrary(name: name, handle: handle)
            }
            failure = dlerror().map { String(cString: $0) } ?? "\(name) not found"
        }
        return nil
    }

    private init(name: String, handle: UnsafeMutableRawPointer) {
        self.name = name
        self.handle = handle
    }

    /// The symbol `symbolName` cast to the C function type `type`, or nil.
    public func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
        guard let address = dlsym(handle, symbolName) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
