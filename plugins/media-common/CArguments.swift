import RxModalPluginABI
import SwiftPluginSupport
import Glibc

/// Reading the C arguments of configuration methods, and reporting errors.
/// Stateless; use from any thread.
public enum CArguments {
    public static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// An 'S' argument: an array of strings and its count.
    public static func strings(_ items: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [String] {
        guard let items else { return [] }
        return (0..<count).map { string(items[$0]) }
    }

    /// Fills `error` with `RXM_ERR_INVALID_ARGUMENT` and `message`.
    @discardableResult
    public static func invalid(_ error: UnsafeMutablePointer<rxm_error>?, _ message: String) -> Int32 {
        Int32(rxm_error_set_message(error, Int32(RXM_ERR_INVALID_ARGUMENT), message))
    }

    /// The configuration object behind a `void *config`.
    public static func config<T: AnyObject>(_ pointer: UnsafeRawPointer?, as type: T.Type) -> T? {
        pointer.map { Unmanaged<T>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A C copy of `text` that lives for the rest of the process (descriptor strings).
    public static func keep(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }
}
