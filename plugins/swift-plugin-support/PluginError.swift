import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// An error a Swift plugin reports through an `rxm_error`: a code and a message.
///
/// A plain value: usable from any thread.
public struct PluginError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String

    public init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func invalidArgument(_ message: String) -> PluginError { PluginError(Int32(RXM_ERR_INVALID_ARGUMENT), message) }

    /// Fills `error` with `RXM_ERR_INVALID_ARGUMENT` and `message`; returns the code.
    @discardableResult
    public static func invalid(into error: UnsafeMutablePointer<rxm_error>?, _ message: String) -> Int32 {
        invalidArgument(message).fill(error)
    }

    public var description: String { message }

    /// Fills `error` (if not NULL) and returns the code, as every ABI function does.
    /// The message is cut on a UTF-8 boundary to fit the buffer (the host refuses
    /// invalid UTF-8).
    @discardableResult
    public func fill(_ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        let limit = Int(RXM_ERROR_MESSAGE_SIZE) - 1
        var text = message
        while text.utf8.count > limit { text.removeLast() }
        return Int32(rxm_error_set_message(error, code, text))
    }
}

/// Reads the C arguments of configuration methods (the host checked them against
/// the signature: valid UTF-8, never NULL strings).
public enum PluginArguments {
    public static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// An 'S' argument: `const char *const *`, count.
    public static func strings(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [String] {
        guard let pointer else { return [] }
        return (0..<count).map { string(pointer[$0]) }
    }

    /// A 'y' argument: `const uint8_t *`, length.
    public static func bytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}

/// C strings that live as long as the process: a descriptor's names and docs.
public enum StaticCString {
    public static func keep(_ text: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(text)!)   // never freed: the descriptor is static
    }
}
