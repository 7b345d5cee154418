/// Swift objects handed to C as opaque pointers: each C handle holds one strong
/// reference, released by the handle's free function. Stateless; any thread.
enum Handles {
    static func retain(_ object: AnyObject) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// The object behind a live handle, or an error naming `what` for NULL.
    static func object<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type, _ what: String) throws -> T {
        guard let pointer else { throw BridgeError.invalidArgument("\(what) is NULL") }
        return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    static func peek<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
        guard let pointer else { return nil }
        return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    static func release(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }

    /// Stores a new handle to `object` in `*out`.
    static func give(_ object: AnyObject, to out: UnsafeMutablePointer<OpaquePointer?>?) throws {
        guard let out else { throw BridgeError.invalidArgument("out is NULL") }
        out.pointee = retain(object)
    }
}
